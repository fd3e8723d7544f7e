"""Rotzball in bulk, for ``manage.py generate_load`` (the ``load_teams`` and ``load_kick_off``
of ``loadgen.plugins.load``): many teams with full rosters in a few statements, and many
fixtures frozen at once, each team's sheet built once.

The rows are those of the demo's roster (``systems.rotzball.demo``): eight players with WFRP
characteristics 20 + 2D10 drawn on the given dice, the best ones in the line-up, a match plan.
"""

from collections.abc import Mapping, Sequence
from typing import Any

from django.db.models import Prefetch, prefetch_related_objects
from django.utils import timezone

from core.documents import stamp
from league.models import League, Team
from matches.models import Fixture
from rules_engine import Dice
from systems.rotzball.demo import FIRST_NAMES
from systems.rotzball.documents import OPTIONS, TEAM_SHEET
from systems.rotzball.kickoff import engine_options
from systems.rotzball.models import LineupSlot, MatchPlan, Player, Tactic
from systems.rotzball.selectors.teams import team_sheet_get

PLAYERS = 8
CHARACTERISTICS = ("endurance", "agility", "strength", "intelligence")
P = LineupSlot.Position
FIELD_POSITIONS = [P.PASSER, P.ATTACKER_1, P.ATTACKER_2, P.DEFENDER_1, P.DEFENDER_2, P.DEFENDER_3]


def load_teams(*, league: League, teams: Sequence[Mapping[str, Any]], dice: Dice) -> list[Team]:
    """The teams, each with eight players, a full line-up and a match plan."""
    rows = Team.objects.bulk_create([Team(league=league, **spec) for spec in teams])
    players = []
    for team in rows:
        for index in range(PLAYERS):
            stats = {key: 20 + dice.d10(key) + dice.d10(key) for key in CHARACTERISTICS}
            name = f"{FIRST_NAMES[index % len(FIRST_NAMES)]} {index + 1}"
            players.append(Player(team=team, name=name, **stats))
    Player.objects.bulk_create(players)
    slots = []
    for start in range(0, len(players), PLAYERS):
        squad = players[start : start + PLAYERS]
        coach = max(squad, key=lambda p: p.agility + p.intelligence)
        rest = sorted(
            (p for p in squad if p is not coach),
            key=lambda p: p.endurance + p.agility + p.strength,
            reverse=True,
        )
        slots.append(LineupSlot(team=coach.team, position=P.COACH, player=coach))
        slots += [
            LineupSlot(team=coach.team, position=position, player=player)
            for position, player in zip(FIELD_POSITIONS, rest, strict=False)
        ]
    LineupSlot.objects.bulk_create(slots)
    tactics = Tactic.values
    MatchPlan.objects.bulk_create(
        MatchPlan(team=team, tactic=tactics[dice.roll(len(tactics), "tactic") - 1]) for team in rows
    )
    return rows


def load_kick_off(*, fixtures: Sequence[Fixture], dice: Dice) -> None:
    """Freeze the fixtures as ``kick_off`` does (line-ups, options), on the objects only."""
    if not fixtures:
        return
    league = fixtures[0].season.league
    teams = {team.pk: team for f in fixtures for team in (f.home, f.away)}
    slots = LineupSlot.objects.select_related("player")
    prefetch_related_objects(
        list(teams.values()), Prefetch("lineup_slots", queryset=slots), "match_plan"
    )
    sheets = {pk: stamp(TEAM_SHEET, team_sheet_get(team=team)) for pk, team in teams.items()}
    options = stamp(OPTIONS, engine_options(league))
    now = timezone.now()
    for fixture in fixtures:
        fixture.home_sheet = sheets[fixture.home_id]
        fixture.away_sheet = sheets[fixture.away_id]
        fixture.options = options
        fixture.status = Fixture.Status.LOCKED
        fixture.locked_at = now
