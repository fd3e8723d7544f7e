"""Reads of the Tutatis app: lists, rosters with their check, sheets, rolls, reports."""

from collections.abc import Sequence
from typing import Any

from django.db.models import Q, QuerySet, prefetch_related_objects
from django.utils.translation import gettext as _

from league.models import League, Team
from matches.models import Fixture
from matches.table_results.roles import reports_awaiting
from systems.tutatis import RULE_SYSTEM, engine
from systems.tutatis.models import ListEntry, MatchRoll, Player, ResultReport, TeamList


def team_lists_for(*, league: League) -> QuerySet[TeamList]:
    """The league's own lists, and the samples it has not copied."""
    copied = TeamList.objects.filter(league=league).values("copied_from")
    return (
        TeamList.objects.filter(Q(league=league) | Q(league__isnull=True, is_sample=True))
        .exclude(pk__in=copied.exclude(copied_from=None))
        .prefetch_related("entries")
    )


def team_list_of(*, team: Team) -> TeamList | None:
    tutatis = getattr(team, "tutatis", None)  # None until the coach chooses a list
    return tutatis.team_list if tutatis else None


def players_of(*, team: Team) -> list[Player]:
    return list(Player.objects.filter(team=team).order_by("-on_pitch", "pk"))


def entries_of(*, team_list: TeamList) -> QuerySet[ListEntry]:
    return team_list.entries.all().order_by("pk")


def roster_check(*, team: Team, players: Sequence[Any] | None = None) -> dict[str, Any]:
    """The engine's team-building check of the team's roster, or of ``players`` (a draft's
    unsaved ones), against the league's budget: ``{"check": TeamCheck, "budget": int}``."""
    budget = engine.league_rules(team.league).budget
    if players is None:
        players = players_of(team=team)
    return {"check": engine.team_check(players, budget=budget), "budget": budget}


def reports_waiting_for(*, user: Any, league: League) -> list[ResultReport]:
    """The league's open reports waiting for ``user``'s word (``reports_awaiting``)."""
    reports = report_list().filter(fixture__season__league=league, status__in=ResultReport.OPEN)
    return reports_awaiting(user, reports)


def team_sheet(team: Team) -> dict[str, Any]:
    """The team as the engine, the API's ``/teams/<id>/sheet/`` and the kick-off read it."""
    return team_sheets([team])[team.pk]


def team_sheets(teams: Sequence[Team]) -> dict[int, dict[str, Any]]:
    """:func:`team_sheet` of each of ``teams``, by id: three queries for any number (their
    players, lists and leagues' settings), as a round's kick-off reads them."""
    chosen = list({team.pk: team for team in teams}.values())
    prefetch_related_objects(chosen, "tutatis__team_list", "league__tutatis_rules")
    players = _players_by_team(chosen)
    sheets = {}
    for team in chosen:
        verdict = roster_check(team=team, players=players[team.pk])
        team_list = team_list_of(team=team)
        sheets[team.pk] = {
            "team": team.name,
            "team_list": team_list.name if team_list else None,
            "budget": verdict["budget"],
            "players": [engine.player_json(player) for player in players[team.pk]],
            "check": verdict["check"].to_dict(),
        }
    return sheets


def _players_by_team(teams: Sequence[Team]) -> dict[int, list[Player]]:
    """Each team's players, on the pitch first, by team id (one query)."""
    players: dict[int, list[Player]] = {team.pk: [] for team in teams}
    for player in Player.objects.filter(team__in=players).order_by("-on_pitch", "pk"):
        players[player.team_id].append(player)
    return players


def teams_not_ready(teams: list[Team]) -> dict[int, str]:
    """``{team id: why}`` for the teams whose roster breaks a team-building rule: two queries
    for any number of teams (their players, their leagues' settings)."""
    players = _players_by_team(teams)
    prefetch_related_objects(teams, "league__tutatis_rules")
    problems: dict[int, str] = {}
    for team in teams:
        check = roster_check(team=team, players=players[team.pk])["check"]
        if not check.ok:
            problems[team.pk] = "; ".join(error.message for error in check.errors)
    return problems


def fixture_rolls(*, fixture: Fixture) -> list[MatchRoll]:
    rolls = MatchRoll.objects.filter(fixture=fixture).select_related("rolled_by", "replaces")
    return list(rolls.order_by("pk"))


