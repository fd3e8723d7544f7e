"""The commissioner's award commands from the season's awards page: give a custom award,
revoke one. A refusal shows the page again with the form's errors on their fields."""

from django.contrib import messages
from django.core.exceptions import PermissionDenied, ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from awards import selectors, services
from awards.views.public import custom_form, season_awards
from core.forms import add_service_errors
from league import roles


def _page(season_id: int) -> str:
    return reverse("awards:season", args=[season_id])


@require_POST
def custom_award_give(request: HttpRequest, pk: int) -> HttpResponse:
    season = get_object_or_404(selectors.seasons(), pk=pk)
    if not roles.is_commissioner(request.user, season.league):
        raise PermissionDenied
    form = custom_form(season, request.POST)
    if not form.is_valid():
        return season_awards(request, pk, form=form)
    data = form.cleaned_data
    try:
        award = services.custom_award_give(
            season=season,
            by=request.user,  # type: ignore[arg-type]
            name=data["name"],
            description=data["description"],
            team=data["team"],
            player_ref=data["player"],
        )
    except ValidationError as error:
        add_service_errors(form, error)
        return season_awards(request, pk, form=form)
    messages.success(
        request,
        _("%(name)s goes to %(winner)s.")
        % {"name": award.name, "winner": award.player_name or award.team.name},
    )
    return redirect(_page(season.pk))


@require_POST
def custom_award_revoke(request: HttpRequest, pk: int, award_id: int) -> HttpResponse:
    award = get_object_or_404(selectors.awards(), pk=award_id, season_id=pk)
    try:
        services.custom_award_revoke(award=award, by=request.user)  # type: ignore[arg-type]
    except ValidationError as error:
        for message in error.messages:
            messages.error(request, message)
    else:
        messages.success(request, _("%(name)s is revoked.") % {"name": award.name})
    return redirect(_page(pk))
