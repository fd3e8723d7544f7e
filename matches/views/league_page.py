"""A league's page: its seasons, standings, one round's fixtures and latest results; its game
adds what it shows beside them (``league_page_context``), and may show its own standings
table instead of the generic one (a ``standings_template`` in that context)."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from core import registry
from core.htmx import page_or_fragment
from core.refusals import Refused
from league import roles, selectors
from league.models import League, Season, Team
from matches import plugins
from matches import selectors as match_selectors
from matches import services as match_services
from matches.models import Fixture
from matches.season_rounds import (
    UNRESOLVED,
    RoundSummary,
    latest_played,
    round_choose,
    round_summaries,
)
from matches.standings import (
    head_to_head_shown,
    standings_cells,
    standings_get,
    standings_metrics,
)

LATEST_RESULTS = 6
ROUND_FRAGMENT = "round-fixtures"
"""The id of the shown round's block, which the round links swap alone with htmx."""


def _round_block(fixtures: list[Fixture], shown: RoundSummary | None, teams: list[Team]) -> dict:
    """The shown round: its fixtures and the teams resting that round."""
    if shown is None:
        return {"round": None}
    items = [fixture for fixture in fixtures if fixture.round == shown.number]
    playing = {f.home_id for f in items} | {f.away_id for f in items}
    return {
        "round": shown,
        "round_fixtures": items,
        "resting": [team for team in teams if team.pk not in playing],
    }


def _generate_refusal(season: Season) -> str:
    """Why the season's fixtures cannot be generated now ("" when they can)."""
    try:
        match_services.fixtures_generate_check(season=season)
    except Refused as refused:
        return refused.message
    return ""


def standings_context(league: League, season: Season) -> dict:
    """What the ``standings`` fragment of the league page needs."""
    standings = standings_get(season=season)
    metrics = standings_metrics(league=league)
    shown = head_to_head_shown(league.tiebreakers, standings)
    return {
        "standings": standings,
        "standings_rows": standings_cells(standings, metrics, shown),
        "metrics": metrics,
    }


def league_detail(request: HttpRequest, pk: int) -> HttpResponse:
    """The league page. It shows one round's fixtures at a time (``?round=N``; by default the
    next round to play, or the last once all are played): a 380-fixture season is 38 rounds."""
    league = get_object_or_404(selectors.league_list(), pk=pk)
    seasons = list(match_selectors.season_list(league=league))
    wanted = request.GET.get("season", "")
    season = next((s for s in seasons if str(s.pk) == wanted), seasons[0] if seasons else None)
    index, fixtures, table = [], [], {"metrics": standings_metrics(league=league)}
    rounds = round_summaries([])
    choice = round_choose(rounds, None)
    latest: list[int] = []
    if season is not None:
        season.league = league
        table = standings_context(league, season)
        index = match_selectors.season_fixture_index(season=season)
        rounds = round_summaries(index, season_id=season.pk)
        choice = round_choose(rounds, request.GET.get("round"), season=str(season.pk))
        latest = latest_played(index, LATEST_RESULTS)
        if choice.shown is not None or latest:
            fixtures = match_selectors.fixtures_of_round_and(
                season=season,
                round_number=choice.shown.number if choice.shown else 0,
                ids=latest,
            )
    by_id = {fixture.pk: fixture for fixture in fixtures}
    teams = [row.team for row in table.get("standings", [])]
    context = {
        "league": league,
        "seasons": seasons,
        "season": season,
        **table,
        "rounds": rounds,
        "round_choice": choice,
        **_round_block(fixtures, choice.shown, teams),
        "latest_results": [by_id[pk] for pk in latest if pk in by_id],
        "unresolved": sum(row[3] in UNRESOLVED for row in index),
        "is_commissioner": roles.is_commissioner(request.user, league),
    }
    # "Finish the season" once every fixture is played or cancelled, one of them played
    context["finishable"] = not context["unresolved"] and any(
        row[3] == Fixture.Status.PLAYED for row in index
    )
    if context["is_commissioner"] and season and not rounds and not season.finished_at:
        context["generate_refusal"] = _generate_refusal(season)
    game = registry.game(league.rule_system)
    context["simulates"] = game.simulated  # the engine plays its matches: simulate buttons
    for team in teams:
        team.league = league  # already loaded: no query per team
    checks = plugins.readiness.implements(game.name) and context["unresolved"]
    context["not_ready"] = (
        plugins.readiness.of(game.name).teams_not_ready(teams=teams) if checks else {}
    )
    context |= plugins.pages.of(game.name).league_page_context(
        request, league=league, season=season, teams=teams
    )
    htmx = getattr(request, "htmx", None)
    fragment = ROUND_FRAGMENT if htmx and htmx.target == ROUND_FRAGMENT else "season-content"
    template = page_or_fragment(request, "league/detail.html", fragment, target=fragment)
    return render(request, template, context)
