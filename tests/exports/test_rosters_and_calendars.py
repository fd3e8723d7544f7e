"""A team's roster in its game's columns (every game: Rotzball, Killpower, Mythril, Tutatis),
and the league's and a team's calendar feeds read back by the ``icalendar`` parser."""

from datetime import timedelta

import pytest
from django.utils import timezone
from icalendar import Calendar

from league.services import league_create, team_register
from matches.models import Fixture
from systems.killpower.models import Gladiator
from systems.mythril.models import Player as MythrilPlayer
from systems.mythril.services.teams import mythril_team_register
from systems.tutatis.models import Player as TutatisPlayer
from tests.exports.helpers import csv_records, json_records
from tests.systems.mythril.conftest import humans
from tests.systems.tutatis.conftest import ORCS, build

pytestmark = pytest.mark.django_db


def both(client, team):
    return (
        csv_records(client.get(f"/leagues/teams/{team.pk}/roster.csv")),
        json_records(client.get(f"/leagues/teams/{team.pk}/roster.json")),
    )


def test_rotzball_roster_matches_the_players_api(client, api_client, team):
    rows, records = both(client, team)
    api = api_client.get("/api/v1/players/", {"team": team.pk}).json()["results"]
    assert len(rows) == len(records) == len(api) == 8
    by_id = {player["id"]: player for player in api}
    for row, record in zip(rows, records, strict=True):
        player = by_id[record["id"]]
        assert record["name"] == row["name"] == player["name"]
        for field in ("endurance", "agility", "strength", "intelligence"):
            assert record[field] == player[field] and row[field] == str(player[field])
    assert sorted(r["position"] for r in records if r["position"]) == sorted(
        ["attacker_1", "attacker_2", "coach", "defender_1", "defender_2", "defender_3", "passer"]
    )
    assert [r for r in records if r["position"] is None] != []  # the reserve


def test_killpower_roster_lists_the_seven_gladiators(client, titanos):
    rows, records = both(client, titanos)
    gladiators = list(Gladiator.objects.filter(team=titanos).order_by("number"))
    assert [r["name"] for r in records] == [g.name for g in gladiators]
    assert [r["number"] for r in records] == list(range(1, 8))
    assert [row["xp"] for row in rows] == [str(g.xp) for g in gladiators]
    assert {r["equipment"] for r in records} == {"combat_gloves"}
    page = client.get(f"/leagues/teams/{titanos.pk}/").content.decode()
    assert all(g.name in page for g in gladiators)


def test_mythril_roster_and_standings(client, commissioner, coach):
    league = league_create(commissioner=commissioner, name="Mythril", rule_system="mythril")
    team = mythril_team_register(
        league=league,
        name="Reikland Reavers",
        coach=coach,
        team_list="Human",
        players=humans(Blitzer=2),
        popularity=1,
        home_pitch="lawn",
    )
    rows, records = both(client, team)
    players = list(MythrilPlayer.objects.filter(team=team).order_by("number"))
    assert [r["name"] for r in records] == [p.name for p in players]
    assert sum(r["position"] == "Blitzer" for r in records) == 2
    assert [row["cost"] for row in rows] == [str(p.cost) for p in players]
    table = json_records(client.get(f"/leagues/{league.pk}/standings.json"))
    assert list(table[0]) == [
        "position",
        "team_id",
        "team",
        "played",
        "won",
        "drawn",
        "lost",
        "touchdowns_for",
        "touchdowns_against",
        "difference",
        "points",
    ]
    assert table[0]["team"] == "Reikland Reavers" and table[0]["points"] == 0


def test_killpower_standings_are_the_championship_table(client, kp_league, titanos, viking):
    from tests.factories import set_ranking_points

    set_ranking_points(viking, 12)
    records = json_records(client.get(f"/leagues/{kp_league.pk}/standings.json"))
    assert [(r["team"], r["ranking_points"]) for r in records] == [("Viking", 12), ("Titanos", 0)]
    assert {"power", "division", "abandoned"} <= set(records[0])


def test_tutatis_roster_lists_the_hired_players(client, commissioner, coach):
    league = league_create(
        commissioner=commissioner,
        name="Triskearth",
        rule_system="tutatis",
        tutatis_budget=600,
        time_warp_tokens=3,
    )
    team = team_register(league=league, name="Orcs", coach=coach)
    build(team, coach, ORCS)
    rows, records = both(client, team)
    players = TutatisPlayer.objects.filter(team=team)
    assert len(records) == players.count() == 9
    assert sum(r["on_pitch"] is True for r in records) == 7
    assert {row["on_pitch"] for row in rows} == {"true", "false"}
    assert sorted(r["price"] for r in records) == sorted(p.price for p in players)


