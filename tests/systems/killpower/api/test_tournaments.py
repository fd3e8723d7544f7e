"""Killpower tournaments and the championship table over the API, and the query budgets of the
Killpower list endpoints."""

import pytest

from league.services import league_create
from systems.killpower.models import ResultReport
from systems.killpower.services.teams import killpower_team_register
from tests.api.conftest import ANONYMOUS, assert_error, refused_status
from tests.factories import FixtureFactory, killpower_recruits, set_ranking_points
from tests.systems.killpower.helpers import play, report

pytestmark = pytest.mark.django_db


@pytest.fixture
def cup(commissioner):
    """A tournament league of five teams (T5 the top seed)."""
    league = league_create(
        commissioner=commissioner,
        name="Coupe",
        rule_system="killpower",
        competition_format="tournament",
    )
    for n in range(1, 6):
        team = killpower_team_register(
            league=league, name=f"T{n}", gladiators=killpower_recruits(f"T{n}"), seed=n
        )
        set_ranking_points(team, n)
    return league.seasons.get()


@pytest.mark.parametrize("persona", [ANONYMOUS, "coach", "other_commissioner"])
def test_only_the_commissioner_creates_the_tournament(client_for, persona, cup):
    response = client_for(persona).post(f"/api/v1/seasons/{cup.pk}/tournament/", {})
    assert_error(response, refused_status(persona))
    assert not cup.fixtures.exists()


def test_a_tournament_is_created_and_its_bracket_shown(api_as, commissioner, cup):
    response = api_as(commissioner).post(
        f"/api/v1/seasons/{cup.pk}/tournament/",
        {"first_kickoff": "2031-05-01T20:00:00Z", "interval_days": 1},
        format="json",
    )

    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["season"], body["size"], body["champion"]) == (cup.pk, 8, None)
    first = body["rounds"][0]
    assert [m["bye"] for m in first] == [True, False, True, True]
    assert (first[0]["home"]["team"]["name"], first[0]["home"]["seed"]) == ("T5", 1)
    assert first[1]["fixture"]["kickoff"] == "2031-05-01T22:00:00+02:00"  # Paris time
    second = body["rounds"][1]
    assert second[0]["away"] == {"team": None, "seed": None, "winner_of": "R1M2"}
    assert second[1]["fixture"]["kickoff"] == "2031-05-02T22:00:00+02:00"  # 2 v 3, round 2
    assert api_as(None).get(f"/api/v1/seasons/{cup.pk}/bracket/").json() == body

    again = api_as(commissioner).post(f"/api/v1/seasons/{cup.pk}/tournament/", {})
    assert_error(again, 400, "season")


def test_a_season_without_a_tournament_has_no_bracket(api_as, kp_season):
    assert_error(api_as(None).get(f"/api/v1/seasons/{kp_season.pk}/bracket/"), 404)


def test_the_championship_table_by_ranking_points(api_as, kp_season, kp_fixture, commissioner):
    play(kp_fixture, 1, 0, by=commissioner, confirm_by=commissioner)

    body = api_as(None).get(f"/api/v1/seasons/{kp_season.pk}/ranking/").json()

    assert [(r["position"], r["team"]["name"], r["ranking_points"], r["won"], r["lost"]) for r in body["rows"]] == [
        (1, "Titanos", 3, 1, 0),
        (2, "Viking", 0, 0, 1),
    ]  # fmt: skip


# --- query budgets ---------------------------------------------------------------------------


def _league_of(n, commissioner):
    league = league_create(commissioner=commissioner, name="Budget", rule_system="killpower")
    teams = [
        killpower_team_register(league=league, name=f"T{i:02}", gladiators=killpower_recruits(f"T{i}"), seed=i)
        for i in range(n)
    ]  # fmt: skip
    return league.seasons.get(), teams


def _reports(n, commissioner):
    season, teams = _league_of(2, commissioner)
    for i in range(n):
        fixture = FixtureFactory(season=season, round=i + 1, home=teams[0], away=teams[1])
        ResultReport.objects.create(
            fixture=fixture,
            submitted_by=commissioner,
            payload=report(1, 0),
            status="disputed" if i % 2 else "pending",
        )
    return season


