"""Who reads which history: the league's page and API, an object's recent changes, a bet's
entries (its bettor and the commissioner only), and what a page of history costs."""

import pytest
from auditlog.context import set_actor
from django.db import connection
from django.test.utils import CaptureQueriesContext

from betting import bets, settlement
from core import history
from core.models import HistoryEntry
from league.models import Team
from league.services import league_update, team_update
from matches.services import fixture_simulate, fixtures_generate
from tests.factories import TeamFactory

pytestmark = pytest.mark.django_db


def history_page(client, league, **query):
    return client.get(f"/leagues/{league.pk}/history/", query)


def test_the_league_page_links_its_history(client, league, season):
    response = client.get(league.get_absolute_url())
    assert f'href="/leagues/{league.pk}/history/"' in response.content.decode()


def test_the_history_page_shows_who_changed_which_field(client, league, commissioner):
    with set_actor(commissioner):
        league_update(league=league, points_win=2)
    response = history_page(client, league)
    assert response.status_code == 200
    page = response.content.decode()
    assert "commissioner" in page
    assert "Points for a win" in page
    assert "<del>3</del> → <ins>2</ins>" in page


def test_a_worker_change_shows_as_system(client, league, team):
    team_update(team=team, name="Grey Wolves")
    row = client.get(f"/leagues/{league.pk}/history/").context["rows"][0]
    assert row.actor == "system"
    assert row.object_url == team.get_absolute_url()


def test_bad_filters_are_refused_naming_the_field(client, league):
    assert history_page(client, league, object_type="auth.user").status_code == 400
    response = history_page(client, league, object_type="league.team", object_id="x")
    assert response.status_code == 400
    assert b"object_id" in response.content


def test_a_team_page_shows_its_and_its_rosters_changes(client, league, team):
    team_update(team=team, name="Grey Wolves")
    player = team.players.first()
    player.name = "Renamed"
    player.save()
    other = TeamFactory(league=league, name="Elsewhere")
    team_update(team=other, name="Far away")
    page = client.get(team.get_absolute_url()).content.decode()
    assert "Recent changes" in page
    assert "Grey Wolves" in page and "Renamed" in page
    assert "Far away" not in page
    assert f"object_type=league.team&amp;object_id={team.pk}" in page


def test_a_team_page_panel_words_its_changes_in_the_readers_language(client, league, team):
    """Each change is captioned by its field's label (a no-break space before the colon in French),
    and a long value is cut to 80 characters with an ellipsis, as ``truncatechars`` cuts."""
    long_name = "Grey <Wolves> & " + "x" * 90
    history.record_many(
        model=Team,
        league_id=league.pk,
        changes=[history.Change(team.pk, team.name, {"name": [team.name, long_name]})],
        url=team.get_absolute_url(),
    )
    team_update(team=team, primary_colour="#123456")
    clipped = "<ins>Grey &lt;Wolves&gt; &amp; " + "x" * 63 + "…</ins>"
    page = client.get(team.get_absolute_url()).content.decode()
    assert "<li>Name: <del>" in page and "<li>Primary colour: <del>" in page
    assert clipped in page and "x" * 64 not in page
    client.cookies["django_language"] = "fr"
    page = client.get(team.get_absolute_url()).content.decode()
    assert "<li>Nom\u00a0: <del>" in page and "<li>Couleur principale\u00a0: <del>" in page
    assert clipped in page


def test_the_full_list_of_an_object_holds_its_page_rows_only(client, league, team):
    player = team.players.first()
    player.name = "Renamed"
    player.save()
    other = TeamFactory(league=league, name="Elsewhere")
    team_update(team=other, name="Far away")
    rows = history_page(client, league, object_type="league.team", object_id=team.pk).context[
        "rows"
    ]
    assert rows and all(row.object_url == team.get_absolute_url() for row in rows)


def test_settling_records_one_entry_per_bet(
    place, punter, other_punter, open_fixture, wallet, commissioner
):
    bets.wallet_open(user=other_punter, league=open_fixture.season.league)
    first = place(punter, open_fixture, "home", 10)
    second = place(other_punter, open_fixture, "away", 20)
    fixture_simulate(fixture_id=open_fixture.pk, seed=3)
    settlement.fixture_settle(fixture_id=open_fixture.pk)
    settled = HistoryEntry.objects.filter(
        content_type__model="bet", action=HistoryEntry.Action.UPDATE
    )
    assert {entry.object_id for entry in settled} == {first.pk, second.pk}
    for entry in settled:
        assert entry.changes["status"][0] == "open"
        assert entry.changes["status"][1] in {"won", "lost"}
        assert entry.actor is None  # a worker's change
        assert entry.league_id == open_fixture.season.league_id
    assert {entry.owner_id for entry in settled} == {punter.pk, other_punter.pk}

    assert {entry.changes["payout"][0] for entry in settled} == {"None"}

    with set_actor(commissioner):  # a correction asked for on a page
        settlement.settlement_reverse(fixture_id=open_fixture.pk, reason="corrected")
    reopened = HistoryEntry.objects.filter(content_type__model="bet").order_by("-id")[:2]
    assert {entry.changes["status"][1] for entry in reopened} == {"open"}
    assert {entry.changes["payout"][1] for entry in reopened} == {"None"}
    assert {entry.actor for entry in reopened} == {commissioner}
    assert {entry.object_repr for entry in reopened} == {
        f"#{first.pk} home 10",
        f"#{second.pk} away 20",
    }


