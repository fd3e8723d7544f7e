"""Bet downloads: the league's bets (its commissioner only) and the signed-in user's own."""

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.views.decorators.http import require_GET

from betting.exports import league_bets_export, user_bets_export
from betting.views.access import commissioner_required
from core.exports import export_filename, export_format, table_response
from league.models import League


@require_GET
@commissioner_required
def league_bets_download(request: HttpRequest, league: League, fmt: str) -> HttpResponse:
    export_format(fmt)
    return table_response(
        league_bets_export(league=league),
        fmt=fmt,
        filename=export_filename(league.name, "bets", fmt=fmt),
    )


@require_GET
@login_required
def my_bets_download(request: HttpRequest, fmt: str) -> HttpResponse:
    export_format(fmt)
    return table_response(
        user_bets_export(user=request.user),
        fmt=fmt,
        filename=export_filename(request.user.username, "bets", fmt=fmt),
    )