@pytest.mark.parametrize("n", [2, 12])
@pytest.mark.parametrize(
    ("url", "budget"),
    [
        ("/api/v1/gladiators/", 2),  # count + page
        ("/api/v1/teams/", 3),  # count + page + living gladiators
        ("/api/v1/result-reports/", 2),
        ("/api/v1/result-reports/queue/", 2),
        ("seasons/{season}/ranking/", 4),  # season + teams + living gladiators + results
    ],
)
def test_killpower_lists_have_a_constant_query_count(
    api_as, commissioner, n, url, budget, django_assert_max_num_queries
):
    if "report" in url:
        season = _reports(n, commissioner)
    else:
        season, _teams = _league_of(n, commissioner)
    if url.startswith("seasons"):
        url = "/api/v1/" + url.format(season=season.pk)
    client = api_as(commissioner)

    with django_assert_max_num_queries(budget):
        response = client.get(url, {"page_size": 200})
    assert response.status_code == 200


@pytest.mark.parametrize("n", [2, 8])
def test_the_bracket_has_a_constant_query_count(
    api_as, commissioner, n, django_assert_max_num_queries
):
    league = league_create(
        commissioner=commissioner,
        name="Cup",
        rule_system="killpower",
        competition_format="tournament",
    )
    for i in range(n):
        killpower_team_register(
            league=league, name=f"T{i}", gladiators=killpower_recruits(f"T{i}"), seed=i
        )
    season = league.seasons.get()
    api_as(commissioner).post(f"/api/v1/seasons/{season.pk}/tournament/", {})

    # season + tournament + seeds + results + teams + fixtures
    with django_assert_max_num_queries(6):
        response = api_as(None).get(f"/api/v1/seasons/{season.pk}/bracket/")
    assert response.status_code == 200


def test_each_coach_chooses_his_own_free_throws_over_the_api(
    api_as, coach, other_coach, kp_cup_final
):
    # Given Titanos' coach entering a 0-0 draw: Viking's shooters are not his to choose
    url = f"/api/v1/fixtures/{kp_cup_final.pk}/result-reports/"
    theirs = {"result": report(0, 0), "free_throws": {"away": ["Viking 2", "Viking 3"]}}
    error = assert_error(api_as(coach).post(url, theirs, format="json"), 400, "free_throws.away")
    assert "Viking's coach" in error["fields"]["free_throws.away"][0]

    # When he names his own, and Viking's coach confirms naming his
    mine = {"result": report(0, 0), "free_throws": {"home": ["Titanos 2", "Titanos 3"]}}
    entered = api_as(coach).post(url, mine, format="json")
    assert entered.status_code == 201, entered.content
    confirm = f"/api/v1/result-reports/{entered.json()['id']}/confirm/"
    response = api_as(other_coach).post(
        confirm,
        {"free_throws": {"away": ["Viking 4", "Viking 6"], "distances": {"away": [2, 2]}}},
        format="json",
    )

    # Then both choices are stored and shot
    assert response.status_code == 200, response.content
    assert response.json()["free_throws"] == {
        "home": ["Titanos 2", "Titanos 3"],
        "away": ["Viking 4", "Viking 6"],
        "distances": {"away": [2, 2]},
    }
    shots = ResultReport.objects.get().fixture.result.record["free_throws"]["shots"]
    assert [s["shooter"] for s in shots[:4]] == ["Titanos 2", "Viking 4", "Titanos 3", "Viking 6"]


def test_the_confirming_coach_cannot_choose_the_other_sides_free_throws(
    api_as, coach, other_coach, kp_cup_final
):
    entered = api_as(coach).post(
        f"/api/v1/fixtures/{kp_cup_final.pk}/result-reports/",
        {"result": report(0, 0)},
        format="json",
    )
    confirm = f"/api/v1/result-reports/{entered.json()['id']}/confirm/"

    response = api_as(other_coach).post(
        confirm, {"free_throws": {"home": ["Titanos 1", "Titanos 2"]}}, format="json"
    )

    assert_error(response, 400, "free_throws.home")
    assert ResultReport.objects.get().status == "pending"
