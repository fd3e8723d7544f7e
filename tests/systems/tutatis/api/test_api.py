"""The Tutatis API: anonymous reads, a coach writes his own team, the commissioner edits lists
and decides; errors in the project's shape naming the field or rule."""

import pytest

from systems.tutatis.models import ListEntry, MatchRoll, Player, ResultReport, TeamList
from tests.systems.tutatis.conftest import ORCS, counts_for

pytestmark = pytest.mark.django_db
API = "/api/v1/tutatis"


def roster_body(spec):
    team_list = TeamList.objects.get(league=None, name=ORCS)
    return {
        "entries": [
            {"entry": pk, "on_pitch": pitch, "bench": bench}
            for pk, (pitch, bench) in counts_for(team_list, spec).items()
        ]
    }


def test_anyone_reads_lists_players_and_rosters(api_as, orcs):
    client = api_as(None)
    lists = client.get(f"{API}/team-lists/").json()
    assert {"Orc Bonecrushers (sample)", "Dwarf Anvils (sample)"} <= {
        row["name"] for row in lists["results"]
    }
    assert all(row["is_sample"] for row in lists["results"])
    roster = client.get(f"{API}/teams/{orcs.pk}/roster/").json()
    assert roster["check"] == {"ok": True, "cost": 445, "budget": 600, "errors": []}
    assert client.get(f"{API}/players/", {"team": orcs.pk}).json()["count"] == 9


def test_anonymous_and_other_coach_cannot_write(api_as, orcs, other_coach):
    body = roster_body({0: (3, 1), 1: (2, 1), 2: (1, 0), 3: (1, 0)})
    assert api_as(None).put(f"{API}/teams/{orcs.pk}/roster/", body, format="json").status_code in (
        401,
        403,
    )
    assert (
        api_as(other_coach).put(f"{API}/teams/{orcs.pk}/roster/", body, format="json").status_code
        == 403
    )
    player = Player.objects.filter(team=orcs).first()
    assert api_as(other_coach).delete(f"{API}/players/{player.pk}/").status_code == 403


def test_over_budget_roster_is_refused_naming_the_rule(api_as, orcs, coach):
    response = api_as(coach).put(
        f"{API}/teams/{orcs.pk}/roster/", roster_body({0: (6, 0), 4: (1, 5)}), format="json"
    )
    assert response.status_code == 400
    error = response.json()["error"]
    assert any("budget_exceeded" in m and "930 Irr" in m for m in error["fields"]["roster"])
    assert Player.objects.filter(team=orcs).count() == 9


def test_live_check_saves_nothing(api_as, orcs, coach):
    response = api_as(coach).post(
        f"{API}/teams/{orcs.pk}/check/", roster_body({0: (8, 0), 3: (1, 0)}), format="json"
    )
    assert response.status_code == 200
    assert response.json()["cost"] == 8 * 45 + 60
    assert [e["rule"] for e in response.json()["errors"]] == ["wrong_pitch_count"]
    assert Player.objects.filter(team=orcs).count() == 9


def test_only_the_commissioner_edits_his_leagues_list(api_as, tt_league, commissioner, coach):
    sample = TeamList.objects.get(league=None, name=ORCS)
    assert (
        api_as(coach)
        .post(f"{API}/team-lists/{sample.pk}/copy/", {"league": tt_league.pk}, format="json")
        .status_code
        == 403
    )
    copy = api_as(commissioner).post(
        f"{API}/team-lists/{sample.pk}/copy/", {"league": tt_league.pk}, format="json"
    )
    assert copy.status_code == 201
    entry = copy.json()["entries"][0]["id"]
    assert (
        api_as(coach).patch(f"{API}/list-entries/{entry}/", {"price": 1}, format="json").status_code
        == 403
    )
    assert (
        api_as(commissioner)
        .patch(f"{API}/list-entries/{entry}/", {"price": 1}, format="json")
        .status_code
        == 200
    )
    assert ListEntry.objects.get(pk=entry).price == 1


def test_rolls_and_results_over_the_api(api_as, tt_fixture, coach, other_coach, commissioner):
    roll = api_as(coach).post(
        f"{API}/fixtures/{tt_fixture.pk}/rolls/",
        {"action": "weather", "side": "home"},
        format="json",
    )
    assert roll.status_code == 201
    assert len(roll.json()["rolls"]) == 2
    assert (
        api_as(other_coach).post(f"{API}/rolls/{roll.json()['id']}/time-warp/").status_code == 403
    )
    again = api_as(coach).post(f"{API}/rolls/{roll.json()['id']}/time-warp/")
    assert again.status_code == 201 and again.json()["replaces"] == roll.json()["id"]
    assert MatchRoll.objects.count() == 2
    body = {"home": {"goals": 1, "over_bar": 0}, "away": {"goals": 0, "over_bar": 1}}
    entered = api_as(coach).post(
        f"{API}/fixtures/{tt_fixture.pk}/result-reports/", body, format="json"
    )
    assert entered.status_code == 201
    pk = entered.json()["id"]
    assert api_as(coach).post(f"{API}/result-reports/{pk}/confirm/").status_code == 403
    assert (
        api_as(other_coach)
        .post(f"{API}/result-reports/{pk}/dispute/", {"reason": "no"}, format="json")
        .status_code
        == 200
    )
    assert api_as(other_coach).post(f"{API}/result-reports/{pk}/decide/").status_code == 403
    decided = api_as(commissioner).post(
        f"{API}/result-reports/{pk}/decide/", {"note": "ok"}, format="json"
    )
    assert decided.status_code == 200 and decided.json()["status"] == ResultReport.Status.DECIDED
    score = api_as(None).get(f"/api/v1/fixtures/{tt_fixture.pk}/").json()
    assert score["status"] == "played"


