"""The commissioner creates a knock-out trophy from the league page."""

from datetime import datetime

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.shortcuts import get_object_or_404, redirect
from django.utils import timezone
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.page_commands import command_redirect
from systems.mythril import selectors
from systems.mythril.services import trophies


@require_POST
@login_required
def trophy_create(request, pk: int):
    season = get_object_or_404(selectors.season_list(), pk=pk)
    back = season.league.get_absolute_url()
    try:
        kickoff = datetime.fromisoformat(request.POST.get("kickoff", ""))
        round = int(request.POST.get("round") or 0)
    except ValueError:
        messages.error(request, _("Give the first matchday and the kick-off of the trophy."))
        return redirect(back)
    return command_redirect(
        request,
        back,
        lambda trophy: _("%(name)s is drawn.") % {"name": trophy.name},
        trophies.trophy_create,
        season=season,
        name=request.POST.get("name", ""),
        team_ids=[int(v) for v in request.POST.getlist("teams") if v.isdigit()],
        round=round,
        kickoff=timezone.make_aware(kickoff) if timezone.is_naive(kickoff) else kickoff,
    )
