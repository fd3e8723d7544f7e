"""Calibration by season: the model's stored odds, the crowd's stakes before kick-off and the
naive baseline scored on the played fixtures (selector, page in English and French, API), and
the bettors' settled bets and return on stakes."""

import math
from datetime import timedelta

import pytest
from bs4 import BeautifulSoup
from django.db import connection
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import timezone

from betting import bets, selectors
from betting.calibration import calibration_get, season_choose, seasons_of
from betting.models import Bet, FixtureOdds
from betting.settlement import fixture_settle
from matches.models import Fixture, Result
from rules_engine.ratings.scoring import FLOOR
from tests.factories import FixtureFactory, SeasonFactory

pytestmark = pytest.mark.django_db


def _result(fixture, home_score, away_score):
    winner = "home" if home_score > away_score else "away" if away_score > home_score else "draw"
    Result.objects.create(
        fixture=fixture,
        home_score=home_score,
        away_score=away_score,
        winner=winner,
        decided_by="regulation",
        seed=1,
        record={},
    )
    Fixture.objects.filter(pk=fixture.pk).update(status=Fixture.Status.PLAYED)


def _odds(fixture, probabilities, method="simulation"):
    FixtureOdds.objects.update_or_create(
        fixture=fixture, defaults={"method": method, "probabilities": probabilities}
    )


def _by_kind(calibration):
    return {f.kind: f for f in calibration.forecasters}


@pytest.fixture
def seeded(fixed_league, season, team, other_team, punter, other_punter, wallet, place):
    """Four fixtures of the Rotzball league (home or away win, no draw market):

    * A, Wolves 2-0 Ravens: odds 60/40; punter 30 on home, other_punter 10 on away;
    * B, Ravens 0-1 Wolves: odds 70/30; punter 20 on home; other_punter's 50 on home cancelled,
      and 20 on away placed after kick-off (counted for the return, not the crowd);
    * C, played: no odds, no bet: only the naive baseline has a forecast;
    * D, cancelled, with odds: left out."""
    bets.wallet_open(user=other_punter, league=fixed_league)
    soon = timezone.now() + timedelta(days=2)
    a, b, c, d = (
        FixtureFactory(season=season, home=h, away=w, round=r, kickoff=soon + timedelta(hours=r))
        for r, h, w in (
            (1, team, other_team),
            (2, other_team, team),
            (3, team, other_team),
            (4, other_team, team),
        )
    )
    place(punter, a, "home", 30)
    place(other_punter, a, "away", 10)
    place(punter, b, "home", 20)
    cancelled = place(other_punter, b, "home", 50)
    bets.bet_cancel(user=other_punter, bet_id=cancelled.pk)
    late = place(other_punter, b, "away", 20)
    Bet.objects.filter(pk=late.pk).update(placed_at=b.kickoff + timedelta(minutes=5))
    _odds(a, {"home": 0.6, "away": 0.4})
    _odds(b, {"home": 0.7, "away": 0.3})
    FixtureOdds.objects.filter(fixture=c).delete()
    _odds(d, {"home": 0.5, "away": 0.5})
    _result(a, 2, 0)
    _result(b, 0, 1)  # Ravens at home: the away side, Wolves, won
    _result(c, 1, 0)
    Fixture.objects.filter(pk=d.pk).update(status=Fixture.Status.CANCELLED)
    for fixture in (a, b, c):
        fixture_settle(fixture_id=fixture.pk)
    return {"a": a, "b": b, "c": c, "d": d}


def test_each_forecaster_is_scored_on_its_own_fixtures(fixed_league, season, seeded):
    calibration = calibration_get(league=fixed_league, season=season)

    scores = _by_kind(calibration)
    assert [line.fixture.pk for line in calibration.fixtures] == [
        seeded[k].pk for k in ("a", "b", "c")
    ]
    model, crowd, naive = scores["model"], scores["crowd"], scores["naive"]
    assert (model.method, model.fixtures, crowd.fixtures, naive.fixtures) == ("simulation", 2, 2, 3)
    # A: 0.4² + 0.4² = 0.32; B: 0.7² + 0.7² = 0.98
    assert model.brier == pytest.approx((0.32 + 0.98) / 2)
    assert model.log_loss == pytest.approx((-math.log(0.6) - math.log(0.3)) / 2)
    # the crowd: A 30/40 on home, 10/40 on away; B only the 20 on home before kick-off
    assert crowd.brier == pytest.approx((0.25**2 * 2 + 2) / 2)
    assert crowd.log_loss == pytest.approx((-math.log(0.75) - math.log(FLOOR)) / 2)
    assert naive.brier == pytest.approx(0.5)
    assert naive.log_loss == pytest.approx(math.log(2))
    lines = {line.fixture.pk: line for line in calibration.fixtures}
    assert (lines[seeded["b"].pk].model, lines[seeded["b"].pk].crowd) == (30.0, 0.0)
    assert lines[seeded["b"].pk].staked == 20
    assert (lines[seeded["c"].pk].model, lines[seeded["c"].pk].crowd) == (None, None)
    assert lines[seeded["c"].pk].naive == 50.0