def test_league_settings_over_the_core_api(api_as, commissioner):
    response = api_as(commissioner).post(
        "/api/v1/leagues/",
        {
            "name": "Irr League",
            "rule_system": "tutatis",
            "tutatis_budget": 700,
            "time_warp_tokens": 4,
        },
        format="json",
    )
    assert response.status_code == 201, response.json()
    assert (response.json()["tutatis_budget"], response.json()["time_warp_tokens"]) == (700, 4)
    bad = api_as(commissioner).post(
        "/api/v1/leagues/",
        {"name": "Bad", "rule_system": "tutatis", "time_warp_tokens": 7},
        format="json",
    )
    assert bad.status_code == 400
    assert "time_warp_tokens" in bad.json()["error"]["fields"]


def test_a_roll_naming_a_player_outside_the_match_is_refused(api_as, tt_fixture, coach, stranger):
    body = {"action": "tackle", "attacker": "home:999999", "defender": "away:1"}
    response = api_as(coach).post(f"{API}/fixtures/{tt_fixture.pk}/rolls/", body, format="json")
    assert response.status_code == 400
    assert "attacker" in response.json()["error"]["fields"]
    assert api_as(None).post(
        f"{API}/fixtures/{tt_fixture.pk}/rolls/",
        {"action": "weather", "side": "home"},
        format="json",
    ).status_code in (401, 403)
    assert (
        api_as(stranger)
        .post(
            f"{API}/fixtures/{tt_fixture.pk}/rolls/",
            {"action": "weather", "side": "home"},
            format="json",
        )
        .status_code
        == 403
    )
    assert not MatchRoll.objects.exists()


def test_the_core_team_sheet_endpoint_answers_for_a_tutatis_team(api_as, orcs):
    answer = api_as(None).get(f"/api/v1/teams/{orcs.pk}/sheet/")

    assert answer.status_code == 200
    body = answer.json()
    assert body["rule_system"] == "tutatis" and body["complete"] is True
    assert body["issues"] == [] and body["sheet"]["check"]["cost"] == 445
    assert len(body["sheet"]["players"]) == 9


def test_a_roster_breaking_a_rule_shows_it_as_a_blocking_issue_on_the_sheet(api_as, orcs):
    Player.objects.filter(team=orcs, on_pitch=True).first().delete()

    body = api_as(None).get(f"/api/v1/teams/{orcs.pk}/sheet/").json()

    assert body["complete"] is False
    assert [issue["field"] for issue in body["issues"]] == ["wrong_pitch_count"]
    assert all(issue["blocking"] for issue in body["issues"])


def test_the_sample_lists_are_reinstalled_once_after_the_tables_are_emptied():
    from systems.tutatis.sample_lists import SAMPLE_LISTS
    from systems.tutatis.services import lists

    assert lists.samples_install() == 0  # the migration installed them
    TeamList.objects.filter(league=None).delete()

    assert lists.samples_install() == len(SAMPLE_LISTS)
    assert lists.samples_install() == 0
    assert TeamList.objects.filter(league=None, is_sample=True).count() == len(SAMPLE_LISTS)


def test_an_unknown_team_answers_404_before_its_body_is_read(api_as, orcs, coach):
    """The roster commands find the team first: an unknown id answers 404 whatever the body,
    a known one 400 naming the field."""
    client = api_as(coach)
    assert client.put(f"{API}/teams/{orcs.pk + 1000}/roster/", {}, format="json").status_code == 404
    invalid = client.put(f"{API}/teams/{orcs.pk}/roster/", {}, format="json")
    assert invalid.status_code == 400
    assert "entries" in invalid.json()["error"]["fields"]


def test_options_on_a_teams_roster_lists_what_its_put_takes(api_as, orcs, coach):
    """DRF's OPTIONS answer finds the team as the PUT does; an unknown one leaves it out."""
    client = api_as(coach)
    answer = client.options(f"{API}/teams/{orcs.pk}/roster/").json()
    assert "entries" in answer["actions"]["PUT"]
    assert "actions" not in client.options(f"{API}/teams/0/roster/").json()
