"""Pages anyone may read: the league list, a league (standings, fixtures, results), a team."""

from itertools import groupby

from django.core.exceptions import ValidationError
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from league import roles, selectors, services
from league.models import League, LineupSlot, Season, Team
from league.views import killpower
from league.views.partials import page_or_fragment
from matches import selectors as match_selectors
from matches.models import Fixture
from matches.standings import standings_get, standings_metrics

LATEST_RESULTS = 6
UNRESOLVED = {Fixture.Status.SCHEDULED, Fixture.Status.LOCKED}


def league_list(request: HttpRequest) -> HttpResponse:
    leagues = selectors.league_list()
    my_teams = []
    if request.user.is_authenticated:
        my_teams = list(selectors.team_list().filter(coach=request.user))
    return render(request, "league/list.html", {"leagues": leagues, "my_teams": my_teams})


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


def _head_to_head_shown(tiebreakers: list[str], standings: list) -> set[int]:
    """Teams whose head-to-head points count: level with another team on every tie-breaker
    before ``head_to_head``. The column shows a dash for the others."""
    if "head_to_head" not in tiebreakers or not any(row.played for row in standings):
        return set()
    before = tiebreakers[: tiebreakers.index("head_to_head")]
    groups: dict[tuple, list[int]] = {}
    for row in standings:
        groups.setdefault(tuple(getattr(row, key) for key in before), []).append(row.team.pk)
    return {pk for members in groups.values() if len(members) > 1 for pk in members}


def standings_context(league: League, season: Season) -> dict:
    """What the ``standings`` fragment of the league page needs."""
    standings = standings_get(season=season)
    return {
        "standings": standings,
        "metrics": standings_metrics(league=league),
        "head_to_head_shown": _head_to_head_shown(league.tiebreakers, standings),
    }


def league_detail(request: HttpRequest, pk: int) -> HttpResponse:
    league = get_object_or_404(selectors.league_list(), pk=pk)
    seasons = list(league.seasons.all())
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
    if league.rule_system == League.RuleSystem.KILLPOWER:
        context |= killpower.league_context(request, league, season)
    template = page_or_fragment(request, "league/detail.html", "season-content",
                                target="season-content")
    return render(request, template, context)


def lineup_rows(report: selectors.LineupReport) -> list[dict]:
    """The seven positions in sheet order, with who plays there and their score."""
    return [
        {"position": value, "label": label, "player": report.lineup.get(value),
         "score": report.scores.get(value)}
        for value, label in LineupSlot.Position.choices
    ]


def team_detail(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        team = selectors.team_with_roster(team_id=pk)
    except Team.DoesNotExist:
        raise Http404 from None
    if team.league.rule_system == League.RuleSystem.KILLPOWER:
        return killpower.team_detail(request, team)
    report = selectors.lineup_report(team=team)
    positions = {player.pk: LineupSlot.Position(pos).label for pos, player in report.lineup.items()}
    can_edit = roles.can_edit_roster(request.user, team)
    frozen = None
    if can_edit:
        try:
            services.team_assert_editable(team=team)
        except ValidationError as error:
            frozen = " ".join(error.messages)
    context = {
        "team": team,
        "league": team.league,
        "players": [(player, positions.get(player.pk)) for player in team.players.all()],
        "report": report,
        "lineup_rows": lineup_rows(report),
        "empty_positions": [label for position, label in LineupSlot.Position.choices
                            if position not in report.lineup],
        "fixtures": match_selectors.team_fixture_table(team=team),
        "can_edit": can_edit,
        "frozen": frozen,
    }
    return render(request, "league/team.html", context)
