"""Who may do what in a campaign (``battles.roles``), for each persona."""

import io

import pytest
from django.contrib.auth.models import AnonymousUser
from django.core.management import call_command

from battles import roles
from battles.models import Campaign
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db

PERSONAS = ["game_master", "player", "other_player", "stranger", "anonymous"]


def persona(request, name):
    return AnonymousUser() if name == "anonymous" else request.getfixturevalue(name)


@pytest.mark.parametrize(
    ("name", "master", "edits_alliance", "edits_hunt", "creates_own_army"),
    [
        ("game_master", True, True, True, True),
        ("player", False, True, False, True),
        ("other_player", False, False, False, True),
        ("stranger", False, False, False, False),
        ("anonymous", False, False, False, False),
    ],
)
def test_roles_of_each_persona(
    request,
    battle,
    alliance,
    hunt,
    campaign,
    name,
    master,
    edits_alliance,
    edits_hunt,
    creates_own_army,
):
    user = persona(request, name)

    assert roles.is_game_master(user, campaign) is master
    assert roles.can_run_battle(user, battle) is master
    assert roles.can_manage_campaign(user, campaign) is master
    assert roles.can_edit_army(user, alliance) is edits_alliance
    assert roles.can_edit_army(user, hunt) is edits_hunt  # an NPC army: the game master's
    owner = user if user.is_authenticated else None
    assert roles.can_create_army(user, campaign, owner) is creates_own_army


def test_a_superuser_is_game_master_everywhere(campaign, battle):
    admin = UserFactory(username="admin", is_superuser=True)

    assert roles.is_game_master(admin, campaign) and roles.can_run_battle(admin, battle)


def test_demo_data_builds_the_battles_demo_too(db, monkeypatch):
    # the leagues apart
    monkeypatch.setattr("league.plugins.demo.implementations", lambda: [])
    call_command("demo_data", force=True, stdout=io.StringIO())

    assert Campaign.objects.filter(name="La Chasse Sauvage").exists()
