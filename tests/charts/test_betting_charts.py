"""The betting charts: the balance series is the ledger, the book's exposure is the stakes and
the house's liability, a played fixture's odds are the stored chances with the result marked,
and the calibration counts what happened; each drawn as a named SVG with the table beside."""

import pytest
from bs4 import BeautifulSoup
from django.urls import reverse

from betting import charts, selectors
from betting.calibration import calibration_get
from betting.models import Bet, FixtureOdds
from ledger.models import Entry
from matches.models import Fixture, Result
from tests.charts.helpers import parse_svg, series_values
from tests.factories import FixtureFactory


def _soup(response) -> BeautifulSoup:
    assert response.status_code == 200
    return BeautifulSoup(response.content.decode(), "html.parser")


@pytest.mark.django_db
def test_the_balance_series_is_the_ledger(punter, wallet, open_fixture, place):
    place(punter, open_fixture, "home", 30)
    place(punter, open_fixture, "away", 12)

    history = selectors.balance_history(wallet)

    amounts = list(
        Entry.objects.filter(account=wallet)
        .order_by("transaction_id", "pk")
        .values_list("amount", flat=True)
    )
    running = [sum(amounts[: index + 1]) for index in range(len(amounts))]
    assert [balance for _when, balance in history] == running == [1000, 970, 958]
    wallet.refresh_from_db()
    assert history[-1][1] == wallet.balance
    root = parse_svg(charts.balance_chart(history))
    assert [float(v.split()[-1]) for v in series_values(root)[0]] == running


@pytest.mark.django_db
def test_the_wallet_page_tables_the_same_balances(client, punter, wallet, open_fixture, place):
    place(punter, open_fixture, "home", 30)
    client.force_login(punter)

    page = _soup(client.get(reverse("betting:wallet", args=[wallet.league_id])))

    figure = page.find("figure", class_="balance-chart")
    parse_svg(str(figure.find("svg")))
    cells = [row.find_all("td")[1].get_text() for row in figure.find("table").tbody.find_all("tr")]
    assert cells == [str(balance) for _when, balance in selectors.balance_history(wallet)]


@pytest.mark.django_db
def test_the_exposure_chart_is_the_stakes_and_the_liability(
    client, commissioner, punter, other_punter, wallet, fixed_league, open_fixture, place
):
    from betting.bets import wallet_open

    wallet_open(user=other_punter, league=fixed_league)
    place(punter, open_fixture, "home", 100)
    place(other_punter, open_fixture, "home", 20)
    place(other_punter, open_fixture, "away", 50)
    client.force_login(commissioner)

    page = _soup(client.get(reverse("betting:book", args=[fixed_league.pk])))

    lines = {line.outcome: line for line in selectors.book(fixed_league)}
    assert lines["home"].staked == 120 and lines["away"].staked == 50
    staked = sum(bet.stake * bet.price for bet in Bet.objects.filter(outcome="home"))
    assert lines["home"].liability == max(0, int(staked) - 170)
    root = parse_svg(str(page.find("figure", class_="exposure-chart").find("svg")))
    drawn_staked, drawn_liability = series_values(root)
    assert [int(v) for v in drawn_staked] == [lines[o].staked for o in lines]
    assert [int(v) for v in drawn_liability] == [lines[o].liability for o in lines]
    rows = page.find("table", class_="book").tbody.find_all("tr")
    assert [int(row.find_all("td")[1].get_text()) for row in rows] == [
        lines[o].staked for o in lines
    ]


def _play(fixture, home_score, away_score, probabilities):
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
    FixtureOdds.objects.update_or_create(
        fixture=fixture, defaults={"method": "test", "probabilities": probabilities}
    )


@pytest.mark.django_db
def test_a_played_fixture_shows_its_odds_against_the_result(client, open_fixture):
    _play(open_fixture, 0, 2, {"home": 0.7, "away": 0.3})

    page = _soup(client.get(reverse("betting:fixture_panel", args=[open_fixture.pk])))

    figure = page.find("figure", class_="odds-result")
    root = parse_svg(str(figure.find("svg")))
    rows = [
        [cell.get_text(strip=True) for cell in row.find_all(["th", "td"])]
        for row in figure.find("table").tbody.find_all("tr")
    ]
    assert rows == [["Wolves win", "70.0 %", "no"], ["Ravens win", "30.0 %", "yes"]]
    happened, missed = series_values(root)
    assert happened == ["0.0 %", "30.0 %"]  # stacked: one coloured bar per outcome
    assert missed == ["70.0 %", "0.0 %"]


@pytest.mark.django_db
def test_an_open_fixture_has_no_odds_against_a_result(client, open_fixture):
    FixtureOdds.objects.update_or_create(
        fixture=open_fixture, defaults={"method": "t", "probabilities": {"home": 1.0}}
    )

    page = _soup(client.get(reverse("betting:fixture_panel", args=[open_fixture.pk])))

    assert page.find("figure", class_="odds-result") is None


@pytest.mark.django_db
def test_the_calibration_counts_what_happened_per_chance_bucket(
    client, fixed_league, season, team, other_team, open_fixture
):
    _play(open_fixture, 2, 0, {"home": 0.62, "away": 0.38})
    second = FixtureFactory(season=season, home=other_team, away=team, round=2)
    _play(second, 1, 1, {"home": 0.68, "away": 0.32})  # a draw: neither outcome happened

    calibration = calibration_get(league=fixed_league, season=season)

    assert calibration.model_fixtures == 2
    by_low = {bucket.low: bucket for bucket in calibration.model_buckets}
    # the draw nobody priced is an outcome given 0 that happened
    assert sorted(by_low) == [0, 30, 60]
    assert (by_low[0].outcomes, by_low[0].happened, by_low[0].observed) == (1, 1, 100.0)
    assert (by_low[60].outcomes, by_low[60].happened, by_low[60].observed) == (2, 1, 50.0)
    assert by_low[60].mean_chance == 65.0
    assert (by_low[30].outcomes, by_low[30].happened, by_low[30].observed) == (2, 0, 0.0)
    assert by_low[30].mean_chance == 35.0
    page = _soup(client.get(reverse("betting:forecasts", args=[fixed_league.pk])))
    parse_svg(str(page.find("figure", class_="calibration-chart").find("svg")))
    rows = [
        [cell.get_text(strip=True) for cell in row.find_all(["th", "td"])]
        for row in page.find("table", class_="calibration").tbody.find_all("tr")
    ]
    assert rows[-1] == ["60–70 %", "2", "65.0 %", "1", "50.0 %"]


@pytest.mark.django_db
def test_the_calibration_costs_two_queries(fixed_league, season, django_assert_num_queries):
    with django_assert_num_queries(2):
        calibration_get(league=fixed_league, season=season)


@pytest.mark.django_db
def test_the_api_gives_the_calibration(
    api_client, fixed_league, season, team, other_team, open_fixture
):
    _play(open_fixture, 2, 0, {"home": 0.62, "away": 0.38})

    response = api_client.get(f"/api/v1/leagues/{fixed_league.pk}/forecasts/")

    assert response.status_code == 200
    body = response.json()
    assert body["league"] == fixed_league.pk and body["fixtures"] == 1
    assert [(b["low"], b["outcomes"], b["happened"], b["observed"]) for b in body["buckets"]] == [
        (30, 1, 0, 0.0),
        (60, 1, 1, 100.0),
    ]
    assert body["season"] == open_fixture.season_id
    assert api_client.get("/api/v1/leagues/999999/forecasts/").status_code == 404
