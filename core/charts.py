"""Charts drawn on the server as SVG (pygal) and inlined in the page: no script, nothing
fetched from elsewhere, styles only inside the SVG (the CSP allows them). Each page that shows
one also gives its numbers as a table, for readers who cannot see the chart.

The apps build their own pygal chart with :func:`chart_options` and hand it to
:func:`chart_svg`, which renders it, strips pygal's tooltip script and comments, and names the
picture for assistive technology (``role="img"``, a ``<title>`` and an ``aria-label``).
"""

import re
from typing import Any

from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from pygal.graph.graph import Graph
from pygal.style import Style

SCRIPTS = re.compile(r"<script\b.*?</script>", re.DOTALL)
COMMENTS = re.compile(r"<!--.*?-->", re.DOTALL)
TITLE = re.compile(r"<title>.*?</title>", re.DOTALL)

# Colours readable on light and dark pages, the site's blue first.
COLOURS = (
    "#0172ad",
    "#d9480f",
    "#2b8a3e",
    "#862e9c",
    "#e67700",
    "#1098ad",
    "#c2255c",
    "#5c940d",
    "#495057",
    "#364fc7",
    "#a61e4d",
    "#087f5b",
)

STYLE = Style(
    background="transparent",
    plot_background="transparent",
    foreground="currentColor",
    foreground_strong="currentColor",
    foreground_subtle="rgba(127, 127, 127, 0.35)",
    colors=COLOURS,
    font_family="inherit",
    label_font_size=13,
    major_label_font_size=13,
    legend_font_size=13,
    title_font_size=16,
    stroke_width=2.5,
    stroke_width_hover=3.5,
    stroke_opacity=0.9,
    opacity=0.85,
    guide_stroke_color="rgba(127, 127, 127, 0.35)",
    major_guide_stroke_color="rgba(127, 127, 127, 0.5)",
)


def chart_options(**overrides: Any) -> dict[str, Any]:
    """The options every chart of the site shares (no script, sized by the page), with
    ``overrides`` on top."""
    return {
        "style": STYLE,
        "js": [],
        "width": 800,
        "height": 360,
        "explicit_size": False,
        "disable_xml_declaration": True,
        "truncate_label": -1,
        "truncate_legend": -1,
        "no_data_text": "",
        **overrides,
    }


def integer_labels(values: list[int | None], *, most: int = 10) -> list[int]:
    """Whole-number ticks covering ``values`` (and zero), at most about ``most`` of them, a
    round step apart (1, 2, 5, 10, 20…): counts and points have no fractions to show."""
    known = [value for value in values if value is not None] + [0]
    low, high = min(known), max(known)
    raw = max(1, -(-(high - low) // most))
    step = next(
        nice
        for power in range(12)
        for nice in (10**power, 2 * 10**power, 5 * 10**power)
        if nice >= raw
    )
    start = low - low % step
    return list(range(start, high + step, step))


def legend_below(names: list[str], *, width: int = 800) -> dict[str, Any]:
    """Options for a legend under the chart with as many columns as ``names`` fit side by
    side (13 px labels, about 8 px a character, plus the colour box), and ``rows``: how many
    lines it takes (for the chart's height). pygal leaves room for ``count // columns`` lines,
    one short when the last line is not full: the bottom margin makes it up."""
    longest = max((len(name) for name in names), default=1)
    columns = max(1, min(len(names), 4, (width - 40) // (longest * 8 + 40)))
    short = 1 if len(names) % columns else 0
    return {
        "legend_at_bottom": True,
        "legend_at_bottom_columns": columns,
        "margin_bottom": 20 + 20 * short,
        "rows": -(-len(names) // columns),
    }


def chart_svg(chart: Graph, *, title: str) -> SafeString:
    """``chart`` as an inline ``<svg role="img">`` named ``title``."""
    svg = chart.render(is_unicode=True)
    svg = COMMENTS.sub("", SCRIPTS.sub("", svg))
    name = escape(title)
    svg = TITLE.sub("", svg)
    svg = svg.replace("<svg ", f'<svg role="img" aria-label="{name}" ', 1)
    # The title is the root's first child, where assistive technology looks for it.
    svg = re.sub(r"<svg [^>]*>", lambda root: f"{root[0]}<title>{name}</title>", svg, count=1)
    return mark_safe(svg)  # drawn by pygal from numbers and our own words, escaped as XML
