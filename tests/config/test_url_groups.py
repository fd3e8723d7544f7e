"""The API's patterns nested by their first segment (core.url_groups) resolve every path to the
same view, with the same arguments, as the flat list they come from, and reverse every name to
the same address."""

import pytest
from django.urls import Resolver404, URLResolver, include, path, re_path
from django.urls.resolvers import RegexPattern

from config.api import urls as api_urls
from core.url_groups import by_first_segment


def view_one(request):
    pass


def view_two(request):
    pass


def view_three(request):
    pass


def root(patterns):
    """A URLconf holding ``patterns`` under ``api/``, as the site holds the API's."""
    return URLResolver(RegexPattern(r"^/"), [path("api/", include(patterns))])


def resolved(patterns, address):
    try:
        match = root(patterns).resolve("/api" + address)
    except Resolver404:
        return None
    return match.func, match.args, match.kwargs, match.url_name, match.route


def test_patterns_of_one_segment_are_nested_in_their_order():
    flat = [
        path("bets/", view_one, name="list"),
        path("leagues/", view_two, name="leagues"),
        path("bets/<int:pk>/", view_two, name="detail"),
        path("bets/<str:key>/", view_three, name="by-key"),
    ]
    grouped = by_first_segment(flat)

    assert [str(entry.pattern) for entry in grouped] == ["bets/", "leagues/"]
    assert resolved(grouped, "/bets/7/") == (
        view_two,
        (),
        {"pk": 7},
        "detail",
        "api/bets/<int:pk>/",
    )
    assert resolved(grouped, "/bets/seven/")[0] is view_three
    assert resolved(grouped, "/bets/")[0] is view_one
    assert resolved(grouped, "/leagues/")[0] is view_two
    assert (
        root(grouped).reverse("detail", pk=7) == root(flat).reverse("detail", pk=7) == "api/bets/7/"
    )


def test_a_pattern_that_could_match_the_same_path_keeps_its_place():
    # "/bets/two/" is the second pattern's in the flat list: the third may not pass it
    flat = [
        path("bets/one/", view_one),
        path("<str:anything>/two/", view_two),
        path("bets/two/", view_three),
    ]

    assert resolved(flat, "/bets/two/")[0] is view_two
    assert resolved(by_first_segment(flat), "/bets/two/")[0] is view_two


def test_a_pattern_of_one_exact_path_or_another_prefix_does_not_end_a_group():
    flat = [
        re_path(r"^bets/$", view_one),
        re_path(r"^$", view_two),
        re_path(r"^bets\.(?P<format>[a-z0-9]+)/?$", view_two),
        re_path(r"^bets/(?P<pk>[^/.]+)/$", view_three),
    ]
    grouped = by_first_segment(flat)

    assert len(grouped) == 3  # bets/ (two patterns), the root, the format suffix
    assert resolved(grouped, "/bets/7/") == resolved(flat, "/bets/7/")
    assert resolved(grouped, "/bets/7/")[:3] == (view_three, (), {"pk": "7"})
    assert resolved(grouped, "/bets.json") == resolved(flat, "/bets.json")
    assert resolved(grouped, "/")[0] is view_two


def test_escaped_characters_count_as_the_literal_they_stand_for():
    flat = [
        re_path(r"^a\-b/one/$", view_one),
        re_path(r"^a\-b/(?P<pk>[0-9]+)/$", view_two),
        re_path(r"^a.b/$", view_three),  # "." is any character: not a literal segment
    ]
    grouped = by_first_segment(flat)

    assert str(grouped[0].pattern) == "a-b/"
    assert resolved(grouped, "/a-b/3/")[:3] == (view_two, (), {"pk": "3"})
    assert resolved(grouped, "/axb/")[0] is view_three


def _sample(parameters):
    """Every argument 7, a format json."""
    return {name: "json" if name == "format" else "7" for name in parameters}


def _sample_addresses(pattern):
    """The addresses a pattern reverses to with sample arguments."""
    single = URLResolver(RegexPattern(r"^/"), [pattern])
    for possibilities, _pattern, _defaults, converters in single.reverse_dict.getlist(
        pattern.callback
    ):
        for template, parameters in possibilities:
            values = {
                name: converters[name].to_url(value) if name in converters else value
                for name, value in _sample(parameters).items()
            }
            yield "/" + template % values


def test_every_api_address_resolves_as_in_the_flat_list():
    flat = api_urls.patterns
    grouped = api_urls.urlpatterns
    addresses = [address for pattern in flat for address in _sample_addresses(pattern)]

    assert len(grouped) < len(flat) / 3  # the point of it
    assert len(addresses) >= len(flat)
    for address in addresses:
        before, after = resolved(flat, address), resolved(grouped, address)
        assert before is not None, address
        assert after == before, address


@pytest.mark.parametrize("name", sorted({p.name for p in api_urls.patterns if p.name}))
def test_every_api_name_reverses_to_the_same_address(name):
    flat, grouped = root(api_urls.patterns), root(api_urls.urlpatterns)
    for possibilities, _pattern, _defaults, _converters in flat.reverse_dict.getlist(name):
        for _template, parameters in possibilities:
            values = _sample(parameters)
            assert grouped.reverse(name, **values) == flat.reverse(name, **values)
