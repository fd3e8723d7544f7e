"""A league's page: its seasons, standings, fixtures by round and latest results; its game
adds what it shows beside them (``league_page_context``), and may show its own standings
table instead of the generic one (a ``standings_template`` in that context)."""

from itertools import groupby

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from core import registry
from core.htmx import page_or_fragment
from league import roles, selectors
from league.models import League, Season, Team
from matches import selectors as match_selectors
from matches.models import Fixture
from matches.standings import head_to_head_shown, standings_get, standings_metrics

LATEST_RESULTS = 6


UNRESOLVED = {Fixture.Status.SCHEDULED, Fixture.Status.LOCKED}


def _rounds(fixtures: list[Fixture], teams: list[Team]) -> list[dict]:
    """Fixtures grouped by round, with the teams resting that round; the first round with
    something left to play is ``current``."""
    rounds = []
    for number, group in groupby(fixtures, key=lambda fixture: fixture.round):
        items = list(group)
        playing = {f.home_id for f in items} | {f.away_id for f in items}
        rounds.append({
            "number": number,
            "fixtures": items,
            "resting": [team for team in teams if team.pk not in playing],
            "kickoff": min(fixture.kickoff for fixture in items),
            "unresolved": sum(fixture.status in UNRESOLVED for fixture in items),
            "current": False,
        })
    current = next((r for r in rounds if r["unresolved"]), None)
    if current is not None:
        current["current"] = True
    return rounds


def standings_context(league: League, season: Season) -> dict:
    """What the ``standings`` fragment of the league page needs."""
    standings = standings_get(season=season)
    return {
        "standings": standings,
        "metrics": standings_metrics(league=league),
        "head_to_head_shown": head_to_head_shown(league.tiebreakers, standings),
    }


def league_detail(request: HttpRequest, pk: int) -> HttpResponse:
    league = get_object_or_404(selectors.league_list(), pk=pk)
    seasons = list(league.seasons.select_related("champion"))
    wanted = request.GET.get("season", "")
    season = next((s for s in seasons if str(s.pk) == wanted), seasons[0] if seasons else None)
    fixtures, table = [], {"metrics": standings_metrics(league=league)}
    if season is not None:
        season.league = league
        table = standings_context(league, season)
        fixtures = list(match_selectors.fixture_table(season=season))
    played = [fixture for fixture in fixtures if fixture.status == Fixture.Status.PLAYED]
    context = {
        "league": league,
        "seasons": seasons,
        "season": season,
        **table,
        "rounds": _rounds(fixtures, [row.team for row in table.get("standings", [])]),
        "latest_results": sorted(played, key=lambda f: (f.kickoff, f.pk), reverse=True)[
            :LATEST_RESULTS
        ],
        "unresolved": sum(fixture.status in UNRESOLVED for fixture in fixtures),
        "is_commissioner": roles.is_commissioner(request.user, league),
    }
    game = registry.game(league.rule_system)
    context["simulates"] = game.simulated  # the engine plays its matches: simulate buttons
    teams = [row.team for row in table.get("standings", [])]
    for team in teams:
        team.league = league  # already loaded: no query per team
    context["not_ready"] = (
        game.teams_not_ready(teams=teams) if game.teams_not_ready and context["unresolved"] else {}
    )
    if game.league_page_context is not None:
        context |= game.league_page_context(request, league=league, season=season)
    template = page_or_fragment(request, "league/detail.html", "season-content",
                                target="season-content")
    return render(request, template, context)
