"""The charts pages, readable by anyone who can read the league: a season's positions round
by round (``/leagues/<id>/charts/``) and a team's season (``/leagues/teams/<id>/charts/``):
its points and score difference, and its players' progression where the game keeps it."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from core.progression import progression_chart
from league import selectors
from league.models import League, Season
from matches import charts, plugins
from matches import selectors as match_selectors
from matches.positions import positions_by_round


def _season_of(league: League, wanted: str) -> tuple[list[Season], Season | None]:
    """The league's seasons, newest first, and the one asked for (else the newest)."""
    seasons = list(match_selectors.season_list(league=league))
    season = next((s for s in seasons if str(s.pk) == wanted), seasons[0] if seasons else None)
    if season is not None:
        season.league = league
    return seasons, season


def season_charts(request: HttpRequest, pk: int) -> HttpResponse:
    league = get_object_or_404(selectors.league_list(), pk=pk)
    seasons, season = _season_of(league, request.GET.get("season", ""))
    context: dict = {"league": league, "seasons": seasons, "season": season}
    if season is not None:
        series = positions_by_round(season=season)
        context |= {"series": series, "chart": charts.positions_chart(series)}
    return render(request, "league/season_charts.html", context)


def team_charts(request: HttpRequest, pk: int) -> HttpResponse:
    team = selectors.team_get(team_id=pk)
    if team is None:
        raise Http404
    league = team.league
    seasons, season = _season_of(league, request.GET.get("season", ""))
    context: dict = {"team": team, "league": league, "seasons": seasons, "season": season}
    if season is not None:
        series = positions_by_round(season=season)
        line = series.of_team(team.pk)
        if line is not None:
            context |= {
                "rounds": series.rounds,
                "line": line,
                "rows": list(
                    zip(
                        series.rounds,
                        line.positions,
                        line.points,
                        line.score_difference,
                        strict=True,
                    )
                ),
                "chart": charts.team_season_chart(series.rounds, line),
            }
    if plugins.progression.implements(league.rule_system):
        progression = plugins.progression.of(league.rule_system).progression_series(team=team)
        context |= {
            "progression": progression,
            "progression_chart": progression_chart(progression, team_name=team.name),
        }
    return render(request, "league/team_charts.html", context)