def test_the_reliability_buckets_of_the_model(fixed_league, season, seeded):
    model = _by_kind(calibration_get(league=fixed_league, season=season))["model"]

    assert [(b.low, b.outcomes, b.happened, b.mean_chance) for b in model.buckets] == [
        (30, 1, 1, 30.0),  # B's away: 0.3, won
        (40, 1, 0, 40.0),  # A's away: 0.4, lost
        (60, 1, 1, 60.0),  # A's home: 0.6, won
        (70, 1, 0, 70.0),  # B's home: 0.7, lost
    ]


def test_each_method_is_its_own_forecaster(fixed_league, season, seeded):
    _odds(seeded["b"], {"home": 0.7, "away": 0.3}, method="ratings")

    calibration = calibration_get(league=fixed_league, season=season)

    models = [(f.method, f.fixtures) for f in calibration.forecasters if f.kind == "model"]
    assert models == [("ratings", 1), ("simulation", 1)]
    # the API's ``fixtures`` and ``buckets``: every method together
    assert calibration.model_fixtures == 2
    assert [b.low for b in calibration.model_buckets] == [30, 40, 60, 70]


def test_another_season_is_scored_apart(fixed_league, season, seeded):
    newer = SeasonFactory(league=fixed_league, name="2627")
    seasons = seasons_of(fixed_league)

    assert season_choose(seasons, None) == newer  # the newest by default
    assert season_choose(seasons, str(season.pk)) == season
    assert season_choose(seasons, "999999") is None
    empty = calibration_get(league=fixed_league, season=newer)
    assert empty.fixtures == [] and _by_kind(empty)["naive"].brier is None


def test_a_pool_s_crowd_and_its_three_outcomes(pool_league, kp_fixture, punter, place):
    bets.wallet_open(user=punter, league=pool_league)
    place(punter, kp_fixture, "home", 30)
    place(punter, kp_fixture, "away", 10)
    _result(kp_fixture, 3, 1)

    scores = _by_kind(calibration_get(league=pool_league, season=kp_fixture.season))

    assert scores["model"].fixtures == 0 and scores["model"].brier is None
    assert scores["crowd"].brier == pytest.approx(0.25**2 + 0.25**2)  # draw given 0, not happened
    assert scores["naive"].brier == pytest.approx(2 / 3)  # three outcomes: (k - 1) / k


def test_the_calibration_costs_the_same_queries_for_more_fixtures(
    fixed_league, season, seeded, team, other_team, django_assert_max_num_queries
):
    with django_assert_max_num_queries(2):
        calibration_get(league=fixed_league, season=season)
    for number in range(5, 12):
        extra = FixtureFactory(season=season, home=team, away=other_team, round=number)
        _odds(extra, {"home": 0.5, "away": 0.5})
        _result(extra, 1, 0)
    with django_assert_max_num_queries(2):
        calibration = calibration_get(league=fixed_league, season=season)
    assert _by_kind(calibration)["naive"].fixtures == 10


# --- the page ----------------------------------------------------------------------------


