"""Which template an htmx request gets: a ``{% partialdef %}`` fragment of the page, or the
whole page (plain requests, and htmx's history restores, which replace the whole body)."""

from django.http import HttpRequest


def page_or_fragment(
    request: HttpRequest, template: str, fragment: str, *, target: str | None = None
) -> str:
    """``"page.html#fragment"`` for an htmx request (aimed at ``target`` when given), else
    ``"page.html"``."""
    htmx = getattr(request, "htmx", None)
    if not htmx or htmx.history_restore_request:
        return template
    if target is not None and htmx.target != target:
        return template
    return f"{template}#{fragment}"
