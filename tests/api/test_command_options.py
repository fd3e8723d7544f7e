"""DRF answers OPTIONS on every API view with what each method takes; on a PUT it first asks
the view for its object. The views ``core.api.base.CommandRoutes`` makes answer it too: the
command's object found as its ``find`` says (404 for an unknown id leaves the method out),
never a server error."""

import pytest
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db


def command_routes(patterns=None, prefix=""):
    """``(route, url kwargs)`` of every view CommandRoutes made."""
    for entry in get_resolver().url_patterns if patterns is None else patterns:
        route = prefix + str(entry.pattern)
        if isinstance(entry, URLResolver):
            yield from command_routes(entry.url_patterns, route)
        elif isinstance(entry, URLPattern):
            view = getattr(entry.callback, "view_class", None)
            if view is not None and view.__name__ == "CommandView":
                yield route, list(entry.pattern.converters)


def address(route, kwargs, value):
    for name in kwargs:
        route = route.replace(f"<int:{name}>", str(value))
    return "/" + route


def test_options_on_every_command_answers_without_a_server_error(coach):
    routes = list(command_routes())
    assert len(routes) >= 20  # the Mythril, Killpower and Tutatis commands
    client = APIClient()
    client.force_authenticate(coach)
    for route, kwargs in routes:
        response = client.options(address(route, kwargs, 0))
        assert response.status_code == 200, route
