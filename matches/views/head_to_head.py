"""Head-to-head pages, readable by anyone: two teams of a league, two coaches (one record per
game), and the panel a fixture's page loads by htmx before kick-off."""

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.views.decorators.http import require_GET

from matches import head_to_head


@require_GET
def teams(request: HttpRequest, pk: int, other: int) -> HttpResponse:
    pair = head_to_head.teams_pair_get(team_id=pk, other_id=other)
    if pair is None:
        raise Http404
    team, rival = pair
    record = head_to_head.teams_head_to_head(team=team, other=rival)
    context = {"team": team, "other": rival, "record": record, "league": team.league}
    return render(request, "matches/head_to_head_teams.html", context)


@require_GET
def coaches(request: HttpRequest, pk: int, other: int) -> HttpResponse:
    coach = head_to_head.coach_get(coach_id=pk)
    rival = head_to_head.coach_get(coach_id=other)
    if coach is None or rival is None or coach == rival:
        raise Http404
    records = head_to_head.coaches_head_to_head(coach=coach, other=rival)
    context = {"coach": coach, "other": rival, "records": records}
    return render(request, "matches/head_to_head_coaches.html", context)


@require_GET
def fixture_panel(request: HttpRequest, pk: int) -> HttpResponse:
    fixture = head_to_head.fixture_for_head_to_head(fixture_id=pk)
    if fixture is None:
        raise Http404
    home, away = fixture.home, fixture.away
    coaches = None
    if home.coach_id and away.coach_id and home.coach_id != away.coach_id:
        records = head_to_head.coaches_head_to_head(coach=home.coach, other=away.coach)
        game = fixture.season.league.rule_system
        coaches = next((r for r in records if r.game == game), None)
    context = {
        "fixture": fixture,
        "record": head_to_head.teams_head_to_head(team=home, other=away),
        "coaches": coaches,
    }
    return render(request, "matches/head_to_head_panel.html", context)
