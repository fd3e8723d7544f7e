"""The page that renames a team's player, shared by the games (``league.views.renaming``):
the game's service renames, its refusal shows on the form, else back to the team's page."""

from types import SimpleNamespace

import pytest
from django.contrib.messages import get_messages
from django.contrib.messages.storage.fallback import FallbackStorage
from django.contrib.sessions.backends.cache import SessionStore

from core.refusals import Refused
from league.views.renaming import player_rename_page

pytestmark = pytest.mark.django_db


def _request(rf, user, data=None):
    request = rf.post("/rename/", data) if data is not None else rf.get("/rename/")
    request.user = user
    request.session = SessionStore()
    request._messages = FallbackStorage(request)
    request.htmx = False
    return request


def test_the_form_shows_the_current_name(rf, coach, team):
    page = player_rename_page(_request(rf, coach), team=team, name="Grom", rename=print)

    assert page.status_code == 200
    assert 'value="Grom"' in page.content.decode()


def test_renamed_goes_back_to_the_team_with_old_and_new_names(rf, coach, team):
    asked = []

    def rename(name):
        asked.append(name)
        return SimpleNamespace(name=name)

    request = _request(rf, coach, {"name": "Grim"})
    page = player_rename_page(request, team=team, name="Grom", rename=rename)

    assert (page.status_code, page.url) == (302, team.get_absolute_url())
    assert asked == ["Grim"]
    assert [str(m) for m in get_messages(request)] == ["Grom is now Grim."]


def test_a_refusal_shows_on_the_form_and_nothing_moves(rf, coach, team):
    def rename(name):
        raise Refused("name_taken", "Another player is called %(name)s.", field="name", name=name)

    request = _request(rf, coach, {"name": "Grim"})
    page = player_rename_page(request, team=team, name="Grom", rename=rename)

    assert page.status_code == 200
    assert "Another player is called Grim." in page.content.decode()
    assert list(get_messages(request)) == []
