from urllib.parse import urlsplit, urlunsplit

from rest_framework.pagination import PageNumberPagination

from core.links import site_url


def _on_site(link: str | None) -> str | None:
    """DRF builds the link from the request's Host header; keep its path and query only."""
    if link is None:
        return None
    parts = urlsplit(link)
    return site_url(urlunsplit(("", "", parts.path, parts.query, "")))


class CappedPageNumberPagination(PageNumberPagination):
    """Page-number pagination; clients may ask for up to 200 items a page. The OpenAPI
    document gives both parameters' bounds. The ``next`` and ``previous`` links start with
    ``SITE_URL``, never the request's host."""

    def get_next_link(self) -> str | None:
        return _on_site(super().get_next_link())

    def get_previous_link(self) -> str | None:
        return _on_site(super().get_previous_link())

    page_size = 50
    page_size_query_param = "page_size"
    max_page_size = 200

    def get_schema_operation_parameters(self, view):
        parameters = super().get_schema_operation_parameters(view)
        bounds = {
            self.page_query_param: {"minimum": 1},
            self.page_size_query_param: {"minimum": 1, "maximum": self.max_page_size},
        }
        for parameter in parameters:
            parameter["schema"] = {**parameter["schema"], **bounds.get(parameter["name"], {})}
        return parameters
