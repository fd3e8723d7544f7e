"""A fixture's page, as its game draws it (the match report, or the result entry)."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

from matches import plugins, selectors


def fixture_detail(request: HttpRequest, pk: int) -> HttpResponse:
    fixture = get_object_or_404(selectors.fixture_list(), pk=pk)
    return plugins.pages.of(fixture.season.league.rule_system).fixture_page(
        request, fixture=fixture
    )
