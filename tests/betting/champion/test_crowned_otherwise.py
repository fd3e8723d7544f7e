"""A champion market whose season is not crowned by the league points table the forecasts count
(``matches.plugins.crowns_by_points``): a Killpower Ball championship (the top of its ranking
points table) and a tournament (the final's winner). Their title chances and eliminated marks
count league points, so they neither close a team nor decide the title before the season is
finished, and fixed odds are refused (``no_fixed_odds``, on ``season``, naming the rule) on the
page, in the API and in the service; a pool takes bets, settled by the game's own champion."""

from datetime import timedelta

import pytest
from django.utils import timezone, translation

from betting import bets, futures
from betting.league_settings import settings_save
from betting.models import Bet, SeasonOdds
from forecasts.services import forecast_ensure
from league.models import League
from league.services import league_update
from matches import seasons
from matches.models import Fixture
from matches.plugins import crowns_by_points
from systems.killpower.services.teams import killpower_team_register
from systems.killpower.services.tournaments import tournament_create
from tests.betting.champion.conftest import (
    ants_win_every_game,
    double_round_robin,
    four_teams,
    market_url,
    refused,
    wallet,
)
from tests.factories import killpower_recruits
from tests.pages.conftest import soup

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def no_post_match_sequence(monkeypatch):
    """The Killpower results here are written directly: no post-match run for the finish to
    wait for."""
    from systems.killpower.table_results import KillpowerResults

    monkeypatch.setattr(KillpowerResults, "post_match_pending", staticmethod(lambda **kw: ()))


@pytest.fixture
def kp_teams(kp_league):
    return four_teams(kp_league)


@pytest.fixture
def kp_fixtures(kp_season, kp_teams):
    return double_round_robin(kp_season, kp_teams)


@pytest.fixture
def fixed(kp_league):
    settings_save(league=kp_league, values={"mode": "fixed", "margin_percent": 5})
    return kp_league


@pytest.fixture
def pool(kp_league):
    settings_save(league=kp_league, values={"mode": "pool", "house_cut_percent": 10})
    return kp_league


def back(user, season, team, stake, **extra):
    return futures.champion_bet_place(
        user=user, season_id=season.pk, outcome=str(team.pk), stake=stake, **extra
    )[0]


# --- the reading --------------------------------------------------------------------------


def test_only_a_championship_of_a_game_crowned_by_league_points_is(kp_league, league):
    assert crowns_by_points(league)  # Rotzball: the top of the league points table
    assert not crowns_by_points(kp_league)  # Killpower Ball: its ranking points
    League.objects.filter(pk=league.pk).update(competition_format="tournament")
    league.refresh_from_db()
    assert not crowns_by_points(league)  # any tournament: the final's winner


# --- a Killpower Ball championship --------------------------------------------------------


def test_the_points_marks_close_no_killpower_team_nor_decide_its_title(
    pool,
    kp_season,
    kp_teams,
    kp_fixtures,
    played,
    punter,
    rival,
    commissioner,
    run_on_commit,
    client,
):
    """Five rounds of Ants' wins: the points forecast rules teams out, but Killpower's
    champion tops the ranking points table: the pool stays open for every team. Once every
    fixture is played the table is final and the market closes, before the season's finish."""
    purse, other = wallet(punter, pool), wallet(rival, pool)
    ants_win_every_game(kp_fixtures, played, {1, 2, 3, 4, 5})
    odds = SeasonOdds.objects.get(season=kp_season)
    assert odds.eliminated, "the points forecast still marks its eliminated teams"
    out = next(team for team in kp_teams if team.pk in odds.eliminated)

    quote = futures.champion_quote(kp_season, pool.betting)
    assert not quote.crowns_by_points and not quote.closed and not quote.decided
    assert quote.refusal is None
    assert not any(line.eliminated for line in quote.lines)
    back(rival, kp_season, out, 300)
    back(punter, kp_season, kp_teams[0], 100)

    ants_win_every_game(kp_fixtures, played, {6})
    assert not Fixture.objects.filter(season=kp_season, status=Fixture.Status.SCHEDULED).exists()
    quote = futures.champion_quote(kp_season, pool.betting)
    assert quote.closed and quote.decided  # the ranking table is final, the season unfinished
    assert refused("betting_closed", back, rival, kp_season, kp_teams[0], 50).field == "season"
    client.force_login(rival)
    slip = soup(client.get(market_url(kp_season))).select_one("#champion-slip").parent.get_text()
    assert "The title is decided" in slip and "The season is finished" not in slip

    finished = run_on_commit(seasons.season_finish, season=kp_season, by=commissioner)
    assert finished.champion_id == kp_teams[0].pk  # the top of the ranking points table
    assert futures.champion_quote(finished, pool.betting).closed
    assert refused("betting_closed", back, punter, kp_season, kp_teams[0], 50).field == "season"
    purse.refresh_from_db()
    other.refresh_from_db()
    assert purse.balance == 900 + 360  # the pot of 400 less the 10 % cut
    assert other.balance == 700


def test_fixed_odds_on_a_killpower_champion_are_refused_naming_the_rule(
    fixed, kp_season, kp_teams, kp_fixtures, punter
):
    forecast_ensure(season=kp_season)
    wallet(punter, fixed)
    quote = futures.champion_quote(kp_season, fixed.betting)
    assert quote.market == "fixed" and not quote.closed
    assert all(line.price is None for line in quote.lines)

    error = refused("no_fixed_odds", back, punter, kp_season, kp_teams[0], 50)

    assert error.field == "season"
    assert "Killpower Ball" in error.message and "league points" in error.message
    assert "pool" in error.message
    refused(
        "no_fixed_odds",
        futures.champion_bet_check,
        user=punter,
        season_id=kp_season.pk,
        outcome=str(kp_teams[0].pk),
        stake=50,
    )
    assert Bet.objects.count() == 0


