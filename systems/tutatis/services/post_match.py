"""The post-match sequence of a played Tutatis fixture, in a worker: the injuries carried
over. The engine names each side's badly hurt players (``TutatisSystem.post_match``); they
start the team's next match in the injured zone, and the others who played are fit again.

The result-report workflow (:mod:`matches.table_results.post_match`) runs it once per
fixture, under the teams' and the fixture's row locks, by claiming its ``PostMatchRun``: a
redelivered task changes nothing; its sweep re-sends any the workers missed.
"""

from collections.abc import Sequence
from typing import Any

from core import history
from matches.models import Fixture, Result
from matches.table_results import post_match as table_post_match
from rules_engine import Dice
from rules_engine.tutatis import SYSTEM
from rules_engine.tutatis.match_day import SIDES
from systems.tutatis import RULE_SYSTEM
from systems.tutatis.models import Player, PostMatchRun


def post_match_run(*, fixture_id: int) -> PostMatchRun | None:
    """The fixture's run (the workflow's, read as this game's): the stored one, a new one, or
    None (not a played Tutatis fixture)."""
    run = table_post_match.post_match_run(fixture_id=fixture_id)
    return None if run is None else PostMatchRun.objects.filter(pk=run.pk).first()


def injuries_carry(*, played: Sequence[tuple[Fixture, Result, Dice]]) -> list[dict[str, Any]]:
    """Each side's badly hurt players (the engine's reading) start its next match injured;
    the others who played are fit again: for fixtures whose teams play once each (a round),
    their players written in one statement for all. Returns each fixture's account by side
    (the engine's), in order."""
    accounts = []
    hurt_names: set[tuple[int, str]] = set()
    played_ids: dict[int, int] = {}
    leagues: dict[int, int] = {}
    for fixture, result, dice in played:
        outcome = table_post_match.result_outcome(result)
        carried: dict[str, Any] = SYSTEM.post_match(outcome, dice=dice, options={})
        accounts.append(carried)
        for side in SIDES:
            team_id = getattr(fixture, f"{side}_id")
            leagues[team_id] = fixture.season.league_id
            for player in getattr(fixture, f"{side}_sheet")["players"]:
                played_ids[player["id"]] = team_id
            hurt_names |= {(team_id, name) for name in carried[side]["badly_hurt"]}
    rows = Player.objects.filter(pk__in=played_ids).only("pk", "team_id", "name", "badly_hurt")
    players = [player for player in rows if played_ids[player.pk] == player.team_id]
    before = history.snapshot(players, ["badly_hurt"])
    for player in players:
        player.badly_hurt = (player.team_id, player.name) in hurt_names
    Player.objects.bulk_update(players, ["badly_hurt"])
    for league_id in sorted(set(leagues.values())):
        history.record_changes(
            rows=[p for p in players if leagues[p.team_id] == league_id],
            before=before,
            league_id=league_id,
        )
    return accounts


def post_match_sweep() -> dict[str, int]:
    """The workflow's sweep (:func:`matches.table_results.post_match.post_match_sweep`) for
    Tutatis fixtures only."""
    return table_post_match.post_match_sweep(game=RULE_SYSTEM)
