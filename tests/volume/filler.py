"""Plain rows, bulk-inserted, that make the large tables large: other leagues with their
teams, a round robin of fixtures half played, bettors' wallets and open bets, history
entries and notifications. Only what the query planner sees matters here (how many rows, how
they spread over leagues and users), so nothing goes through the services: the plans of the
real requests are read on one league built through them (``world_build``) among these."""

from datetime import UTC, datetime, timedelta

from django.contrib.auth.models import User
from django.contrib.contenttypes.models import ContentType

from battles.models import Army, Battle, Campaign
from betting.models import Bet
from core.models import HistoryEntry
from league.models import League, Season, Team
from ledger.models import Account, Transaction
from matches.models import Fixture, Result, SimulationBatch
from notifications.models import Notification

START = datetime(2030, 1, 1, tzinfo=UTC)


def _round_robin(teams: list[int]) -> list[list[tuple[int, int]]]:
    """The circle method: ``len(teams) - 1`` rounds where every team plays once."""
    rotating = list(teams)
    rounds = []
    for _ in range(len(rotating) - 1):
        half = len(rotating) // 2
        rounds.append(list(zip(rotating[:half], reversed(rotating[half:]), strict=True)))
        rotating = [rotating[0], rotating[-1], *rotating[1:-1]]
    return rounds


def filler_build(*, leagues: int, teams: int = 10, punters: int = 5, prefix: str = "filler"):
    """``leagues`` leagues of ``teams`` teams (even), each with a season of one round robin
    (its first half played, a simulation batch a round), ``punters`` wallets and an open bet of each on each fixture of
    the next round, three ledger transactions a wallet, three history entries a fixture and a
    notification a fixture for a punter; and ``leagues / 2`` campaigns of two armies and three
    battles."""
    owner = User.objects.create(username=f"{prefix}-owner")
    users = User.objects.bulk_create(
        User(username=f"{prefix}-user{n}") for n in range(punters * 10)
    )
    league_rows = League.objects.bulk_create(
        League(name=f"{prefix} {n:05}", commissioner=owner) for n in range(leagues)
    )
    seasons = Season.objects.bulk_create(Season(league=league, name="1") for league in league_rows)
    team_rows = Team.objects.bulk_create(
        Team(league=league, name=f"{prefix} {league.pk} {n}")
        for league in league_rows
        for n in range(teams)
    )
    by_league: dict[int, list[int]] = {}
    for team in team_rows:
        by_league.setdefault(team.league_id, []).append(team.pk)
    fixtures = []
    for season in seasons:
        for number, pairs in enumerate(_round_robin(by_league[season.league_id]), start=1):
            played = number < teams // 2
            for home, away in pairs:
                fixtures.append(
                    Fixture(
                        season=season,
                        round=number,
                        home_id=home,
                        away_id=away,
                        kickoff=START + timedelta(days=7 * number),
                        status=Fixture.Status.PLAYED if played else Fixture.Status.SCHEDULED,
                    )
                )
    fixtures = Fixture.objects.bulk_create(fixtures, batch_size=2000)
    Result.objects.bulk_create(
        (
            Result(
                fixture=fixture,
                home_score=fixture.pk % 4,
                away_score=fixture.pk % 3,
                winner=("home", "away", "draw")[fixture.pk % 3],
                decided_by="regulation",
                seed=fixture.pk,
                record={},
            )
            for fixture in fixtures
            if fixture.status == Fixture.Status.PLAYED
        ),
        batch_size=2000,
    )
    SimulationBatch.objects.bulk_create(
        SimulationBatch(season=season, requested_by=owner, label=f"Round {number}")
        for season in seasons
        for number in range(1, teams // 2)
    )
    wallets = Account.objects.bulk_create(
        (
            Account(
                league=league, kind=Account.Kind.WALLET, user=users[(league.pk + n) % len(users)]
            )
            for league in league_rows
            for n in range(punters)
        ),
        batch_size=2000,
    )
    wallets_of: dict[int, list[Account]] = {}
    for wallet in wallets:
        wallets_of.setdefault(wallet.league_id, []).append(wallet)
    league_of_season = {season.pk: season.league_id for season in seasons}
    next_round = teams // 2
    Bet.objects.bulk_create(
        (
            Bet(
                wallet=wallet,
                user_id=wallet.user_id,
                fixture=fixture,
                outcome="home",
                stake=10,
            )
            for fixture in fixtures
            if fixture.round == next_round
            for wallet in wallets_of[league_of_season[fixture.season_id]]
        ),
        batch_size=2000,
    )
    Transaction.objects.bulk_create(
        (
            Transaction(league_id=wallet.league_id, reason=reason)
            for wallet in wallets
            for reason in ("grant", "stake", "payout")
        ),
        batch_size=5000,
    )
    campaigns = Campaign.objects.bulk_create(
        Campaign(name=f"{prefix} campaign {n}", game_master=owner) for n in range(leagues // 2)
    )
    armies = Army.objects.bulk_create(
        Army(campaign=campaign, name=f"{prefix} army {campaign.pk} {side}", commander={})
        for campaign in campaigns
        for side in range(2)
    )
    Battle.objects.bulk_create(
        Battle(
            campaign_id=armies[n].campaign_id,
            name=f"{prefix} battle {n} {number}",
            attacker=armies[n],
            defender=armies[n + 1],
        )
        for n in range(0, len(armies), 2)
        for number in range(3)
    )
    fixture_type = ContentType.objects.get_for_model(Fixture)
    HistoryEntry.objects.bulk_create(
        (
            HistoryEntry(
                content_type=fixture_type,
                object_pk=str(fixture.pk),
                object_id=fixture.pk,
                object_repr=f"fixture {fixture.pk}",
                action=HistoryEntry.Action.UPDATE,
                changes={"status": ["scheduled", "played"]},
                league_id=league_of_season[fixture.season_id],
                timestamp=START + timedelta(minutes=n),
            )
            for fixture in fixtures
            for n in range(3)
        ),
        batch_size=5000,
    )
    Notification.objects.bulk_create(
        (
            Notification(
                user=users[fixture.pk % len(users)],
                kind="result",
                league_id=league_of_season[fixture.season_id],
                event_key=f"result:{fixture.pk}",
                data={},
            )
            for fixture in fixtures
        ),
        batch_size=5000,
    )
