"""``core.id_urls.id_url``: the address ``reverse`` gives, whatever the id and the prefix."""

import pytest
from django.urls import reverse, set_script_prefix

from core.id_urls import id_url


@pytest.mark.parametrize("name", ["league:team", "league:detail", "matches:fixture"])
@pytest.mark.parametrize("pk", [1, 7, 40, 918273645, 2**40])
def test_id_url_is_reverse(name, pk):
    assert id_url(name, pk) == reverse(name, args=[pk])


def test_id_url_follows_the_script_prefix():
    # given a site mounted under /league-manager/ (after a read at the root)
    root = id_url("league:team", 3)
    set_script_prefix("/league-manager/")
    try:
        # when a team's address is asked again
        mounted = id_url("league:team", 3)
        # then it carries the prefix, as reverse's does
        assert mounted == reverse("league:team", args=[3]) == "/league-manager" + root
    finally:
        set_script_prefix("/")
