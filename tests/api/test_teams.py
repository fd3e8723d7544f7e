"""Teams: registration and changes by the commissioner; sheet, line-up and match plan."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from league.models import Team
from systems.rotzball.models import LineupSlot
from tests.api.conftest import ANONYMOUS, assert_error, refused_status
from tests.factories import PlayerFactory, TeamFactory, set_ranking_points, tactic

NOT_COMMISSIONER = ["coach", "other_coach", "stranger", "other_commissioner", ANONYMOUS]
NOT_ROSTER_EDITOR = ["other_coach", "stranger", "other_commissioner", ANONYMOUS]
ROSTER_EDITORS = ["coach", "commissioner"]


def lineup_ids(team: Team) -> dict[str, int]:
    return dict(team.lineup_slots.values_list("position", "player_id"))


# --- teams --------------------------------------------------------------------------------


@pytest.mark.django_db
def test_teams_filter_by_league_and_coach(api_as, league, team, other_team, other_league):
    # given a team of another league
    TeamFactory(league=other_league, name="Outsiders")

    # when listing by league, then by coach
    by_league = api_as(None).get("/api/v1/teams/", {"league": league.pk}).json()
    by_coach = api_as(None).get("/api/v1/teams/", {"coach": "coach"}).json()

    # then each filter applies, in name order
    assert [t["name"] for t in by_league["results"]] == ["Ravens", "Wolves"]
    assert [t["name"] for t in by_coach["results"]] == ["Wolves"]
    assert by_coach["results"][0]["coach"] == "coach"


@pytest.mark.django_db
@pytest.mark.parametrize("listed", ["teams", "seasons"])
def test_a_list_checks_its_league_filter_on_the_league_id_alone(
    api_as, league, season, team, listed
):
    with CaptureQueriesContext(connection) as queries:
        answer = api_as(None).get(f"/api/v1/{listed}/", {"league": league.pk})

    assert answer.status_code == 200 and answer.json()["count"] == 1
    found = [query["sql"] for query in queries.captured_queries]
    assert found[0].startswith('SELECT "league_league"."id" FROM "league_league" WHERE')
    refused = api_as(None).get(f"/api/v1/{listed}/", {"league": league.pk + 1000})
    assert_error(refused, 400, "league")


@pytest.mark.django_db
def test_commissioner_registers_a_team(api_as, commissioner, league, stranger):
    response = api_as(commissioner).post(
        "/api/v1/teams/",
        {"league": league.pk, "name": "Boars", "coach": "stranger", "primary_colour": "#112233"},
    )

    assert response.status_code == 201, response.content
    team = Team.objects.get(pk=response.json()["id"])
    assert (team.name, team.coach, team.primary_colour) == ("Boars", stranger, "#112233")


@pytest.mark.django_db
def test_team_register_names_the_bad_field(api_as, commissioner, league, team):
    bad_colour = api_as(commissioner).post(
        "/api/v1/teams/", {"league": league.pk, "name": "Boars", "primary_colour": "red"}
    )
    taken_name = api_as(commissioner).post(
        "/api/v1/teams/",
        {"league": league.pk, "name": "wolves"},  # capitals aside
    )
    no_such_coach = api_as(commissioner).post(
        "/api/v1/teams/", {"league": league.pk, "name": "Boars", "coach": "ghost"}
    )

    assert_error(bad_colour, 400, "primary_colour")
    assert "Wolves already plays" in assert_error(taken_name, 400, "name")["fields"]["name"][0]
    assert_error(no_such_coach, 400, "coach")
    assert list(league.teams.values_list("name", flat=True)) == ["Wolves"]


@pytest.mark.django_db
@pytest.mark.parametrize("persona", NOT_COMMISSIONER)
def test_only_the_commissioner_registers_a_team(
    client_for, persona, league, team, other_team, other_league
):
    response = client_for(persona).post("/api/v1/teams/", {"league": league.pk, "name": "Rogues"})

    assert_error(response, refused_status(persona))
    assert not league.teams.filter(name="Rogues").exists()


@pytest.mark.django_db
def test_commissioner_changes_a_team(api_as, commissioner, team, stranger):
    response = api_as(commissioner).patch(
        f"/api/v1/teams/{team.pk}/", {"name": "Grey Wolves", "coach": "stranger"}
    )

    assert response.status_code == 200, response.content
    team.refresh_from_db()
    assert (team.name, team.coach) == ("Grey Wolves", stranger)


@pytest.mark.django_db
def test_a_team_never_changes_league(api_as, commissioner, team, other_league):
    api_as(commissioner).patch(f"/api/v1/teams/{team.pk}/", {"league": other_league.pk})

    team.refresh_from_db()
    assert team.league.name == "Middenheim Cup"


@pytest.mark.django_db
@pytest.mark.parametrize("persona", NOT_COMMISSIONER)
def test_only_the_commissioner_changes_a_team(client_for, persona, team, other_team, other_league):
    response = client_for(persona).patch(
        f"/api/v1/teams/{team.pk}/", {"name": "Hijacked", "coach": "stranger"}
    )

    assert_error(response, refused_status(persona))
    team.refresh_from_db()
    assert (team.name, team.coach.username) == ("Wolves", "coach")


# --- sheet ------------------------------------------------------------------------------


@pytest.mark.django_db
def test_team_sheet_of_a_full_lineup_has_ratings(api_as, team):
    body = api_as(None).get(f"/api/v1/teams/{team.pk}/sheet/").json()

    assert body["complete"] is True
    assert body["issues"] == []
    assert body["ratings"] == {"attack": 45, "defense": 45, "coach": 45}
    assert body["sheet"]["passer"] == {"name": "Wolves passer", "E": 45, "Ag": 45, "F": 45}
    assert len(body["sheet"]["defenders"]) == 3
    assert body["scores"]["passer"] == 45


@pytest.mark.django_db
def test_team_sheet_names_what_is_missing(api_as, team):
    # given the passer's position is empty
    team.lineup_slots.filter(position="passer").delete()

    # when reading the sheet
    body = api_as(None).get(f"/api/v1/teams/{team.pk}/sheet/").json()

    # then the issue names the passer and there are no ratings
    assert body["complete"] is False
    assert body["ratings"] is None
    assert body["issues"][0]["blocking"] is True
    assert "passer" in body["issues"][0]["field"]


@pytest.mark.django_db
def test_sheet_of_unknown_team_is_404(api_as):
    assert_error(api_as(None).get("/api/v1/teams/999999/sheet/"), 404)


# --- line-up ----------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("persona", ROSTER_EDITORS)
def test_roster_editors_set_the_lineup(client_for, persona, team):
    # given the reserve should play as passer instead of the current passer
    reserve = team.players.get(name="Wolves reserve 1")
    lineup = lineup_ids(team)
    lineup["passer"] = reserve.pk

    # when the line-up is replaced, leaving the coach position empty
    lineup["coach"] = None
    response = client_for(persona).put(f"/api/v1/teams/{team.pk}/lineup/", lineup, format="json")

    # then it is saved as sent
    assert response.status_code == 200, response.content
    assert response.json()["passer"] == {"id": reserve.pk, "name": "Wolves reserve 1"}
    assert response.json()["coach"] is None
    saved = lineup_ids(team)
    assert saved["passer"] == reserve.pk
    assert "coach" not in saved


@pytest.mark.django_db
@pytest.mark.parametrize("persona", NOT_ROSTER_EDITOR)
def test_only_roster_editors_set_the_lineup(client_for, persona, team, other_team, other_league):
    before = lineup_ids(team)

    response = client_for(persona).put(
        f"/api/v1/teams/{team.pk}/lineup/", {"passer": None}, format="json"
    )

    assert_error(response, refused_status(persona))
    assert lineup_ids(team) == before


@pytest.mark.django_db
def test_lineup_refuses_another_teams_player(api_as, coach, team, other_team):
    before = lineup_ids(team)
    stolen = other_team.players.first()

    response = api_as(coach).put(
        f"/api/v1/teams/{team.pk}/lineup/", {**before, "passer": stolen.pk}, format="json"
    )

    assert_error(response, 400, "passer")
    assert lineup_ids(team) == before


@pytest.mark.django_db
def test_lineup_refuses_one_player_in_two_positions(api_as, coach, team):
    before = lineup_ids(team)

    response = api_as(coach).put(
        f"/api/v1/teams/{team.pk}/lineup/",
        {**before, "attacker_1": before["passer"]},
        format="json",
    )

    assert_error(response, 400)
    assert lineup_ids(team) == before


@pytest.mark.django_db
def test_lineup_refuses_an_unknown_position(api_as, coach, team):
    before = lineup_ids(team)

    response = api_as(coach).put(
        f"/api/v1/teams/{team.pk}/lineup/", {"goalkeeper": before["passer"]}, format="json"
    )

    assert_error(response, 400, "goalkeeper")
    assert lineup_ids(team) == before


@pytest.mark.django_db
def test_lineup_reads_publicly(api_as, team):
    body = api_as(None).get(f"/api/v1/teams/{team.pk}/lineup/").json()

    assert body["defender_3"]["name"] == "Wolves defender_3"
    assert set(body) == set(LineupSlot.Position.values)


# --- match plan -------------------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("persona", ROSTER_EDITORS)
def test_roster_editors_set_the_match_plan(client_for, persona, team):
    response = client_for(persona).put(
        f"/api/v1/teams/{team.pk}/match-plan/", {"tactic": "defensive"}
    )

    assert response.status_code == 200, response.content
    assert response.json() == {"tactic": "defensive"}
    team.refresh_from_db()
    assert tactic(team) == "defensive"


@pytest.mark.django_db
@pytest.mark.parametrize("persona", NOT_ROSTER_EDITOR)
def test_only_roster_editors_set_the_match_plan(
    client_for, persona, team, other_team, other_league
):
    response = client_for(persona).put(
        f"/api/v1/teams/{team.pk}/match-plan/", {"tactic": "defensive"}
    )

    assert_error(response, refused_status(persona))
    team.refresh_from_db()
    assert tactic(team) == "balanced"


@pytest.mark.django_db
def test_match_plan_names_a_bad_tactic(api_as, coach, team):
    response = api_as(coach).put(f"/api/v1/teams/{team.pk}/match-plan/", {"tactic": "reckless"})

    assert_error(response, 400, "tactic")
    team.refresh_from_db()
    assert tactic(team) == "balanced"


@pytest.mark.django_db
def test_reserves_show_no_position(api_as, team):
    PlayerFactory(team=team, name="Aaron Bench")

    body = api_as(None).get("/api/v1/players/", {"team": team.pk}).json()

    positions = {p["name"]: p["position"] for p in body["results"]}
    assert positions["Aaron Bench"] is None
    assert positions["Wolves passer"] == "passer"


@pytest.mark.django_db
def test_each_team_shows_only_its_own_games_fields(api_as, team, titanos):
    set_ranking_points(titanos, 7)

    body = {row["id"]: row for row in api_as(None).get("/api/v1/teams/").json()["results"]}

    assert (body[team.pk]["tactic"], body[team.pk]["ranking_points"]) == ("balanced", None)
    assert (body[titanos.pk]["tactic"], body[titanos.pk]["ranking_points"]) == (None, 7)
