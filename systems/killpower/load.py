"""Killpower Ball in bulk, for ``manage.py generate_load`` (the ``load_teams`` and
``load_entry`` of ``loadgen.plugins.load``): what its coaches choose, written through their
services.

* Teams: seven gladiators each, registered by ``killpower_teams_register`` (the bulk variant
  of the coaches' ``killpower_team_register``), each team drawn on a seed of its own.
* Results: each round kicked off by ``KICK_OFF.kick_off_many`` with each RAP drawn on a seed of the
  dice (as the commissioner kicks a fixture off with ``fixture_kick_off_now``), then a
  plausible report per fixture (scores 0-5, four to six gladiators played, nobody hurt)
  entered by the home coach and confirmed by the away coach, recorded and its post-match
  sequence run by the result-report workflow's round-level variants (``Load.load_results``:
  ``matches.table_results.bulk``), so each round starts from what the last one left (ranking
  points, experience, the dead replaced).
"""

from collections.abc import Mapping, Sequence
from typing import Any

from django.contrib.auth.models import User

from league.models import League, Team
from loadgen.plugins import Load
from matches import locking
from matches.models import Fixture, Result
from rules_engine import Dice
from rules_engine.dice import MAX_SEED
from systems.killpower import SIDES, kickoff
from systems.killpower.demo import NAMES, gladiator_choices
from systems.killpower.services.teams import killpower_teams_register


def load_teams(*, league: League, teams: Sequence[Mapping[str, Any]], dice: Dice) -> list[Team]:
    """The teams, each with seven gladiators chosen as the demo's coaches choose them,
    registered by ``killpower_teams_register`` (the bulk variant ``killpower_team_register``
    calls), each team drawn on a seed of its own."""
    gladiators = gladiator_choices([f"{name} {n}" for n, name in enumerate(NAMES, start=1)])
    return killpower_teams_register(
        league=league,
        teams=[
            {**spec, "gladiators": gladiators, "seed": dice.roll(MAX_SEED, "team seed") - 1}
            for spec in teams
        ],
    )


def load_entry(*, fixture: Fixture, dice: Dice) -> dict[str, Any]:
    """What a coach enters for a kicked-off fixture (``report_enter``'s ``result``): each
    side's score drawn on the dice and the first four to six gladiators of its frozen sheet
    played, nobody hurt."""
    report: dict[str, Any] = {"score": {side: dice.d6(f"{side} score") - 1 for side in SIDES}}
    for side in SIDES:
        names = [g["name"] for g in getattr(fixture, f"{side}_sheet")["gladiators"]]
        report[side] = {"played": names[: 3 + dice.roll(3, "gladiators played")]}
    return report


class _Round(Load):
    """The default round-level play (``Load.load_results``), for a round kicked off."""

    load_entry = staticmethod(load_entry)


def load_results(*, fixtures: Sequence[Fixture], dice: Dice, by: User) -> list[Result]:
    """Each round of the saved, scheduled ``fixtures`` kicked off with its RAP drawn on seeds
    of ``dice``, then played as ``Load.load_results`` plays it."""
    results: list[Result] = []
    for number in sorted({fixture.round for fixture in fixtures}):
        played = [fixture for fixture in fixtures if fixture.round == number]
        locked, _teams = locking.lock_fixtures_to_resolve([fixture.pk for fixture in played])
        seeds = [dice.roll(MAX_SEED, "kick-off seed") - 1 for _fixture in locked]
        kickoff.KICK_OFF.kick_off_many(fixtures=locked, seeds=seeds)
        results += _Round().load_results(fixtures=played, dice=dice, by=by)
    return results
