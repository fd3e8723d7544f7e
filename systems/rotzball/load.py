"""Rotzball for ``manage.py generate_load`` (``loadgen.plugins.load``): what coaches would
choose, drawn on the given dice, written through the same services as theirs, in bulk
(``teams_register``, ``players_create``, ``lineups_set``, ``match_plans_set``), and fixtures
frozen by the kick-off's own ``fixtures_freeze``.

The demo builds its teams the same way (``systems.rotzball.demo``).
"""

from collections.abc import Mapping, Sequence
from typing import Any

from league.models import League, Team
from league.services import teams_register
from matches.models import Fixture
from rules_engine import Dice
from systems.rotzball import services
from systems.rotzball.kickoff import KICK_OFF
from systems.rotzball.models import LineupSlot, Player, Tactic

FIRST_NAMES = [
    "Klaus",
    "Otto",
    "Dieter",
    "Gunther",
    "Heinz",
    "Franz",
    "Rudi",
    "Jurgen",
    "Lothar",
    "Wilhelm",
]
PLAYERS = 8
P = LineupSlot.Position
FIELD_POSITIONS = [P.PASSER, P.ATTACKER_1, P.ATTACKER_2, P.DEFENDER_1, P.DEFENDER_2, P.DEFENDER_3]


def roster_draw(dice: Dice) -> tuple[list[dict[str, Any]], str]:
    """One team's players (their fields) and tactic, as a coach might choose them: eight
    players with WFRP characteristics 20 + 2D10, a tactic drawn among the three."""
    players = []
    for index in range(PLAYERS):
        stats = {key: 20 + dice.d10(key) + dice.d10(key) for key in services.PLAYER_FIELDS[1:]}
        players.append({"name": f"{FIRST_NAMES[index % len(FIRST_NAMES)]} {index + 1}", **stats})
    tactics = Tactic.values
    return players, tactics[dice.roll(len(tactics), "tactic") - 1]


def lineup_choice(players: Sequence[Player]) -> dict[str, int]:
    """The coach the best at agility and intelligence, the strongest others on the field."""
    coach = max(players, key=lambda p: p.agility + p.intelligence)
    rest = sorted(
        (p for p in players if p is not coach),
        key=lambda p: p.endurance + p.agility + p.strength,
        reverse=True,
    )
    lineup = {position: p.pk for position, p in zip(FIELD_POSITIONS, rest, strict=False)}
    return {P.COACH: coach.pk, **lineup}


def load_teams(*, league: League, teams: Sequence[Mapping[str, Any]], dice: Dice) -> list[Team]:
    """The teams, each with eight players, a full line-up and a match plan."""
    rows = teams_register(league=league, teams=teams)
    rosters = [roster_draw(dice) for _team in rows]
    players = services.players_create(
        players=[
            (team, fields)
            for team, (squad, _) in zip(rows, rosters, strict=True)
            for fields in squad
        ]
    )
    squads = [players[start : start + PLAYERS] for start in range(0, len(players), PLAYERS)]
    services.lineups_set(
        lineups=[(team, lineup_choice(squad)) for team, squad in zip(rows, squads, strict=True)]
    )
    services.match_plans_set(
        plans=[(team, tactic) for team, (_, tactic) in zip(rows, rosters, strict=True)]
    )
    return rows


def load_kick_off(*, fixtures: Sequence[Fixture], dice: Dice) -> None:
    """Freeze the fixtures as ``kick_off`` does (line-ups, options), on the objects only."""
    for _fixture, error in KICK_OFF.fixtures_freeze(fixtures=fixtures):
        raise error
