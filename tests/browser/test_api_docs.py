"""The API documentation page renders in a real browser under the site's CSP (Swagger UI's
start-up script is served as a file, not inline)."""

import pytest


@pytest.mark.django_db(transaction=True)
def test_the_api_docs_render_without_a_csp_violation(page):
    page.goto("/api/docs/")

    page.locator(".swagger-ui .opblock").first.wait_for()

    assert "Tabletop League API" in page.locator(".swagger-ui .info .title").inner_text()
    assert page.locator(".swagger-ui .opblock").count() > 0
    assert page.js_errors == []