def _page(client, league, language="en", **query):
    client.cookies["django_language"] = language
    response = client.get(
        reverse("betting:forecasts", args=[league.pk]), query, HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.status_code == 200
    return BeautifulSoup(response.content.decode(), "html.parser")


def _rows(table):
    return [
        [cell.get_text(" ", strip=True) for cell in row.find_all(["th", "td"])]
        for row in table.tbody.find_all("tr")
    ]


def test_the_page_compares_the_three_forecasters(client, fixed_league, seeded):
    page = _page(client, fixed_league)

    assert _rows(page.find("table", class_="forecast-scores")) == [
        ["Model: simulation", "2", "0.650", f"{(-math.log(0.6) - math.log(0.3)) / 2:.3f}"],
        ["Crowd (stakes before kick-off)", "2", "1.063", "7.052"],
        ["Naive (the same chance for each outcome)", "3", "0.500", "0.693"],
    ]
    assert "Lower is better for both scores" in page.get_text()
    chart = page.find("figure", class_="calibration-chart").find("svg")
    legend = chart.get_text(" ")
    assert "Model: simulation" in legend and "Crowd" in legend and "Perfect forecasts" in legend
    fixtures = _rows(page.find("table", class_="fixture-forecasts"))
    assert fixtures[1] == [
        "2",
        "Ravens – Wolves",
        "0–1, Wolves win",
        "simulation",
        "30.0 %",
        "0.0 %",
        "50.0 %",
        "20",
    ]
    assert fixtures[2][3:7] == ["—", "—", "—", "50.0 %"]
    assert page.find("button", attrs={"data-print": True}) is not None


def test_the_page_in_french(client, fixed_league, seeded):
    page = _page(client, fixed_league, "fr")

    rows = _rows(page.find("table", class_="forecast-scores"))
    assert rows[0][:3] == ["Modèle : simulation", "2", "0,650"]
    assert rows[1][0] == "Foule (mises avant le coup d’envoi)"
    assert "Plus bas, c’est mieux" in page.get_text()
    assert page.find("h2", id="fixtures-title").get_text() == "Cotes et résultats"


def test_the_season_picker_and_an_unknown_season(client, fixed_league, season, seeded):
    newer = SeasonFactory(league=fixed_league, name="2627")

    page = _page(client, fixed_league)
    assert page.find("select", attrs={"name": "season"}).find("option", selected=True)[
        "value"
    ] == str(newer.pk)
    assert page.find("table", class_="forecast-scores") is None  # nothing played yet
    older = _page(client, fixed_league, season=season.pk)
    assert older.find("table", class_="forecast-scores") is not None
    url = reverse("betting:forecasts", args=[fixed_league.pk])
    assert client.get(url, {"season": "999999"}).status_code == 404


# --- the API -----------------------------------------------------------------------------


def test_the_api_gives_the_scores_per_season(api_client, fixed_league, season, seeded):
    url = f"/api/v1/leagues/{fixed_league.pk}/forecasts/"

    body = api_client.get(url, {"season": season.pk}).json()

    assert body["season"] == season.pk and body["fixtures"] == 2
    scores = {f["kind"]: f for f in body["forecasters"]}
    assert scores["model"]["method"] == "simulation"
    assert scores["model"]["brier"] == pytest.approx(0.65)
    assert scores["crowd"]["fixtures"] == 2 and scores["naive"]["fixtures"] == 3
    assert scores["naive"]["log_loss"] == pytest.approx(math.log(2))
    assert [b["low"] for b in body["buckets"]] == [30, 40, 60, 70]
    assert [line["fixture"] for line in body["scored"]] == [seeded[k].pk for k in ("a", "b", "c")]
    assert body["scored"][2]["model"] is None and body["scored"][2]["naive"] == 50.0


def test_the_api_refuses_a_season_naming_the_field(api_client, fixed_league, seeded):
    url = f"/api/v1/leagues/{fixed_league.pk}/forecasts/"

    for wanted in ("999999", "soon"):
        response = api_client.get(url, {"season": wanted})
        assert response.status_code == 400
        assert "season" in response.content.decode()


# --- the bettors' return on stakes ---------------------------------------------------------


def test_the_bettors_settled_bets_and_return_on_stakes(
    client, api_client, fixed_league, punter, other_punter, seeded, django_assert_num_queries
):
    won = Bet.objects.get(user=punter, fixture=seeded["a"])
    late = Bet.objects.get(user=other_punter, fixture=seeded["b"], status=Bet.Status.WON)
    punter_return = round(100 * (int(30 * won.price) - 50) / 50, 1)
    other_return = round(100 * (int(20 * late.price) - 30) / 30, 1)

    with django_assert_num_queries(1):
        board = {row["user"]: row for row in selectors.leaderboard(fixed_league)}

    assert (board["punter"]["settled_bets"], board["punter"]["return_percent"]) == (
        2,
        punter_return,
    )
    # the cancelled bet is not settled
    assert (board["other_punter"]["settled_bets"], board["other_punter"]["return_percent"]) == (
        2,
        other_return,
    )
    api = {
        row["user"]: row
        for row in api_client.get(f"/api/v1/leagues/{fixed_league.pk}/bettors/").json()
    }
    assert api["punter"]["return_percent"] == punter_return
    assert api["other_punter"]["settled_bets"] == 2
    page = BeautifulSoup(
        client.get(reverse("betting:bettors", args=[fixed_league.pk])).content.decode(),
        "html.parser",
    )
    rows = {row[1]: row for row in _rows(page.find("table", class_="bettors"))}
    sign = "+" if punter_return > 0 else ""
    assert rows["punter"][-2:] == ["2", f"{sign}{punter_return:.1f} %"]


def test_no_settled_bet_no_return(fixed_league, punter, wallet, open_fixture, place):
    place(punter, open_fixture, "home", 40)

    (row,) = selectors.leaderboard(fixed_league)

    assert (row["settled_bets"], row["return_percent"]) == (0, None)


def test_the_page_costs_the_same_queries_for_more_fixtures(
    client, fixed_league, season, seeded, team, other_team
):
    url = reverse("betting:forecasts", args=[fixed_league.pk])
    with CaptureQueriesContext(connection) as few:
        assert client.get(url).status_code == 200
    for number in range(5, 15):
        extra = FixtureFactory(season=season, home=team, away=other_team, round=number)
        _odds(extra, {"home": 0.5, "away": 0.5})
        _result(extra, 1, 0)
    with CaptureQueriesContext(connection) as many:
        page = client.get(url)
    assert (
        len(
            _rows(
                BeautifulSoup(page.content.decode(), "html.parser").find(
                    "table", class_="fixture-forecasts"
                )
            )
        )
        == 13
    )
    assert len(many) == len(few)
