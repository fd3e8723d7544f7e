"""A league commissioner's betting pages: the book (what is staked on each open fixture and
what the house would pay) and the league's betting settings."""

import copy
from itertools import groupby

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from betting import charts, selectors
from betting.forms import BettingSettingsForm, outcome_words
from betting.league_settings import fixed_odds_source, settings_of, settings_save
from betting.models import BettingSettings
from betting.views.access import commissioner_required
from core.forms import add_service_errors
from league.models import League


@commissioner_required
def book(request: HttpRequest, league: League) -> HttpResponse:
    fixtures = []
    for fixture_id, group in groupby(selectors.book(league), key=lambda line: line.fixture_id):
        lines = list(group)
        rows = [
            {"line": line, "label": outcome_words(line.outcome, home=line.home, away=line.away)}
            for line in lines
        ]
        fixtures.append(
            {
                "id": fixture_id,
                "name": lines[0].fixture,
                "kickoff": lines[0].kickoff,
                "lines": rows,
                "chart": charts.exposure_chart(
                    lines[0].fixture,
                    [
                        {
                            "label": row["label"],
                            "staked": row["line"].staked,
                            "liability": row["line"].liability,
                        }
                        for row in rows
                    ],
                ),
                "bets": sum(line.bets for line in lines),
                "staked": sum(line.staked for line in lines),
                "worst": max(line.liability for line in lines),
            }
        )
    context = {
        "league": league,
        "settings": settings_of(league),
        "is_commissioner": True,
        "fixtures": fixtures,
    }
    return render(request, "betting/book.html", context)


@commissioner_required
def betting_settings(request: HttpRequest, league: League) -> HttpResponse:
    """The league's betting settings, saved through ``settings_save`` (which may refuse a
    combination, naming the field)."""
    current = settings_of(league)
    form = BettingSettingsForm(request.POST or None, instance=_copy(current))
    if request.method == "POST" and form.is_valid():
        try:
            settings_save(league=league, values=form.values())
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(request, _("The betting settings are saved."))
            return redirect("betting:league", league.pk)
    context = {
        "league": league,
        "settings": current,
        "is_commissioner": True,
        "form": form,
        "fixed_source": fixed_odds_source(league),
    }
    return render(request, "betting/settings.html", context)


def _copy(settings: BettingSettings) -> BettingSettings:
    """The form writes what it reads onto its instance: give it a copy, so a refused save
    leaves the league's settings as they are for the rest of the request."""
    return copy.copy(settings)
