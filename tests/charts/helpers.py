"""A hand-built season for the chart tests, and how to read the SVG back."""

import re
from xml.etree import ElementTree

from tests.matches.test_standings import _played as played  # noqa: F401  (re-exported)

SVG = "{http://www.w3.org/2000/svg}"
URL = re.compile(r"(?:https?:)?//[^\s\"'<>)]+")


def parse_svg(svg: str) -> ElementTree.Element:
    """The chart parsed as XML, checked to be a named picture that fetches nothing."""
    root = ElementTree.fromstring(svg)
    assert root.tag == f"{SVG}svg"
    assert root.get("role") == "img"
    assert root.get("aria-label")
    assert root[0].tag == f"{SVG}title" and root[0].text == root.get("aria-label")
    assert "<script" not in svg
    assert URL.findall(svg.replace('xmlns="http://www.w3.org/2000/svg"', "")) == []
    return root


def svg_of(html: str) -> str:
    match = re.search(r"<svg\b.*?</svg>", html, re.DOTALL)
    assert match, "no chart on the page"
    return match.group(0)


def series_values(root: ElementTree.Element) -> list[list[str]]:
    """Each series' values as pygal wrote them (``<desc class="value">``), in drawing order."""
    found: dict[int, list[str]] = {}
    for group in root.iter(f"{SVG}g"):
        classes = (group.get("class") or "").split()
        if "series" not in classes:
            continue
        number = int(next(c for c in classes if c.startswith("serie-")).split("-")[1])
        values = [
            desc.text or "" for desc in group.iter(f"{SVG}desc") if desc.get("class") == "value"
        ]
        if values and number not in found:
            found[number] = values
    return [found[number] for number in sorted(found)]
