"""The post-match sequence of a played Tutatis fixture, in a worker: the injuries carried
over. The engine names each side's badly hurt players (``TutatisSystem.post_match``); they
start the team's next match in the injured zone, and the others who played are fit again.

The result-report workflow (:mod:`matches.table_results.post_match`) runs it once per
fixture, under the teams' and the fixture's row locks, by claiming its ``PostMatchRun``: a
redelivered task changes nothing; its sweep re-sends any the workers missed.
"""

from typing import Any

from core import history
from matches.models import Fixture, Result
from matches.table_results import post_match as table_post_match
from rules_engine import Dice, MatchOutcome
from rules_engine.tutatis import SYSTEM
from systems.tutatis import RULE_SYSTEM
from systems.tutatis.models import Player, PostMatchRun

SIDES = ("home", "away")


def post_match_run(*, fixture_id: int) -> PostMatchRun | None:
    """The fixture's run (the workflow's, read as this game's): the stored one, a new one, or
    None (not a played Tutatis fixture)."""
    run = table_post_match.post_match_run(fixture_id=fixture_id)
    return None if run is None else PostMatchRun.objects.filter(pk=run.pk).first()


def injuries_carry(*, fixture: Fixture, result: Result, dice: Dice) -> dict[str, Any]:
    """Each side's badly hurt players (the engine's reading) start its next match injured;
    the others who played are fit again. Returns the engine's account by side."""
    outcome = MatchOutcome(
        home_score=result.home_score,
        away_score=result.away_score,
        winner=None if result.winner == Result.Winner.DRAW else result.winner,
        decided_by=result.decided_by,
        seed=result.seed,
        record=result.record,
    )
    carried: dict[str, Any] = SYSTEM.post_match(outcome, dice=dice, options={})
    for side in SIDES:
        played = [player["id"] for player in getattr(fixture, f"{side}_sheet")["players"]]
        hurt = set(carried[side]["badly_hurt"])
        rows = Player.objects.filter(team=getattr(fixture, side), pk__in=played)
        players = list(rows.only("pk", "team_id", "name", "badly_hurt"))
        before = history.snapshot(players, ["badly_hurt"])
        rows.filter(name__in=hurt).update(badly_hurt=True)
        rows.exclude(name__in=hurt).update(badly_hurt=False)
        for player in players:
            player.badly_hurt = player.name in hurt
        history.record_changes(rows=players, before=before, league_id=fixture.season.league_id)
    return carried


def post_match_sweep() -> dict[str, int]:
    """The workflow's sweep (:func:`matches.table_results.post_match.post_match_sweep`) for
    Tutatis fixtures only."""
    return table_post_match.post_match_sweep(game=RULE_SYSTEM)