def test_a_bets_history_is_for_its_bettor_and_the_commissioner(
    client, place, punter, open_fixture, wallet, commissioner, stranger
):
    bet = place(punter, open_fixture, "home", 10)
    league = open_fixture.season.league

    def sees_bet(user):
        if user:
            client.force_login(user)
        else:
            client.logout()
        rows = history_page(client, league).context["rows"]
        return any(row.object_type == "betting.bet" and row.object_id == bet.pk for row in rows)

    assert sees_bet(punter)
    assert sees_bet(commissioner)
    assert not sees_bet(stranger)
    assert not sees_bet(None)


def test_the_history_page_costs_the_same_for_3_or_40_entries(client, league, commissioner):
    client.force_login(commissioner)

    def queries() -> int:
        with CaptureQueriesContext(connection) as captured:
            assert history_page(client, league).status_code == 200
        return len(captured)

    for number in range(3):
        TeamFactory(league=league, name=f"Team {number}")
    few = queries()
    for number in range(3, 40):
        team = TeamFactory(league=league, name=f"Team {number}")
        team_update(team=team, name=f"Renamed {number}")
    assert HistoryEntry.objects.filter(league_id=league.pk).count() > 40
    assert queries() == few


def test_the_api_lists_a_leagues_history_filtered_by_object(api_client, league, team):
    team_update(team=team, name="Grey Wolves")
    other = TeamFactory(league=league, name="Elsewhere")
    response = api_client.get(
        f"/api/v1/leagues/{league.pk}/history/",
        {"object_type": "league.team", "object_id": team.pk},
    )
    assert response.status_code == 200
    body = response.json()
    assert body["count"] >= 1
    assert {row["object_url"] for row in body["results"]} == {team.get_absolute_url()}
    first = body["results"][0]
    assert first["actor"] == "system"
    assert first["changes"] == [
        {"field": "name", "label": "name", "old": "Wolves", "new": "Grey Wolves"}
    ]
    assert other.get_absolute_url() not in {row["object_url"] for row in body["results"]}


def test_the_api_refuses_bad_filters_naming_the_field(api_client, league):
    response = api_client.get(f"/api/v1/leagues/{league.pk}/history/", {"object_type": "auth.user"})
    assert response.status_code == 400
    assert "object_type" in response.content.decode()
    response = api_client.get(f"/api/v1/leagues/{league.pk}/history/", {"object_id": 3})
    assert response.status_code == 400
    assert "object_type" in response.content.decode()


def test_the_api_hides_bets_from_others(api_as, place, punter, open_fixture, wallet, stranger):
    place(punter, open_fixture, "home", 10)
    url = f"/api/v1/leagues/{open_fixture.season.league_id}/history/"
    types = lambda user: {row["object_type"] for row in api_as(user).get(url).json()["results"]}  # noqa: E731
    assert "betting.bet" in types(punter)
    assert "betting.bet" not in types(stranger)


def test_team_and_fixture_history_endpoints(api_client, open_fixture, team):
    team_update(team=team, name="Grey Wolves")
    fixture_simulate(fixture_id=open_fixture.pk, seed=3)
    teams = api_client.get(f"/api/v1/teams/{team.pk}/history/").json()["results"]
    assert teams[0]["changes"][0]["new"] == "Grey Wolves"
    fixture = api_client.get(f"/api/v1/fixtures/{open_fixture.pk}/history/").json()["results"]
    assert {"matches.result", "matches.fixture"} <= {row["object_type"] for row in fixture}
    assert api_client.get("/api/v1/fixtures/999999/history/").status_code == 404


def test_related_rows_are_shown_by_name(client, season, team, other_team):
    fixtures_generate(season=season)
    page = history_page(client, season.league, object_type="matches.fixture").content.decode()
    assert "Wolves" in page and "Ravens" in page
    assert "#" + str(team.pk) + "<" not in page


def test_a_bad_filter_answers_a_page_naming_the_field(client, league):
    response = history_page(client, league, object_id="7")
    assert response.status_code == 400
    assert "object_type" in response.content.decode()
    assert "Recent changes" in response.content.decode()


def test_the_history_pages_link_each_other_keeping_the_filter(client, league, commissioner):
    from bs4 import BeautifulSoup

    client.force_login(commissioner)
    team = TeamFactory(league=league, name="Team 0")
    for number in range(55):
        team_update(team=team, name=f"Renamed {number}")

    first = BeautifulSoup(history_page(client, league).content, "html.parser")
    pager = first.find("nav", class_="pager")
    assert pager["aria-label"] == "Pages of the history"
    assert pager.find("a", rel="next").get_text() == "Older"
    assert pager.find("a", rel="next")["href"] == "?page=2"
    assert first.find("a", rel="prev") is None

    filtered = history_page(client, league, object_type="league.team", object_id=team.pk, page=2)
    second = BeautifulSoup(filtered.content, "html.parser").find("nav", class_="pager")
    assert second.find("a", rel="prev")["href"] == (
        f"?object_type=league.team&object_id={team.pk}&page=1"
    )
    assert second.find("a", rel="prev").get_text() == "Newer"
