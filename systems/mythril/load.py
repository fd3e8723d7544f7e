"""Mythril in bulk, for ``manage.py generate_load`` (the ``load_teams`` and ``load_results`` of
``loadgen.plugins.load``): only the choices are drawn here, on the dice;
every row is written by the services users' actions go through, in their bulk variants.

* Teams: each on one of the demo's drafts (:func:`draft_draw`), registered by
  ``mythril_teams_register`` (the draft checked by the engine, the treasury granted its gold
  and paying for the players through the ledger, as ``mythril_team_register`` does for one).
* Kick-off: none up front: each fixture kicks off (``fixture_kick_off``) when its round
  comes, its sheets holding what the earlier rounds' post-match sequences wrote.
* Results: a plausible report per fixture (:func:`play_draw`: touchdowns drawn on the dice,
  scored by the first players of each side) entered by the home coach and confirmed by the
  away coach through the result-report workflow (``reports_play``, the bulk variant of
  ``report_enter`` and ``report_confirm``), then the post-match sequence run on each fixture
  by the workflow's ``post_match_run`` (experience, injuries, level-ups, winnings), round by
  round, as a worker would run it.
"""

from collections.abc import Mapping, Sequence
from typing import Any

from django.contrib.auth.models import User

from league.models import League, Team
from matches import bulk as matches_bulk
from matches.models import Fixture, Result
from rules_engine import Dice
from rules_engine.dice import MAX_SEED
from systems.mythril.demo import TEAMS, _players
from systems.mythril.services.teams import mythril_teams_register

SIDES = ("home", "away")


def draft_draw(dice: Dice) -> dict[str, Any]:
    """One of the demo's drafts, as ``mythril_team_register`` takes it."""
    _name, race, picks, pitch = TEAMS[dice.roll(len(TEAMS), "draft") - 1]
    return {"team_list": race, "players": _players(picks), "popularity": 1, "home_pitch": pitch}


def load_teams(*, league: League, teams: Sequence[Mapping[str, Any]], dice: Dice) -> list[Team]:
    """The teams, each on one of the demo's drafts, registered in bulk."""
    return mythril_teams_register(
        league=league, teams=[{**spec, **draft_draw(dice)} for spec in teams]
    )


def play_draw(fixture: Fixture, dice: Dice) -> tuple[dict[str, Any], int, int]:
    """A kicked-off fixture's entered result (touchdowns scored by each side's first player,
    a completion by its second), the seed its result is read with and its post-match seed."""
    score = {side: dice.roll(4, f"{side} touchdowns") - 1 for side in SIDES}
    entered: dict[str, Any] = {"score": score}
    for side in SIDES:
        players = [p["id"] for p in getattr(fixture, f"{side}_sheet")["players"]]
        entered[side] = {
            "stats": [
                {
                    "player": pid,
                    "touchdowns": score[side] if i == 0 else 0,
                    "completions": 1 if i == 1 and score[side] else 0,
                }
                for i, pid in enumerate(players)
            ]
        }
    seeds = [dice.roll(MAX_SEED, f"{kind} seed") - 1 for kind in ("result", "post-match")]
    return entered, seeds[0], seeds[1]


def load_results(*, fixtures: Sequence[Fixture], dice: Dice, by: User) -> list[Result]:
    """The season played round by round at the table; the saved results."""
    return matches_bulk.rounds_played_at_the_table(
        fixtures=fixtures, by=by, draw=lambda fixture: play_draw(fixture, dice)
    )
