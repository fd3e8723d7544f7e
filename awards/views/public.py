"""A season's awards page, readable by anyone: the game's awards and the commissioner's; the
commissioner also finds there the form to give a custom award and the buttons to revoke one."""

from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render

from awards import selectors
from awards.forms import CustomAwardForm
from league import roles


def custom_form(season, data=None) -> CustomAwardForm:
    teams = selectors.season_teams(season=season)
    players = [(team, selectors.team_players(team=team)) for team in teams]
    return CustomAwardForm(data, teams=teams, players=players)


def season_awards(
    request: HttpRequest, pk: int, form: CustomAwardForm | None = None
) -> HttpResponse:
    season = get_object_or_404(selectors.seasons(), pk=pk)
    is_commissioner = roles.is_commissioner(request.user, season.league)
    context = {
        "season": season,
        "league": season.league,
        "awards": selectors.season_awards_get(season=season),
        "is_commissioner": is_commissioner,
        "form": form or (custom_form(season) if is_commissioner else None),
    }
    return render(request, "awards/season.html", context, status=400 if form else 200)
