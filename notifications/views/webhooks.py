"""A league commissioner's webhooks page: ``/leagues/<id>/webhooks/``."""

from django.conf import settings
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.access import role_gate
from core.forms import add_service_errors
from league import roles
from league import selectors as league_selectors
from league.models import League
from league.views.commissioner import form_page
from notifications import selectors, webhooks
from notifications.forms import WebhookForm
from notifications.models import WebhookEndpoint

LOG_SIZE = 50
SHOW_SECRET = "webhook_secret_to_show"
"""Session key: the secret just made, shown on the next page view and then forgotten."""


def _league(pk: int) -> League:
    return get_object_or_404(league_selectors.league_with_commissioner(), pk=pk)


commissioner_required = role_gate(_league, roles.is_commissioner)


@commissioner_required
def webhook_list(request: HttpRequest, league: League) -> HttpResponse:
    form = WebhookForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            endpoint = webhooks.endpoint_create(
                league=league,
                url=form.cleaned_data["url"],
                events=form.cleaned_data["events"],
                user=request.user,
                kind=form.cleaned_data["kind"],
                language=form.cleaned_data["language"],
            )
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(request, _("The webhook to %(url)s is added.") % {"url": endpoint.url})
            return _show_secret_once(request, league, endpoint)
    context = {
        "league": league,
        "form": form,
        "new_secret": request.session.pop(SHOW_SECRET, None),
        "grace_hours": settings.WEBHOOKS_SECRET_GRACE_HOURS,
        "now": timezone.now(),
        "endpoints": selectors.endpoint_list(league_id=league.pk),
        "deliveries": selectors.delivery_list(league_id=league.pk)[:LOG_SIZE],
    }
    return render(request, "notifications/webhooks.html", context)


def _show_secret_once(
    request: HttpRequest, league: League, endpoint: WebhookEndpoint
) -> HttpResponse:
    request.session[SHOW_SECRET] = {"url": endpoint.url, "secret": endpoint.secret}
    return redirect("notifications:webhooks", league.pk)


def _endpoint(league: League, hook: int) -> WebhookEndpoint:
    return get_object_or_404(selectors.endpoint_list(league_id=league.pk), pk=hook)


@commissioner_required
def webhook_edit(request: HttpRequest, league: League, hook: int) -> HttpResponse:
    """Change a webhook's URL or the events it takes; its secret stays."""
    endpoint = _endpoint(league, hook)
    initial = {
        "url": endpoint.url,
        "events": endpoint.events,
        "kind": endpoint.kind,
        "language": endpoint.language,
    }
    form = WebhookForm(request.POST or None, initial=initial)
    if request.method == "POST" and form.is_valid():
        chosen = form.cleaned_data
        try:
            endpoint = webhooks.endpoint_update(
                endpoint=endpoint,
                url=chosen["url"],
                events=chosen["events"],
                kind=chosen["kind"],
                language=chosen["language"],
            )
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            messages.success(request, _("The webhook to %(url)s is saved.") % {"url": endpoint.url})
            return redirect("notifications:webhooks", league.pk)
    return form_page(
        request,
        league,
        form,
        title=_("Edit the webhook to %(url)s") % {"url": endpoint.url},
        submit=_("Save"),
        cancel=reverse("notifications:webhooks", args=[league.pk]),
    )


@commissioner_required
@require_POST
def webhook_switch(request: HttpRequest, league: League, hook: int) -> HttpResponse:
    """Pause a webhook (``active=0``: no delivery is made for it) or resume it (``active=1``)."""
    active = request.POST.get("active") == "1"
    endpoint = webhooks.endpoint_update(endpoint=_endpoint(league, hook), active=active)
    if active:
        message = _("The webhook to %(url)s is resumed: new events are sent again.")
    else:
        message = _("The webhook to %(url)s is paused: no event is sent to it until resumed.")
    messages.success(request, message % {"url": endpoint.url})
    return redirect("notifications:webhooks", league.pk)


@commissioner_required
@require_POST
def webhook_delete(request: HttpRequest, league: League, hook: int) -> HttpResponse:
    endpoint = _endpoint(league, hook)
    webhooks.endpoint_delete(endpoint=endpoint)
    messages.success(request, _("The webhook to %(url)s is deleted.") % {"url": endpoint.url})
    return redirect("notifications:webhooks", league.pk)


@commissioner_required
@require_POST
def webhook_ping(request: HttpRequest, league: League, hook: int) -> HttpResponse:
    webhooks.endpoint_ping(endpoint=_endpoint(league, hook))
    messages.success(request, _("A ping is on its way: its delivery shows below."))
    return redirect("notifications:webhooks", league.pk)


@commissioner_required
@require_POST
def webhook_rotate_secret(request: HttpRequest, league: League, hook: int) -> HttpResponse:
    endpoint = webhooks.endpoint_secret_rotate(endpoint=_endpoint(league, hook))
    return _show_secret_once(request, league, endpoint)
