"""The Mythril API: anyone reads; a coach writes his own team; the commissioner decides
results and imports roster data. Refusals come in the project's error shape with the rule."""

import pytest
from django.test.testcases import TestCase
from rest_framework.test import APIClient

from league.services import league_create
from systems.mythril.models import Player, ResultReport, TeamBet
from tests.systems.mythril.conftest import humans
from tests.systems.mythril.helpers import ids, kick_off, side
from tests.systems.mythril.test_roster_data import BILLION_LAUGHS

API = "/api/v1/mythril"


@pytest.fixture
def api():
    return APIClient()


def as_user(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def test_anyone_reads(api, league, home_team, season):
    assert api.get(f"{API}/leagues/{league.pk}/roster-data/").json()["team_lists"]
    sheet = api.get(f"{API}/teams/{home_team.pk}/").json()
    assert sheet["gold"] == 440_000 and len(sheet["players"]) == 11
    assert api.get(f"{API}/seasons/{season.pk}/standings/").status_code == 200
    assert api.get(f"/api/v1/teams/{home_team.pk}/sheet/").json()["sheet"]["race"] == "Human"


def test_anonymous_writes_are_refused(api, league, home_team):
    assert api.post(
        f"{API}/teams/{home_team.pk}/hire/", {"position": "Lineman"}, format="json"
    ).status_code in (401, 403)


def test_the_draft_check_and_a_refused_creation_name_the_rule(league, coach):
    client = as_user(coach)
    verdict = client.post(
        f"{API}/leagues/{league.pk}/teams/check/",
        {"team_list": "Human", "players": humans(10), "popularity": 1},
        format="json",
    ).json()
    assert verdict["errors"] == [
        {"rule": "too_few_players", "message": "At least 11 players: the team has 10"}
    ]
    refused = client.post(
        f"{API}/leagues/{league.pk}/teams/",
        {"name": "Bulls", "team_list": "Human", "players": humans(10), "popularity": 1},
        format="json",
    )
    assert refused.status_code == 400
    assert refused.json()["error"]["code"] == "too_few_players"
    created = client.post(
        f"{API}/leagues/{league.pk}/teams/",
        {"name": "Bulls", "team_list": "Human", "players": humans(11), "popularity": 1},
        format="json",
    )
    assert created.status_code == 201 and created.json()["gold"] == 440_000


def test_a_coach_writes_only_his_own_team(home_team, coach, other_coach):
    refused = as_user(other_coach).post(
        f"{API}/teams/{home_team.pk}/hire/", {"position": "Lineman"}, format="json"
    )
    assert refused.status_code == 403
    hired = as_user(coach).post(
        f"{API}/teams/{home_team.pk}/hire/", {"position": "Catcher", "name": "Kurt"}, format="json"
    )
    assert hired.status_code == 201 and hired.json()["name"] == "Kurt"
    player = Player.objects.get(name="Kurt")
    assert as_user(other_coach).post(f"{API}/players/{player.pk}/fire/").status_code == 403
    assert as_user(coach).post(f"{API}/players/{player.pk}/fire/").status_code == 200


def test_only_the_commissioner_imports(league, coach, commissioner):
    text = "team_lists:\n  - race: Elf\n    positions: []\n"
    refused = as_user(coach).post(
        f"{API}/leagues/{league.pk}/roster-data/", {"text": text}, format="json"
    )
    assert refused.status_code == 403
    bad = (
        as_user(commissioner)
        .post(f"{API}/leagues/{league.pk}/roster-data/", {"text": text}, format="json")
        .json()["error"]
    )
    assert bad["fields"] == {"team_lists.0.positions": [bad["message"]]}
    assert bad["line"] == 3


def test_results_over_the_api(fixture, coach, other_coach, commissioner):
    kick_off(fixture)
    home = ids(fixture, "home")
    result = {"score": {"home": 1, "away": 0}, "home": side(home, p0={"touchdowns": 1})}
    entered = as_user(coach).post(
        f"{API}/fixtures/{fixture.pk}/result-reports/", {"result": result}, format="json"
    )
    assert entered.status_code == 201
    report = entered.json()["id"]
    assert as_user(coach).post(f"{API}/result-reports/{report}/confirm/").status_code == 403
    assert as_user(other_coach).post(f"{API}/result-reports/{report}/decide/").status_code == 403
    as_user(other_coach).post(
        f"{API}/result-reports/{report}/dispute/", {"reason": "no"}, format="json"
    )
    with TestCase.captureOnCommitCallbacks(execute=True):
        decided = as_user(commissioner).post(f"{API}/result-reports/{report}/decide/")
    assert decided.json()["status"] == "decided"
    assert ResultReport.objects.get(pk=report).status == "decided"
    run = APIClient().get(f"{API}/fixtures/{fixture.pk}/post-match/").json()
    assert run["status"] == "done" and run["rolls"]


def test_team_bets_over_the_api(fixture, home_team, coach, commissioner, season):
    client = as_user(coach)
    assert client.post(
        f"{API}/teams/{home_team.pk}/bets/",
        {"fixture": fixture.pk, "outcome": "home"},
        format="json",
    ).json()["error"]["code"] == ("no_entry")
    assert (
        client.post(
            f"{API}/teams/{home_team.pk}/matchday-entries/",
            {"season": season.pk, "round": 1},
            format="json",
        ).status_code
        == 201
    )
    assert (
        client.post(
            f"{API}/teams/{home_team.pk}/bets/",
            {"fixture": fixture.pk, "outcome": "home"},
            format="json",
        ).status_code
        == 201
    )
    url = f"{API}/seasons/{season.pk}/matchdays/1/bets/"
    assert client.get(url).status_code == 403
    assert as_user(commissioner).get(url).json()[0]["team_name"] == home_team.name
    assert TeamBet.objects.count() == 1


def test_the_league_settings_over_the_api(league, commissioner, coach):
    client = as_user(commissioner)
    changed = client.patch(
        f"/api/v1/leagues/{league.pk}/",
        {"starting_gold": 600_000, "team_bets": False, "points_draw": 2},
        format="json",
    )
    assert changed.status_code == 200, changed.json()
    from systems.mythril.selectors import settings_of

    settings = settings_of(league)
    assert (settings.starting_gold, settings.team_bets) == (600_000, False)
    refused = client.patch(f"/api/v1/leagues/{league.pk}/", {"starting_gold": -1}, format="json")
    assert refused.status_code == 400
    assert "starting_gold" in refused.json()["error"]["fields"]
    assert (
        as_user(coach)
        .patch(f"/api/v1/leagues/{league.pk}/", {"team_bets": True}, format="json")
        .status_code
        == 403
    )


def test_the_core_resources_show_the_treasury_and_the_settings(api, league, home_team):
    assert api.get(f"/api/v1/teams/{home_team.pk}/").json()["treasury"] == 440_000
    settings = api.get(f"/api/v1/leagues/{league.pk}/").json()["mythril_settings"]
    assert settings["starting_gold"] == 1_000_000 and settings["team_bets"] is True


def test_a_settings_change_is_in_its_answer_and_the_next_read(league, commissioner, api):
    changed = as_user(commissioner).patch(
        f"/api/v1/leagues/{league.pk}/", {"starting_gold": 700_000}, format="json"
    )

    assert changed.json()["mythril_settings"]["starting_gold"] == 700_000
    listed = api.get("/api/v1/leagues/").json()["results"]
    assert [row["mythril_settings"]["starting_gold"] for row in listed] == [700_000]
    assert api.get(f"/api/v1/leagues/{league.pk}/").json()["mythril_settings"]["team_bets"]


def test_the_league_list_reads_every_leagues_settings_with_the_leagues(
    league, commissioner, api, django_assert_max_num_queries
):
    """The settings are joined to the leagues (``league.rows``): the list's queries do not grow
    with its Mythril leagues."""
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as one:
        assert len(api.get("/api/v1/leagues/").json()["results"]) == 1
    for n in range(4):
        league_create(commissioner=commissioner, name=f"Mythril {n}", rule_system="mythril")
    with django_assert_max_num_queries(len(one)):
        rows = api.get("/api/v1/leagues/").json()["results"]
    assert [row["mythril_settings"]["starting_gold"] for row in rows] == [1_000_000] * 5


def test_an_import_with_yaml_aliases_or_an_oversized_text_is_refused_naming_the_field(
    league, commissioner
):
    client = as_user(commissioner)
    laughs = client.post(
        f"{API}/leagues/{league.pk}/roster-data/", {"text": BILLION_LAUGHS}, format="json"
    )
    assert laughs.status_code == 400
    error = laughs.json()["error"]
    assert error["code"] == "roster_data_invalid" and "aliases" in error["message"]
    assert list(error["fields"]) == ["file"]
    oversized = client.post(
        f"{API}/leagues/{league.pk}/roster-data/", {"text": "#" * 1_000_001}, format="json"
    )
    assert oversized.status_code == 400
    assert list(oversized.json()["error"]["fields"]) == ["text"]


def test_a_players_name_takes_visible_characters_only(home_team, coach):
    refused = as_user(coach).post(
        f"{API}/teams/{home_team.pk}/hire/",
        {"position": "Catcher", "name": "Ku\u200brt"},
        format="json",
    )
    assert refused.status_code == 400
    assert list(refused.json()["error"]["fields"]) == ["name"]
    assert not Player.objects.filter(name="Ku\u200brt").exists()


@pytest.mark.parametrize("teams", [2, 5])
def test_the_teams_list_reads_the_treasuries_in_its_own_query(
    api, league, make_team, coach, django_assert_max_num_queries, teams
):
    # given a league of 2 or 5 Mythril teams, each with its starting treasury
    for n in range(teams):
        make_team(f"Team {n}", coach)

    # when anyone lists them, then the same queries for 2 teams or 5: the filter's league,
    # the count, the page, the living gladiators' prefetch and one query for every treasury
    with django_assert_max_num_queries(5):
        listing = api.get("/api/v1/teams/", {"league": league.pk}).json()

    assert [row["treasury"] for row in listing["results"]] == [440_000] * teams


def test_an_unknown_team_answers_404_before_its_body_is_read(home_team, coach):
    """The commands that find their object first (``CommandRoutes``' ``find``) answer 404 for
    an unknown id whatever the body, and 400 naming the field for a known one."""
    client = as_user(coach)
    missing = home_team.pk + 1000
    assert client.post(f"{API}/teams/{missing}/lineup-check/", {}, format="json").status_code == 404
    invalid = client.post(f"{API}/teams/{home_team.pk}/lineup-check/", {}, format="json")
    assert invalid.status_code == 400
    assert "players" in invalid.json()["error"]["fields"]
