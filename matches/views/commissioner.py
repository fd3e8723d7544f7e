"""A commissioner's actions on one fixture that has not kicked off: reschedule, cancel.
(Simulating it is the league's simulate action, so it gets the same progress page.)"""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django_htmx.http import HttpResponseClientRedirect

from core.forms import add_service_errors
from matches import services
from matches.forms import RescheduleForm
from matches.models import Fixture
from matches.views.access import fixture_commissioner_required


@fixture_commissioner_required
def fixture_reschedule(request: HttpRequest, fixture: Fixture) -> HttpResponse:
    form = RescheduleForm(request.POST or None, initial={"kickoff": fixture.kickoff})
    if request.method == "POST" and form.is_valid():
        try:
            services.fixture_reschedule(fixture=fixture, **form.cleaned_data)
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(request, _("The fixture is rescheduled."))
            return redirect(fixture)
    context = {
        "league": fixture.season.league,
        "form": form,
        "title": _("Reschedule %(fixture)s") % {"fixture": fixture},
        "submit": _("Reschedule"),
        "cancel": fixture.get_absolute_url(),
    }
    return render(request, "league/form.html", context)


@require_POST
@fixture_commissioner_required
def fixture_cancel(request: HttpRequest, fixture: Fixture) -> HttpResponse:
    try:
        services.fixture_cancel(fixture=fixture)
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
    else:
        messages.success(request, _("The fixture is cancelled."))
    if request.htmx:
        return HttpResponseClientRedirect(fixture.get_absolute_url())
    return redirect(fixture)
