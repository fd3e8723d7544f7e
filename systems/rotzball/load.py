"""Rotzball for ``manage.py generate_load`` (``loadgen.plugins.load``): what coaches would
choose, drawn on the given dice, written through the same services as theirs, in bulk
(``teams_register``, ``players_create``, ``lineups_set``, ``match_plans_set``), and fixtures
frozen by the kick-off's own ``fixtures_freeze``.

A roster is drawn as the demo's (``systems.rotzball.demo``).
"""

from collections.abc import Mapping, Sequence
from typing import Any

from league.models import League, Team
from league.services import teams_register
from matches.models import Fixture
from rules_engine import Dice
from systems.rotzball import services
from systems.rotzball.demo import PLAYERS, lineup_choice, roster_draw
from systems.rotzball.kickoff import fixtures_freeze


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
    for _fixture, error in fixtures_freeze(fixtures=fixtures):
        raise error
