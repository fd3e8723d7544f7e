"""Every API operation and every named page route the project serves, as plain lists.

``routes_before_layout.json`` holds what these returned before the apps were reorganised
(one app per rule system); ``test_routes_unchanged`` holds today's routes against it.
"""

from django.urls import URLPattern, URLResolver, get_resolver
from drf_spectacular.generators import SchemaGenerator

HTTP_METHODS = ("get", "post", "put", "patch", "delete")


def api_operations() -> list[list[str]]:
    """``[method, path, operationId]`` of every operation in the OpenAPI document."""
    schema = SchemaGenerator().get_schema(request=None, public=True)
    return sorted(
        [method.upper(), path, operation["operationId"]]
        for path, item in schema["paths"].items()
        for method, operation in item.items()
        if method in HTTP_METHODS
    )


def _walk(patterns, prefix: str, namespace: str):
    for pattern in patterns:
        if isinstance(pattern, URLResolver):
            inner = f"{namespace}{pattern.namespace}:" if pattern.namespace else namespace
            yield from _walk(pattern.url_patterns, prefix + str(pattern.pattern), inner)
        elif isinstance(pattern, URLPattern) and pattern.name:
            yield [f"{namespace}{pattern.name}", prefix + str(pattern.pattern)]


def page_routes() -> list[list[str]]:
    """``[namespace:name, route]`` of every named page (the admin's and the API's left out)."""
    return sorted(
        route
        for route in _walk(get_resolver().url_patterns, "", "")
        if not route[0].startswith(("admin:", "api:"))
    )
