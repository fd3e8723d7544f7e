"""A season's result book: one printable page with the standings, every round's fixtures and
scores, and the key events of each match where its game tells them (``result_book_lines``);
a result corrected, voided or awarded says so, by whom, when and why, and its key events are
then those of the match as it was played."""

from itertools import groupby

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.views.decorators.http import require_GET

from league import selectors as league_selectors
from matches import plugins, selectors
from matches.exports import standings_export
from matches.models import Fixture


@require_GET
def result_book(request: HttpRequest, pk: int, season_id: int) -> HttpResponse:
    league = get_object_or_404(league_selectors.league_with_commissioner(), pk=pk)
    season = get_object_or_404(selectors.season_list(league=league), pk=season_id)
    season.league = league
    book = plugins.result_book.of(league.rule_system)
    reads_records = plugins.result_book.implements(league.rule_system)
    fixtures = selectors.fixture_list(season=season).order_by("round", "kickoff", "pk")
    if not reads_records:
        fixtures = fixtures.defer(*selectors.HEAVY_FIELDS)
    else:
        fixtures = fixtures.defer(*(f for f in selectors.HEAVY_FIELDS if f != "result__record"))
    fixtures = list(fixtures)
    corrections = selectors.corrections_standing(fixtures=fixtures)
    rounds = []
    for number, group in groupby(fixtures, key=lambda fixture: fixture.round):
        items = []
        for fixture in group:
            played = fixture.status == Fixture.Status.PLAYED
            lines = book.result_book_lines(result=fixture.result) if played else []
            items.append(
                {
                    "fixture": fixture,
                    "result": fixture.result if played else None,
                    "lines": lines,
                    "correction": corrections.get(fixture.pk),
                }
            )
        rounds.append({"number": number, "fixtures": items})
    table = standings_export(season=season)
    shown = [i for i, column in enumerate(table.columns) if not column.endswith("_id")]
    headings = table.headings()
    standings = {
        "headings": [headings[i] for i in shown],
        "rows": [[row[i] for i in shown] for row in table.rows],
    }
    context = {
        "league": league,
        "season": season,
        "standings": standings,
        "rounds": rounds,
        "played": sum(1 for r in rounds for item in r["fixtures"] if item["result"]),
        "total": sum(len(r["fixtures"]) for r in rounds),
    }
    return render(request, "league/result_book.html", context)
