"""Every page and API answer carries the site's Content-Security-Policy (no inline script, no
other origin, no framing), a Permissions-Policy and a Cross-Origin-Opener-Policy."""

import pytest
from django.test import Client

from tests.layout.routes import page_routes

PAGES = ["/leagues/", "/campaigns/", "/accounts/login/", "/api/docs/", "/api/v1/leagues/"]


def _directives(header: str) -> dict[str, list[str]]:
    parts = (part.strip().split() for part in header.split(";") if part.strip())
    return {name: values for name, *values in parts}


@pytest.mark.django_db
@pytest.mark.parametrize("path", PAGES)
def test_pages_and_api_answers_carry_the_policy(path):
    answer = Client().get(path)

    assert answer.status_code == 200, path
    policy = _directives(answer["Content-Security-Policy"])
    assert policy["script-src"] == ["'self'"]  # no 'unsafe-inline', no other origin
    assert policy["default-src"] == ["'self'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert policy["object-src"] == ["'none'"]
    assert "camera=()" in answer["Permissions-Policy"]
    assert answer["Cross-Origin-Opener-Policy"] == "same-origin"


@pytest.mark.django_db
def test_every_page_route_without_parameters_carries_the_policy(commissioner):
    client = Client()
    client.force_login(commissioner)
    plain = ["/" + route for _name, route in page_routes() if "<" not in route]
    assert len(plain) > 5
    for path in plain:
        answer = client.get(path)
        assert "Content-Security-Policy" in answer, path


@pytest.mark.django_db
def test_no_template_holds_an_inline_script_or_handler():
    from pathlib import Path

    root = Path(__file__).resolve().parents[2] / "templates"
    offenders = []
    for template in root.rglob("*.html"):
        text = template.read_text()
        for marker in ("onclick=", "onchange=", "onsubmit=", "onload=", "hx-on", "javascript:"):
            if marker in text:
                offenders.append(f"{template.relative_to(root)}: {marker}")
        for line in text.splitlines():
            if "<script" in line and "src=" not in line:
                offenders.append(f"{template.relative_to(root)}: inline <script>")
    assert offenders == []