def test_the_api_shows_and_refuses_fixed_odds_on_a_killpower_champion(
    api_as, fixed, kp_season, kp_teams, kp_fixtures, punter
):
    client = api_as(punter)
    bets.wallet_open(user=punter, league=fixed)

    body = client.get(f"/api/v1/seasons/{kp_season.pk}/odds/").json()

    assert body["market"] == "fixed" and not body["closed"]
    assert body["crowns_by_points"] is False
    assert body["refused"]["code"] == "no_fixed_odds" and body["refused"]["field"] == "season"
    assert "Killpower Ball" in body["refused"]["message"]
    assert all(line["price"] is None for line in body["champion"])
    bet = {"season": kp_season.pk, "market": "champion", "outcome": str(kp_teams[0].pk)}
    for path in ("/api/v1/bets/", "/api/v1/bets/check/"):
        answer = client.post(path, bet | {"stake": 40})
        assert answer.status_code == 400
        error = answer.json()["error"]
        assert error["code"] == "no_fixed_odds"
        assert "league points" in error["fields"]["season"][0]
    assert Bet.objects.count() == 0


def test_the_api_takes_a_pool_bet_on_a_killpower_champion(
    api_as, pool, kp_season, kp_teams, kp_fixtures, punter
):
    client = api_as(punter)
    bets.wallet_open(user=punter, league=pool)

    body = client.get(f"/api/v1/seasons/{kp_season.pk}/odds/").json()

    assert body["market"] == "pool" and body["crowns_by_points"] is False
    assert body["refused"] is None
    bet = {"season": kp_season.pk, "market": "champion", "outcome": str(kp_teams[1].pk)}
    placed = client.post("/api/v1/bets/", bet | {"stake": 40})
    assert placed.status_code == 201 and placed.json()["price"] is None


def test_the_page_says_why_a_killpower_champion_has_no_fixed_odds_in_both_languages(
    client, fixed, kp_season, kp_teams, kp_fixtures, punter
):
    bets.wallet_open(user=punter, league=fixed)
    client.force_login(punter)

    page = soup(client.get(market_url(kp_season)))

    why = page.find(id="no-fixed-odds").get_text()
    assert "No fixed odds" in why and "Killpower Ball" in why and "league points" in why
    assert page.find("form", id="slip-champion") is None
    assert "No bet at fixed odds" in page.get_text()
    with translation.override("fr"):
        page = soup(client.get(market_url(kp_season), HTTP_ACCEPT_LANGUAGE="fr"))
    why = page.find(id="no-fixed-odds").get_text()
    assert "Pas de cote fixe" in why and "Killpower Ball" in why
    assert "points du championnat" in why
    assert page.find("form", id="slip-champion") is None
    assert "Pas de pari à cote fixe" in page.get_text()


def test_the_page_takes_a_pool_bet_on_a_killpower_champion(
    client, pool, kp_season, kp_teams, kp_fixtures, punter
):
    bets.wallet_open(user=punter, league=pool)
    client.force_login(punter)

    page = soup(client.get(market_url(kp_season)))

    assert page.find(id="no-fixed-odds") is None
    assert page.find("form", id="slip-champion") is not None
    assert "they close no team" in page.find("caption").get_text()


# --- a tournament -------------------------------------------------------------------------


@pytest.fixture
def bracket(kp_league, kp_season, titanos, viking):
    """Four Killpower teams in a tournament, its semi-finals played (home wins), the final not
    created yet: the points forecast has no fixture left."""
    for seed, name in enumerate(("Nabos", "Ursus"), start=3):
        killpower_team_register(
            league=kp_league, name=name, gladiators=killpower_recruits(name), seed=seed
        )
    league_update(league=kp_league, competition_format="tournament")
    kp_league.refresh_from_db()
    return tournament_create(season=kp_season, first_kickoff=timezone.now() + timedelta(days=1))


def test_a_tournament_is_not_decided_by_its_points_and_has_no_fixed_odds(
    kp_league, kp_season, bracket, played, punter
):
    settings_save(league=kp_league, values={"mode": "pool", "house_cut_percent": 10})
    kp_league.refresh_from_db()
    wallet(punter, kp_league)
    semi_finals = sorted(bracket, key=lambda fixture: fixture.pk)
    assert len(semi_finals) == 2
    for fixture in semi_finals:
        played(fixture, 3, 0)
    odds = SeasonOdds.objects.get(season=kp_season)
    assert max(odds.probabilities.values()) == 1, "the points give the title to one finalist"
    other_finalist = next(
        fixture.home for fixture in semi_finals if odds.probabilities[str(fixture.home_id)] < 1
    )

    quote = futures.champion_quote(kp_season, kp_league.betting)
    assert not quote.closed and not quote.decided and not quote.crowns_by_points
    assert not quote.line(str(other_finalist.pk)).eliminated
    assert back(punter, kp_season, other_finalist, 50).price is None

    settings_save(league=kp_league, values={"mode": "fixed"})
    kp_league.refresh_from_db()
    error = refused("no_fixed_odds", back, punter, kp_season, other_finalist, 50)
    assert error.field == "season" and "tournament" in error.message
    assert "final" in error.message
