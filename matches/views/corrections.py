"""A commissioner's result corrections on the fixture page: correct, void, award (each a form
with its reason and a confirmation, errors on the field)."""

from collections.abc import Callable

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from core.forms import PageForm, add_service_errors
from matches import corrections, selectors
from matches.correction_forms import FixtureAwardForm, ResultCorrectForm, ResultVoidForm
from matches.models import Fixture, Result
from matches.views.access import fixture_commissioner_required


def _page(
    request: HttpRequest,
    fixture: Fixture,
    form: PageForm,
    apply: Callable[[], object],
    *,
    title: str,
    intro: str,
    submit: str,
    done: str,
) -> HttpResponse:
    if request.method == "POST" and form.is_valid():
        try:
            apply()
        except ValidationError as error:  # a Refused too
            add_service_errors(form, error)
        else:
            messages.success(request, done)
            return redirect(fixture)
    context = {
        "league": fixture.season.league,
        "form": form,
        "title": title,
        "intro": intro,
        "submit": submit,
        "cancel": fixture.get_absolute_url(),
    }
    return render(request, "league/form.html", context)


def _result_or_back(request: HttpRequest, fixture: Fixture) -> Result | None:
    result = selectors.result_of(fixture=fixture)
    if result is None:
        messages.error(request, _("This fixture has no result yet."))
    return result


@fixture_commissioner_required
def result_correct(request: HttpRequest, fixture: Fixture) -> HttpResponse:
    result = _result_or_back(request, fixture)
    if result is None:
        return redirect(fixture)
    form = ResultCorrectForm(request.POST or None, fixture=fixture, result=result)
    return _page(
        request,
        fixture,
        form,
        lambda: corrections.result_correct(result=result, by=request.user, **form.values()),
        title=_("Correct the result of %(fixture)s") % {"fixture": fixture},
        intro=_(
            "Standings follow at once; a betting market already paid is paid again by "
            "the new winner. What the game cannot undo is flagged on the fixture page."
        ),
        submit=_("Correct the result"),
        done=_("The result is corrected."),
    )


@fixture_commissioner_required
def result_void(request: HttpRequest, fixture: Fixture) -> HttpResponse:
    result = _result_or_back(request, fixture)
    if result is None:
        return redirect(fixture)
    form = ResultVoidForm(request.POST or None)
    return _page(
        request,
        fixture,
        form,
        lambda: corrections.result_void(
            result=result,
            by=request.user,
            reason=form.cleaned_data["reason"],
            kickoff=form.cleaned_data["kickoff"],
        ),
        title=_("Void the result of %(fixture)s") % {"fixture": fixture},
        intro=_(
            "The result is removed and the fixture scheduled again, to be replayed. Bets "
            "already paid are reversed and stay open on the replay."
        ),
        submit=_("Void the result"),
        done=_("The result is voided: the fixture is scheduled again."),
    )


@fixture_commissioner_required
def fixture_award(request: HttpRequest, fixture: Fixture) -> HttpResponse:
    form = FixtureAwardForm(request.POST or None, fixture=fixture)
    league = fixture.season.league
    return _page(
        request,
        fixture,
        form,
        lambda: corrections.fixture_award(
            fixture=fixture,
            by=request.user,
            winner=form.cleaned_data["winner"],
            reason=form.cleaned_data["reason"],
        ),
        title=_("Award %(fixture)s") % {"fixture": fixture},
        intro=_(
            "Instead of playing it, the fixture is recorded as won %(won)s–%(lost)s by "
            "forfeit, with the league's points for a win and a loss. Bets on it are paid "
            "on the awarded winner."
        )
        % {"won": league.forfeit_score_for, "lost": league.forfeit_score_against},
        submit=_("Award the fixture"),
        done=_("The fixture is awarded."),
    )