def test_the_team_page_links_the_roster_and_its_calendar(client, team, settings):
    settings.SITE_URL = "https://league.example.org"
    page = client.get(f"/leagues/teams/{team.pk}/").content.decode()
    assert f'href="/leagues/teams/{team.pk}/roster.csv"' in page
    assert f'href="webcal://league.example.org/leagues/teams/{team.pk}/calendar.ics"' in page


def _events(response):
    assert response["Content-Type"] == "text/calendar; charset=utf-8"
    return Calendar.from_ical(response.content).walk("VEVENT")


def test_league_calendar_has_one_event_per_fixture(client, league, full_season, settings):
    settings.CALENDAR_UID_DOMAIN = "league.example.org"
    settings.SITE_URL = "https://league.example.org"
    events = _events(client.get(f"/leagues/{league.pk}/calendar.ics"))
    fixtures = {f.pk: f for f in Fixture.objects.select_related("home", "away", "result")}
    assert len(events) == len(fixtures) == 56
    uids = [str(event["UID"]) for event in events]
    assert len(set(uids)) == 56
    assert set(uids) == {f"fixture-{pk}@league.example.org" for pk in fixtures}
    for event in events:
        fixture = fixtures[int(str(event["UID"]).split("@")[0].removeprefix("fixture-"))]
        assert event.decoded("DTSTART") == fixture.kickoff
        assert event.decoded("DTEND") - event.decoded("DTSTART") == timedelta(hours=2)
        assert str(event["SUMMARY"]) == f"{fixture.home.name} – {fixture.away.name}"
        assert str(event["URL"]) == f"https://league.example.org/matches/{fixture.pk}/"
        assert "DTSTAMP" in event
        expected = "CANCELLED" if fixture.status == "cancelled" else "CONFIRMED"
        assert str(event["STATUS"]) == expected
        if fixture.status == "played":
            score = f"{fixture.result.home_score}–{fixture.result.away_score}"
            assert score in str(event["DESCRIPTION"])
    assert sum(str(event["STATUS"]) == "CANCELLED" for event in events) == 1


def test_uids_stay_the_same_when_a_fixture_moves(client, league, full_season):
    first = {
        str(e["UID"]): e.decoded("DTSTART")
        for e in _events(client.get(f"/leagues/{league.pk}/calendar.ics"))
    }
    fixture = Fixture.objects.filter(status="scheduled").first()
    fixture.kickoff += timedelta(days=1)
    fixture.save(update_fields=["kickoff"])
    second = {
        str(e["UID"]): e.decoded("DTSTART")
        for e in _events(client.get(f"/leagues/{league.pk}/calendar.ics"))
    }
    assert set(first) == set(second)
    changed = [uid for uid in first if first[uid] != second[uid]]
    assert changed == [f"fixture-{fixture.pk}@localhost"]


def test_team_calendar_holds_only_the_teams_fixtures(client, team, full_season, settings):
    settings.CALENDAR_EVENT_MINUTES = 90
    events = _events(client.get(f"/leagues/teams/{team.pk}/calendar.ics"))
    assert len(events) == 14
    assert all(team.name in str(event["SUMMARY"]) for event in events)
    assert all(e.decoded("DTEND") - e.decoded("DTSTART") == timedelta(minutes=90) for e in events)


def test_an_unknown_team_or_league_has_no_feed(client, db):
    assert client.get("/leagues/999/calendar.ics").status_code == 404
    assert client.get("/leagues/teams/999/calendar.ics").status_code == 404
    assert client.get("/leagues/teams/999/roster.csv").status_code == 404


def test_feeds_cost_a_few_queries(client, league, full_season, team, django_assert_max_num_queries):
    with django_assert_max_num_queries(6):
        assert client.get(f"/leagues/{league.pk}/calendar.ics").status_code == 200
    with django_assert_max_num_queries(6):
        assert client.get(f"/leagues/teams/{team.pk}/calendar.ics").status_code == 200


def test_a_fixture_of_tomorrow_is_in_the_feed(client, league, team, other_team, season):
    Fixture.objects.create(
        season=season,
        round=1,
        home=team,
        away=other_team,
        kickoff=timezone.now() + timedelta(days=1),
    )
    [event] = _events(client.get(f"/leagues/{league.pk}/calendar.ics"))
    assert str(event["SUMMARY"]) == "Wolves – Ravens"
    assert str(event["DESCRIPTION"]) == "Round 1"


def test_a_calendar_client_may_ask_with_head_but_not_post(client, league, team, full_season):
    assert client.head(f"/leagues/{league.pk}/calendar.ics").status_code == 200
    assert client.head(f"/leagues/teams/{team.pk}/calendar.ics").status_code == 200
    assert client.post(f"/leagues/{league.pk}/calendar.ics").status_code == 405
