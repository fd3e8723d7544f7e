"""Killpower Ball for ``manage.py generate_load`` (``loadgen.plugins.load``): only the
choices a generator makes, drawn from its dice; every row is written by the services users
call (one write path).

* Teams: seven gladiators each, chosen as the demo's coaches choose them, registered by
  :func:`~systems.killpower.services.teams.killpower_teams_register` on a seed of their own.
* Matches, in order: kicked off by the commissioner (``fixture_kick_off_now``, the RAP on its
  own seed), the result entered by the home coach and confirmed by the away coach through the
  result-report workflow (``matches.table_results.services``: scores 0-5, four to six
  gladiators played, nobody hurt; recorded on its own seed), then the post-match sequence
  (ranking points, experience, injuries, recruits) on its own seed, as the worker runs it. Each
  match is kicked off with the teams its predecessors left.
"""

from collections.abc import Mapping, Sequence
from typing import Any

from django.contrib.auth.models import User

from league.models import League, Team
from matches.models import Fixture, Result
from matches.table_results.services import report_confirm, report_enter
from rules_engine import Dice
from rules_engine.dice import MAX_SEED
from systems.killpower.demo import EQUIPMENT, NAMES, SPECIALIZATIONS
from systems.killpower.kickoff import SIDES, fixture_kick_off_now
from systems.killpower.services.post_match import post_match_run
from systems.killpower.services.teams import killpower_teams_register


def seed_draw(dice: Dice, purpose: str) -> int:
    return dice.roll(MAX_SEED, purpose) - 1


def team_choice(dice: Dice) -> dict[str, Any]:
    """A coach's gladiators (the demo's choices) and the seed their team is drawn on."""
    gladiators = [
        {"name": f"{name} {number}", "specialization": spec, "equipment": kit}
        for number, (name, spec, kit) in enumerate(
            zip(NAMES, SPECIALIZATIONS, EQUIPMENT, strict=True), start=1
        )
    ]
    return {"gladiators": gladiators, "seed": seed_draw(dice, "team seed")}


def report_choice(fixture: Fixture, dice: Dice) -> dict[str, Any]:
    """A plausible report of a kicked-off fixture: scores 0-5, four to six gladiators played
    on each side, nobody hurt."""
    report: dict[str, Any] = {"score": {side: dice.d6(f"{side} score") - 1 for side in SIDES}}
    for side in SIDES:
        names = [g["name"] for g in getattr(fixture, f"{side}_sheet")["gladiators"]]
        report[side] = {"played": names[: 3 + dice.roll(3, "gladiators played")]}
    return report


def match_play(*, fixture: Fixture, dice: Dice, by: User) -> Result:
    """One match as its league plays it: kicked off by the commissioner ``by``, entered by the
    home coach, confirmed by the away coach, its post-match sequence run."""
    locked = fixture_kick_off_now(fixture=fixture, user=by, seed=seed_draw(dice, "kick-off seed"))
    report = report_enter(
        fixture=locked, user=locked.home.coach or by, result=report_choice(locked, dice)
    )
    result = report_confirm(
        report=report, user=locked.away.coach or by, seed=seed_draw(dice, "result seed")
    )
    post_match_run(fixture_id=locked.pk, seed=seed_draw(dice, "post-match seed"))
    return result


def load_teams(*, league: League, teams: Sequence[Mapping[str, Any]], dice: Dice) -> list[Team]:
    return killpower_teams_register(
        league=league, teams=[{**spec, **team_choice(dice)} for spec in teams]
    )


def load_results(*, fixtures: Sequence[Fixture], dice: Dice, by: User) -> list[Result]:
    """The saved fixtures played in order (:func:`match_play`); their saved results."""
    return [match_play(fixture=fixture, dice=dice, by=by) for fixture in fixtures]
