"""Groups then knock-out in the pages and the API: created with its groups and qualifiers,
the group tables then the knock-out on the tournament page in English and French, the group
standings and the knock-out's bracket in the API."""

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.factories import ResultFactory, TeamFactory
from tests.pages.conftest import form_data, soup
from tournaments import selectors, services
from tournaments.models import Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def eight_teams(league):
    return [TeamFactory(league=league, name=f"Team {n}", coach=None) for n in range(1, 9)]


@pytest.fixture
def cup(season, eight_teams):
    return services.tournament_create(
        season=season,
        name="Cup",
        teams=eight_teams,
        format=Tournament.Format.GROUPS,
        group_count=2,
        qualifiers=2,
    )


def play_next(tournament):
    """Pair and publish the next round; the home side wins 1-0."""
    round_ = services.round_pair(tournament=tournament)
    services.round_publish(round_=round_)
    for pairing in round_.pairings.select_related("fixture"):
        ResultFactory(fixture=pairing.fixture, home_score=1, away_score=0)
    return round_


def test_the_form_creates_groups_then_knockout(commissioner, league, season, eight_teams):
    client = Client()
    client.force_login(commissioner)
    url = reverse("league:tournament-create", args=[league.pk])
    form = soup(client.get(url)).find("main").find("form")
    formats = [o["value"] for o in form.find("select", attrs={"name": "format"}).find_all("option")]
    assert "groups" in formats
    data = form_data(
        form, name="Cup", season=str(season.pk), format="groups", group_count="2", qualifiers="1"
    )
    data["teams"] = [str(team.pk) for team in eight_teams]

    response = client.post(url, data)

    tournament = Tournament.objects.get(name="Cup")
    assert response.status_code == 302
    assert (tournament.format, tournament.group_count, tournament.qualifiers) == ("groups", 2, 1)
    assert sorted(tournament.entries.values_list("group", flat=True)) == [1] * 4 + [2] * 4


def test_too_small_groups_are_shown_on_their_field(commissioner, league, season, eight_teams):
    client = Client()
    client.force_login(commissioner)
    data = {
        "name": "Cup",
        "season": str(season.pk),
        "teams": [str(team.pk) for team in eight_teams[:5]],
        "format": "groups",
        "group_count": "3",
        "qualifiers": "1",
        "shape": "fold",
        "tiebreakers": "points",
    }

    page = soup(client.post(reverse("league:tournament-create", args=[league.pk]), data))

    assert page.find(id="field-group_count").find(class_="field-error") is not None
    assert not Tournament.objects.exists()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_groups_then_the_knockout_in_each_language(language, league, cup):
    url = reverse("league:tournament", args=[league.pk, cup.pk])
    for _ in range(3):
        play_next(cup)
    with translation.override(language):
        groups_title = translation.gettext("Groups")
        group_one = translation.gettext("Group %(group)s") % {"group": 1}
        knockout = translation.gettext("Knock-out")
    assert (knockout == "Knock-out") == (language == "en")

    page = soup(Client().get(url, HTTP_ACCEPT_LANGUAGE=language))
    assert page.html["lang"] == language
    assert page.find(id="groups-title").get_text(strip=True) == groups_title
    table = page.find(id="group-1")
    assert table.find("caption").get_text(strip=True) == group_one
    assert len(table.find("tbody").find_all("tr", class_="qualified")) == 2
    assert page.find(id="bracket-winners-title").get_text(strip=True) == knockout
    assert page.find(id="bracket-losers") is None and page.find(id="standings") is None
    with translation.override(language):
        through = translation.ngettext(
            "The first team of each group goes through to the knock-out.",
            "The first %(counter)s teams of each group go through to the knock-out.",
            2,
        ) % {"counter": 2}
    assert through in page.find(id="groups").get_text(" ", strip=True)

    play_next(cup)
    play_next(cup)
    page = soup(Client().get(url, HTTP_ACCEPT_LANGUAGE=language))
    champion = selectors.bracket_view(tournament=cup).champion
    assert champion is not None and champion.name in page.find(id="champion").get_text()


def test_the_api_creates_and_reads_groups_then_knockout(
    api_as, api_client, commissioner, season, eight_teams
):
    body = {
        "season": season.pk,
        "name": "Cup",
        "teams": [team.pk for team in eight_teams],
        "format": "groups",
        "group_count": 2,
        "qualifiers": 2,
    }
    created = api_as(commissioner).post("/api/v1/tournaments/", body, format="json")
    assert created.status_code == 201, created.json()
    data = created.json()
    assert (data["format"], data["group_count"], data["qualifiers"]) == ("groups", 2, 2)
    assert [e["group"] for e in data["entries"]] == [1, 2, 2, 1, 1, 2, 2, 1]
    cup = Tournament.objects.get(pk=data["id"])

    early = api_client.get(f"/api/v1/tournaments/{cup.pk}/bracket/")
    assert early.status_code == 400 and early.json()["error"]["code"] == "not_a_bracket"
    for _ in range(3):
        play_next(cup)
    standings = api_client.get(f"/api/v1/tournaments/{cup.pk}/standings/").json()
    assert [row["group"] for row in standings] == [1] * 4 + [2] * 4
    assert next(row["place"] for row in standings if row["group"] == 1) == 1
    bracket = api_client.get(f"/api/v1/tournaments/{cup.pk}/bracket/").json()
    assert sorted(m["id"] for m in bracket["matches"]) == ["W1.1", "W1.2", "W2.1"]
    assert all(m["home"] and m["away"] for m in bracket["matches"] if m["id"] != "W2.1")


def test_the_pairing_screen_runs_the_groups_then_the_knockout(commissioner, league, cup):
    client = Client()
    client.force_login(commissioner)
    screen_url = reverse("league:tournament-pairing", args=[league.pk, cup.pk])
    for _ in range(3):
        play_next(cup)
    screen = soup(client.get(screen_url))
    assert screen.find(id="groups") is not None and screen.find(id="enter-form") is None
    pair_form = screen.find(
        "form", action=reverse("league:tournament-pair", args=[league.pk, cup.pk])
    )
    client.post(pair_form["action"], form_data(pair_form))

    screen = soup(client.get(screen_url))
    assert screen.find(id="swap-form") is None
    draft = screen.find(id="draft").get_text()
    assert "W1.1" in draft and "W1.2" in draft
