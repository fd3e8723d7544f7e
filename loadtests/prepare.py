"""Get a filled database ready for the load test and hand the load generator its tokens.

    DATABASE_URL=... CELERY_BROKER_URL=... python loadtests/prepare.py ACCOUNTS.json
        [--betting-leagues 10] [--coaches 40] [--punters 40]

* Betting: the first ``--betting-leagues`` Rotzball leagues in the API's order (name, then
  id) that still have fixtures ahead bet at fixed odds (their commissioner's setting, made
  through ``settings_save``; with a broker, the workers price the open fixtures).
* Tokens (knox, two hours): for the commissioners and the coaches of those leagues, and for
  ``--punters`` punters made here (``load-punter-N``, no password), each with a wallet in
  every betting league. Nobody's password is read or changed.

ACCOUNTS.json gets ``{"commissioners": [token, ...], "coaches": [...], "punters": [...]}``:
credentials only. The load generator finds every league, team and fixture through the API.
"""

import argparse
import json
import os
import sys
from datetime import timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
TOKEN_HOURS = 2


def _setup() -> None:
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
    import django

    django.setup()


def _betting_leagues(count: int) -> list:
    from django.db.models import Exists, OuterRef
    from django.db.models.functions import Now

    from league.models import League
    from matches.models import Fixture

    ahead = Fixture.objects.filter(
        season__league=OuterRef("pk"), status=Fixture.Status.SCHEDULED, kickoff__gt=Now()
    )
    return list(
        League.objects.filter(rule_system="rotzball")
        .filter(Exists(ahead))
        .select_related("commissioner")
        .order_by("name", "pk")[:count]
    )


def _open_betting(leagues: list) -> None:
    from betting.league_settings import settings_of, settings_save
    from betting.models import BettingSettings

    for league in leagues:
        if settings_of(league).mode == BettingSettings.Mode.OFF:
            settings_save(
                league=league,
                values={"mode": "fixed", "starting_grant": 100_000, "max_stake": 500},
            )


def _token(user) -> str:
    from knox.models import AuthToken

    return AuthToken.objects.create(user, expiry=timedelta(hours=TOKEN_HOURS))[1]


def _punters(count: int, leagues: list) -> list:
    from django.contrib.auth.models import User

    from betting import bets

    made = []
    for number in range(1, count + 1):
        user, created = User.objects.get_or_create(username=f"load-punter-{number}")
        if created:
            user.set_unusable_password()
            user.save(update_fields=["password"])
        for league in leagues:
            bets.wallet_open(user=user, league=league)
        made.append(user)
    return made


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("accounts", type=Path)
    parser.add_argument("--betting-leagues", type=int, default=10)
    parser.add_argument("--coaches", type=int, default=40)
    parser.add_argument("--punters", type=int, default=40)
    args = parser.parse_args()
    _setup()
    from league.models import Team

    leagues = _betting_leagues(args.betting_leagues)
    if not leagues:
        raise SystemExit("no Rotzball league with fixtures ahead: nothing to bet on or simulate")
    _open_betting(leagues)
    commissioners = {league.commissioner_id: league.commissioner for league in leagues}
    coaches = {}
    teams = Team.objects.filter(league__in=leagues, coach__isnull=False, retired_at__isnull=True)
    for team in teams.select_related("coach").order_by("league__name", "pk"):
        if len(coaches) >= args.coaches:
            break
        coaches.setdefault(team.coach_id, team.coach)
    accounts = {
        "commissioners": [_token(user) for user in commissioners.values()],
        "coaches": [_token(user) for user in coaches.values()],
        "punters": [_token(user) for user in _punters(args.punters, leagues)],
        "betting_leagues": [league.pk for league in leagues],  # where the punters hold wallets
    }
    args.accounts.write_text(json.dumps(accounts))
    args.accounts.chmod(0o600)
    print(
        f"prepare: {len(leagues)} betting leagues, {len(accounts['commissioners'])} "
        f"commissioners, {len(accounts['coaches'])} coaches, {len(accounts['punters'])} punters",
        flush=True,
    )


if __name__ == "__main__":
    main()