def tokens_left(*, fixture: Fixture) -> dict[str, int]:
    tokens = (fixture.options or {}).get("time_warp_tokens")
    if tokens is None:
        tokens = engine.league_rules(fixture.season.league).time_warp_tokens
    used = MatchRoll.objects.filter(fixture=fixture, replaces__isnull=False)
    return {side: tokens - used.filter(side=side).count() for side in ("home", "away")}


def token_marks(*, fixture: Fixture, left: dict[str, int]) -> dict[str, list[bool]]:
    """Each side's Time Warp tokens for the match sheet, one mark each: ``True`` for a token
    used, the used ones first (``left`` is :func:`tokens_left`)."""
    total = (fixture.options or {}).get("time_warp_tokens", 0)
    return {side: [n >= left[side] for n in range(total)][::-1] for side in ("home", "away")}


def weather_of(*, fixture: Fixture) -> str | None:
    """The standing weather roll's result (a Time Warp re-roll replaces it)."""
    standing = MatchRoll.objects.filter(fixture=fixture, action="weather", replaced_by__isnull=True)
    last = standing.order_by("-pk").first()
    return last.result["weather"] if last else None


def report_list() -> QuerySet[ResultReport]:
    return ResultReport.objects.select_related(  # the proxy's manager keeps Tutatis's only
        "fixture__home", "fixture__away", "fixture__season__league", "submitted_by", "reviewed_by"
    )


def open_report(*, fixture: Fixture) -> ResultReport | None:
    return report_list().filter(fixture=fixture, status__in=ResultReport.OPEN).first()


def sheet_players(fixture: Fixture, side: str) -> list[dict[str, Any]]:
    """A side's players as frozen at kick-off, or as they stand before it."""
    sheet = getattr(fixture, f"{side}_sheet")
    if sheet:
        return list(sheet["players"])
    return [engine.player_json(p) for p in players_of(team=getattr(fixture, side))]


def player_choices(
    fixture: Fixture, *, sheets: dict[str, list[dict[str, Any]]] | None = None
) -> list[tuple[str, str]]:
    """``("home:<id>", "Team — Player")`` for both sides, for the match-day forms (``sheets``:
    each side's :func:`sheet_players`, when the caller has read them already)."""
    choices = []
    for side in ("home", "away"):
        team = getattr(fixture, side)
        for player in sheets[side] if sheets is not None else sheet_players(fixture, side):
            label = _("%(team)s — %(player)s") % {"team": team.name, "player": player["name"]}
            choices.append((f"{side}:{player['id']}", label))
    return choices


# What the Tutatis pages read: their views call these and never the ORM.


def league_list() -> QuerySet[League]:
    """Tutatis leagues (a page picks one by its ``pk``)."""
    return League.objects.filter(rule_system=RULE_SYSTEM)


def tutatis_team_list() -> QuerySet[Team]:
    """Tutatis teams with their league and coach."""
    return Team.objects.select_related("league", "coach").filter(league__rule_system=RULE_SYSTEM)


def fixture_list() -> QuerySet[Fixture]:
    """Tutatis fixtures with their league, commissioner and coaches (the match page's)."""
    return Fixture.objects.select_related(
        "season__league__commissioner", "home__coach", "away__coach"
    ).filter(season__league__rule_system=RULE_SYSTEM)


def team_lists() -> QuerySet[TeamList]:
    return TeamList.objects.all()


def team_list_rows() -> QuerySet[TeamList]:
    """Every team list with its entries, by name (the API)."""
    return TeamList.objects.prefetch_related("entries").order_by("name", "pk")


def list_entry_rows() -> QuerySet[ListEntry]:
    """Team list entries with their list's league (the API, the entry page)."""
    return ListEntry.objects.select_related("team_list__league").order_by("pk")


def player_rows() -> QuerySet[Player]:
    """Every Tutatis player with its team's league and coach, by team (the API, the pages)."""
    players = Player.objects.select_related("team__league", "team__coach")
    return players.filter(team__league__rule_system=RULE_SYSTEM).order_by("team", "pk")


def match_roll_rows() -> QuerySet[MatchRoll]:
    return MatchRoll.objects.select_related("replaced_by").order_by("pk")
