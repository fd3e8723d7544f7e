"""A league world of a given size, built through the services (results, bets, history and
notifications as the product makes them) with bulk inserts only where the rows are plain
test data (the extra punters).

``world_build(teams=4)`` makes the small world, ``world_build(teams=20, ...)`` the large one;
the volume tests measure every list on both and compare the query counts."""

from dataclasses import dataclass
from datetime import timedelta
from typing import Any

from django.contrib.auth.models import User
from django.test import TestCase
from django.utils import timezone

from battles.models import Army, Battle, Campaign
from battles.services.runs import run_start
from betting import bets
from betting.league_settings import settings_save
from betting.models import Bet, FixtureOdds
from league.models import League, Season, Team
from matches import corrections
from matches import services as match_services
from matches.models import Fixture, Result
from notifications.models import WebhookDelivery, WebhookEndpoint
from tests.battles.factories import BattleFactory, CampaignFactory, plain_army
from tests.factories import LeagueFactory, SeasonFactory, TeamFactory, UserFactory, full_lineup

SWAPPED = {"home": "away", "away": "home", "draw": "draw"}


@dataclass
class World:
    league: League
    season: Season
    team: Team
    coach: User
    punter: User
    played: Fixture
    upcoming: Fixture
    bet: Bet
    campaign: Campaign
    army: Army
    battle: Battle

    def samples(self) -> dict[str, Any]:
        """The placeholders of ``core.list_requests``' templates, filled from this world."""
        return {
            "league": self.league.pk,
            "season": self.season.pk,
            "team": self.team.pk,
            "coach": self.coach.username,
            "played": self.played.pk,
            "last_round": max(self.season.fixtures.values_list("round", flat=True)),
            "campaign": self.campaign.pk,
            "army": self.army.pk,
        }

    def users(self) -> dict[str, User | None]:
        return {
            "anonymous": None,
            "commissioner": self.league.commissioner,
            "coach": self.coach,
            "punter": self.punter,
        }


def world_build(*, prefix: str, teams: int, played_rounds: int, punters: int, campaigns: int):
    """A Rotzball league of ``teams`` full teams, a double round robin (``teams`` = 20 gives
    380 fixtures) of which ``played_rounds`` are played (a simulation batch per round, one
    result corrected), ``punters`` bettors with bets on each fixture of the first two rounds
    (settled once played) and of the next round (open), a switched-off webhook with a
    delivery per result, and ``campaigns`` Witcher campaigns of two armies, a battle and a
    run."""
    commissioner = UserFactory(username=f"{prefix}-commissioner")
    league = LeagueFactory(name=f"{prefix} League", commissioner=commissioner)
    season = SeasonFactory(league=league, name=f"{prefix} 2526")
    coaches = [UserFactory(username=f"{prefix}-coach{n}") for n in range(teams)]
    team_rows = []
    for number, coach in enumerate(coaches):
        team = TeamFactory(league=league, name=f"{prefix} Team {number:02}", coach=coach)
        full_lineup(team, reserves=2)
        team_rows.append(team)
    with TestCase.captureOnCommitCallbacks(execute=True):
        match_services.fixtures_generate(
            season=season, double=True, first_kickoff=timezone.now() + timedelta(days=1)
        )
    settings_save(league=league, values={"mode": "fixed", "starting_grant": 500})
    bettors = [UserFactory(username=f"{prefix}-punter{n}") for n in range(punters)]
    for punter in bettors:
        bets.wallet_open(user=punter, league=league)
    fixtures = list(season.fixtures.order_by("round", "pk"))
    on_the_book = [f for f in fixtures if f.round in (1, 2, played_rounds + 1)]
    with TestCase.captureOnCommitCallbacks(execute=True):
        for index, fixture in enumerate(on_the_book):
            for number, punter in enumerate(bettors[:3] if index % 4 else bettors):
                bets.bet_place(
                    user=punter,
                    fixture_id=fixture.pk,
                    outcome=("home", "away")[(index + number) % 2],
                    stake=10 + (index + number) % 7,
                )
    for round_number in range(1, played_rounds + 1):  # a simulation batch per round
        with TestCase.captureOnCommitCallbacks(execute=True):
            match_services.simulation_request(
                season=season, user=commissioner, round_number=round_number
            )
    # the chances of the fixtures nobody bet on, as the worker stores them when a fixture is
    # scheduled (plain rows: the engine pricing 300 fixtures would only slow the test down)
    FixtureOdds.objects.bulk_create(
        FixtureOdds(fixture=fixture, method="test", probabilities={"home": 0.5, "away": 0.5})
        for fixture in season.fixtures.filter(odds__isnull=True, status=Fixture.Status.SCHEDULED)
    )
    first_result = Result.objects.get(fixture=fixtures[0])
    with TestCase.captureOnCommitCallbacks(execute=True):
        corrections.result_correct(
            result=first_result,
            home_score=first_result.away_score,
            away_score=first_result.home_score,
            winner=SWAPPED[first_result.winner],
            reason="Scores entered the wrong way round",
            by=commissioner,
        )
    for number in range(campaigns):
        campaign = CampaignFactory(name=f"{prefix} Campaign {number}", game_master=commissioner)
        first = plain_army(campaign, f"{prefix} North {number}")
        second = plain_army(campaign, f"{prefix} South {number}")
        battle = BattleFactory(campaign=campaign, attacker=first, defender=second)
        run_start(battle=battle, user=commissioner, seed=number + 1)
    # a switched-off webhook and its log (plain rows: nothing is sent from a test)
    hook = WebhookEndpoint.objects.create(
        league=league, url="https://example.org/hook", events=["result"], active=False
    )
    WebhookDelivery.objects.bulk_create(
        WebhookDelivery(
            endpoint=hook,
            event_key=f"result:{fixture.pk}",
            kind="result",
            payload={"fixture": fixture.pk},
            status=WebhookDelivery.Status.DELIVERED,
            next_attempt_at=timezone.now(),
        )
        for fixture in fixtures
        if fixture.round <= played_rounds
    )
    played = season.fixtures.filter(status=Fixture.Status.PLAYED).order_by("round", "pk").first()
    upcoming = season.fixtures.filter(status=Fixture.Status.SCHEDULED).order_by("round", "pk")[0]
    return World(
        league=league,
        season=season,
        team=team_rows[0],
        coach=coaches[0],
        punter=bettors[0],
        played=played,
        upcoming=upcoming,
        bet=Bet.objects.filter(user=bettors[0]).order_by("pk").first(),
        campaign=campaign,
        army=first,
        battle=battle,
    )
