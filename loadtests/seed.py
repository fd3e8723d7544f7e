"""A small stand-in for ``manage.py generate_load``: Rotzball leagues built through the
product's services, for a load test on a database that command has not filled.

Each league has its own commissioner and one coach per team (no password: the load test
signs them in with API tokens), ``teams`` teams of eight players with a full line-up, a
double round robin whose first ``played`` rounds are simulated (tasks run in this process)
and the rest still ahead, one round a day from tomorrow. Leagues already there (by name) are
left as they are, so it can run again.
"""

from datetime import timedelta

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from league import services as league_services
from league.models import League
from matches import services as match_services
from rules_engine import Dice
from systems.rotzball import services as rotzball
from systems.rotzball.models import LineupSlot

NAME = "Load league {:04d}"
CHARACTERISTICS = ("endurance", "agility", "strength", "intelligence")
FIELD = [
    LineupSlot.Position.PASSER,
    LineupSlot.Position.ATTACKER_1,
    LineupSlot.Position.ATTACKER_2,
    LineupSlot.Position.DEFENDER_1,
    LineupSlot.Position.DEFENDER_2,
    LineupSlot.Position.DEFENDER_3,
]


def _user(username: str) -> User:
    user, created = User.objects.get_or_create(username=username)
    if created:
        user.set_unusable_password()
        user.save(update_fields=["password"])
    return user


def _team(league: League, number: int, dice: Dice) -> None:
    coach = _user(f"load-coach-{league.pk}-{number}")
    team = league_services.team_register(league=league, name=f"Team {number:02d}", coach=coach)
    players = []
    for index in range(8):
        stats = {
            key: 20 + dice.d10(f"{team.pk} {key}") + dice.d10(f"{team.pk} {key}")
            for key in CHARACTERISTICS
        }
        players.append(rotzball.player_create(team=team, name=f"Player {index + 1}", **stats))
    coach_player, *field = players
    assignments = {position: player.pk for position, player in zip(FIELD, field, strict=False)}
    assignments[LineupSlot.Position.COACH] = coach_player.pk
    rotzball.lineup_set(team=team, assignments=assignments)


@transaction.atomic
def _league(number: int, teams: int, played: int, dice: Dice) -> None:
    commissioner = _user(f"load-commissioner-{number:04d}")
    league = league_services.league_create(
        commissioner=commissioner, name=NAME.format(number), rule_system="rotzball"
    )
    season = league.seasons.get()
    for team_number in range(1, teams + 1):
        _team(league, team_number, dice)
    tomorrow = timezone.now() + timedelta(days=1)
    match_services.fixtures_generate(
        season=season, double=True, first_kickoff=tomorrow, interval=timedelta(days=1)
    )
    for round_number in range(1, played + 1):
        match_services.simulation_request(
            season=season, user=commissioner, round_number=round_number
        )


def seed(*, leagues: int, teams: int, played: int, seed: int = 14) -> int:
    """Build the missing leagues; how many were built."""
    dice = Dice(seed, record=False)
    built = 0
    for number in range(1, leagues + 1):
        if League.objects.filter(name=NAME.format(number)).exists():
            continue
        _league(number, teams, played, dice)
        built += 1
    return built
