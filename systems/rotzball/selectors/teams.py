"""Read-side queries for Rotzball rosters: the line-up, the team sheet the engine reads, the
ratings and each position's score."""

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from django.db.models import Prefetch, QuerySet, prefetch_related_objects

import rules_engine
from core.one_to_one import one_to_one_get
from league.models import League, Team
from rules_engine.rotzball import positions
from rules_engine.rotzball import ratings as sheet_ratings
from systems.rotzball import RULE_SYSTEM
from systems.rotzball.models import LineupSlot, MatchPlan, Player, Tactic
from systems.rotzball.roster_messages import lineup_problems_text


def _lineup_slots() -> Prefetch:
    """A team's line-up slots with their players."""
    return Prefetch("lineup_slots", queryset=LineupSlot.objects.select_related("player"))


def roster_prefetch(*, team: Team) -> None:
    """Load a team's players and line-up onto the instance already in hand."""
    prefetch_related_objects([team], "players", _lineup_slots())


def lineups_prefetch(*, teams: Iterable[Team]) -> None:
    """Load the teams' line-ups (slots with their players) and match plans onto the instances
    in hand, for a page that shows them and judges them (:func:`teams_sheets` reads them
    there)."""
    prefetch_related_objects(list(teams), _lineup_slots(), "match_plan")


def player_list(*, team: Team) -> QuerySet[Player]:
    """The team's players (a page picks one by its ``pk``)."""
    return Player.objects.filter(team=team)


def lineup_get(*, team: Team) -> dict[str, Player]:
    """Position -> player for the filled positions of ``team``'s line-up."""
    return {slot.position: slot.player for slot in team.lineup_slots.all()}


SHEET_KEYS = {"E": "endurance", "Ag": "agility", "F": "strength", "Int": "intelligence"}
"""The sheet's name of each characteristic, with the player's field it reads."""


def characteristics(player: Player) -> dict[str, Any]:
    """``player``'s name and characteristics as the engine's sheet names them."""
    return {"name": player.name, **{key: getattr(player, f) for key, f in SHEET_KEYS.items()}}


def team_sheet_get(*, team: Team, lineup: Mapping[str, Player] | None = None) -> dict[str, Any]:
    """The engine's Rotzball team sheet of ``team``'s match plan and ``lineup`` (position ->
    player, saved or not; by default its saved line-up). Missing positions are left out, so
    the engine names them when it validates the sheet."""
    chosen = lineup_get(team=team) if lineup is None else lineup
    players = {position: characteristics(player) for position, player in chosen.items()}
    return positions.lineup_sheet(team.name, tactic_of(team), players)


@dataclass(frozen=True)
class LineupReport:
    """What the rules make of a line-up: its engine sheet, per-position scores, the engine's
    issues, and the team ratings (only when the line-up is complete, i.e. has no blocking
    issue)."""

    lineup: dict[str, Player]
    sheet: dict[str, Any]
    scores: dict[str, int]
    issues: list[rules_engine.RosterIssue]
    ratings: dict[str, int] | None

    @property
    def complete(self) -> bool:
        return self.ratings is not None


def lineup_report(*, team: Team, lineup: Mapping[str, Player] | None = None) -> LineupReport:
    """The report for ``lineup`` (default: ``team``'s saved line-up), saved or not."""
    chosen = dict(lineup_get(team=team) if lineup is None else lineup)
    sheet = team_sheet_get(team=team, lineup=chosen)
    issues = rules_engine.get_system(RULE_SYSTEM).validate_roster(sheet)
    ratings = None if any(issue.blocking for issue in issues) else sheet_ratings(sheet)
    scores = {
        position: positions.position_score(position, characteristics(player))
        for position, player in chosen.items()
    }
    return LineupReport(lineup=chosen, sheet=sheet, scores=scores, issues=issues, ratings=ratings)


def tactic_of(team: Team) -> str:
    """The team's match plan; balanced when it never chose one."""
    return one_to_one_get(team, "match_plan").tactic


def coach_rule_of(league: League) -> str:
    """The league's coach rule; the coach test every turn when it never changed it."""
    return one_to_one_get(league, "rotzball_rules").coach_rule


def _lineups_and_tactics(
    teams: list[Team],
) -> tuple[dict[int, dict[str, dict[str, Any]]], dict[int, str]]:
    """Each team's line-up (position -> the sheet's player) and match plan, by team id: as the
    instances hold them where the caller read them already (a match preview), else read as
    values, two queries for all and no model instance (a league page judges twenty teams)."""
    if all(
        "lineup_slots" in getattr(team, "_prefetched_objects_cache", {})
        and Team.match_plan.is_cached(team)
        for team in teams
    ):
        lineups = {
            team.pk: {position: characteristics(p) for position, p in lineup_get(team=team).items()}
            for team in teams
        }
        return lineups, {team.pk: tactic_of(team) for team in teams}
    ids = [team.pk for team in teams]
    lineups: dict[int, dict[str, dict[str, Any]]] = {pk: {} for pk in ids}
    columns = [f"player__{field}" for field in SHEET_KEYS.values()]
    slots = LineupSlot.objects.filter(team_id__in=ids).order_by()
    for team_id, position, name, *values in slots.values_list(
        "team_id", "position", "player__name", *columns
    ):
        lineups[team_id][position] = {"name": name, **dict(zip(SHEET_KEYS, values, strict=True))}
    plans = MatchPlan.objects.filter(team_id__in=ids).order_by()
    tactics = dict(plans.values_list("team_id", "tactic"))
    return lineups, {pk: tactics.get(pk, Tactic.BALANCED) for pk in ids}


def teams_sheets(
    *, teams: Iterable[Team]
) -> tuple[dict[int, dict[str, Any]], dict[int, list[rules_engine.RosterIssue]]]:
    """By team id, the sheet of each of ``teams`` whose line-up can kick off, and the blocking
    issues of each whose line-up cannot: the line-ups and match plans read at most once for
    all, each sheet built and judged once."""
    teams = list(teams)
    lineups, tactics = _lineups_and_tactics(teams)
    system = rules_engine.get_system(RULE_SYSTEM)
    sheets, blocked = {}, {}
    for team in teams:
        sheet = positions.lineup_sheet(team.name, tactics[team.pk], lineups[team.pk])
        blocking = [issue for issue in system.validate_roster(sheet) if issue.blocking]
        if blocking:
            blocked[team.pk] = blocking
        else:
            sheets[team.pk] = sheet
    return sheets, blocked


def teams_not_ready(*, teams: list[Team]) -> dict[int, str]:
    """Teams whose line-up cannot kick off, each with why in words (a few queries for all)."""
    _sheets, blocked = teams_sheets(teams=teams)
    return {pk: lineup_problems_text(issues) for pk, issues in blocked.items()}


def team_with_lineup() -> QuerySet[Team]:
    """Teams with their league and their line-up slots' players (a line-up's answer)."""
    return Team.objects.select_related("league").prefetch_related(_lineup_slots())


def player_rows() -> QuerySet[Player]:
    """Every Rotzball player with its team's league and line-up slots, by name (the API)."""
    return (
        Player.objects.select_related("team__league")
        .prefetch_related(Prefetch("lineup_slots", queryset=LineupSlot.objects.order_by()))
        .order_by("name", "pk")
    )
