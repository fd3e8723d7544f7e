"""The betting demo: the Rotzball demo league bets at fixed odds, the Killpower championship
with a pool; three punters open wallets and bet on the coming rounds, and one Rotzball
fixture of the next round is played early so that its bets are settled. All through the
services, like players would; running it again changes nothing."""

from django.contrib.auth.models import User

from betting import bets
from betting.league_settings import settings_save
from betting.models import BettingSettings
from core.demo import demo_user
from league.models import League
from ledger.models import Account
from matches import services as match_services
from matches.models import Fixture

LEAGUES = {"Ligue de Middenheim": "fixed", "Ligue de Lutèce": "pool"}
PUNTERS = [(f"punter{n}", f"betting-punter{n}") for n in (1, 2, 3)]
STAKES = (50, 120, 80)


def _upcoming(league: League) -> list[Fixture]:
    return list(
        Fixture.objects.filter(season__league=league, status=Fixture.Status.SCHEDULED)
        .select_related("season__league", "home", "away")
        .order_by("round", "pk")[:6]
    )


def _bet_on(league: League, punters: list[User]) -> None:
    for index, fixture in enumerate(_upcoming(league)):
        for number, punter in enumerate(punters):
            outcome = ("home", "away")[(index + number) % 2]
            bets.bet_place(
                user=punter,
                fixture_id=fixture.pk,
                outcome=outcome,
                stake=STAKES[(index + number) % len(STAKES)],
            )


def build() -> list[str]:
    punters = [demo_user(username, password) for username, password in PUNTERS]
    lines = ["Betting demo: fixed odds in Ligue de Middenheim, a pool in Ligue de Lutèce"]
    for name, mode in LEAGUES.items():
        league = League.objects.filter(name=name).first()
        if league is None:
            continue
        if Account.objects.filter(league=league, kind=Account.Kind.WALLET).exists():
            continue  # built already
        settings_save(league=league, values={"mode": mode})
        for punter in punters:
            bets.wallet_open(user=punter, league=league)
        _bet_on(league, punters)
        if mode == BettingSettings.Mode.FIXED:
            played_early = _upcoming(league)[0]
            match_services.fixture_simulate(fixture_id=played_early.pk, seed=1517)
    for username, password in PUNTERS:
        lines.append(f"  punter        username {username:<13} password {password}")
    return lines
