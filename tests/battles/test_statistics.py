"""A campaign's casualties: each army's dead and wounded summed over the battles whose
casualties the game master confirmed, what it inflicted (its enemies' losses in those
battles) and the heaviest losses in one battle; on the campaign page in both languages and
over the API."""

import pytest
from django.urls import reverse

from battles import services
from battles.selectors.statistics import campaign_statistics
from tests.battles.factories import siege

pytestmark = pytest.mark.django_db


def fought(battle, game_master, seed, *, confirm=True):
    run = services.run_start(battle=battle, user=game_master, seed=seed)
    run = services.run_resolve(run_id=run.pk)
    if confirm:
        services.casualties_confirm(run_id=run.pk, user=game_master)
    return run.report["casualties"]


def test_two_confirmed_battles_are_summed_and_an_unconfirmed_one_is_not(
    campaign, game_master, battle, hunt, alliance
):
    first = fought(battle, game_master, seed=11)
    second_battle = siege(campaign, user=game_master, attacker=alliance, defender=hunt)
    second = fought(second_battle, game_master, seed=12)
    third_battle = siege(campaign, user=game_master, attacker=hunt, defender=alliance)
    fought(third_battle, game_master, seed=13, confirm=False)

    lines = {line.army.pk: line for line in campaign_statistics(campaign_id=campaign.pk).armies}

    hunt_line, alliance_line = lines[hunt.pk], lines[alliance.pk]
    assert (hunt_line.battles, alliance_line.battles) == (2, 2)
    assert hunt_line.dead == first["attacker"]["dead"] + second["defender"]["dead"]
    assert hunt_line.wounded == first["attacker"]["wounded"] + second["defender"]["wounded"]
    assert alliance_line.dead == first["defender"]["dead"] + second["attacker"]["dead"]
    assert hunt_line.inflicted == alliance_line.suffered
    assert alliance_line.inflicted == hunt_line.suffered
    assert hunt_line.suffered == first["attacker"]["casualties"] + second["defender"]["casualties"]


def test_the_heaviest_losses_name_the_army_and_the_battle(campaign, game_master, battle, hunt):
    losses = fought(battle, game_master, seed=11)
    side = max(("attacker", "defender"), key=lambda s: losses[s]["casualties"])

    heaviest = campaign_statistics(campaign_id=campaign.pk).heaviest

    assert heaviest.army == getattr(battle, side)
    assert heaviest.battle_id == battle.pk and heaviest.battle_name == battle.name
    assert (heaviest.dead, heaviest.wounded) == (losses[side]["dead"], losses[side]["wounded"])


def test_a_campaign_without_battles_lists_its_armies_at_nought(campaign, hunt, alliance):
    statistics = campaign_statistics(campaign_id=campaign.pk)
    assert statistics.heaviest is None
    assert [(line.army.name, line.battles, line.suffered) for line in statistics.armies] == [
        (alliance.name, 0, 0),
        (hunt.name, 0, 0),
    ]


@pytest.mark.parametrize(
    ("language", "title", "words"),
    [("en", "Casualties", "Heaviest losses in a battle"), ("fr", "Pertes", "Plus lourdes pertes")],
)
def test_the_campaign_page_shows_them_in_each_language(
    client, campaign, game_master, battle, language, title, words
):
    fought(battle, game_master, seed=11)
    client.cookies["django_language"] = language

    page = client.get(reverse("battles:campaign", args=[campaign.pk])).content.decode()

    assert f'<h2 id="casualties-title">{title}</h2>' in page
    assert words in page
    assert reverse("battles:battle", args=[battle.pk]) in page


def test_the_api_answers_the_same_figures(api_as, campaign, game_master, battle, hunt):
    losses = fought(battle, game_master, seed=11)

    response = api_as(None).get(f"/api/v1/campaigns/{campaign.pk}/statistics/")

    assert response.status_code == 200
    body = response.json()
    row = next(row for row in body["armies"] if row["army"] == hunt.pk)
    assert row["name"] == hunt.name and row["battles"] == 1
    assert (row["dead"], row["wounded"]) == (
        losses["attacker"]["dead"],
        losses["attacker"]["wounded"],
    )
    assert row["inflicted"] == losses["defender"]["casualties"]
    assert body["heaviest"]["battle"] == battle.pk
    assert api_as(None).get("/api/v1/campaigns/999999/statistics/").status_code == 404
