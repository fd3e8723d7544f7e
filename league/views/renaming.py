"""The page that gives a team's player another name, for every game that lets a coach rename
his players (a Killpower gladiator, a Mythril player): the game finds the player, checks who
may, and names the service."""

from collections.abc import Callable
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.utils.translation import gettext as _

from core.page_commands import form_command
from league.forms import PlayerRenameForm
from league.models import Team
from league.views.commissioner import form_page


def player_rename_page(
    request: HttpRequest, *, team: Team, name: str, rename: Callable[[str], Any]
) -> HttpResponse:
    """The form with the player's current ``name``; posted, ``rename(new name)`` calls the
    game's service and answers the renamed row: its refusal shows on the form, else "old is
    now new" and back to ``team``'s page."""
    form = PlayerRenameForm(request.POST or None, initial={"name": name})

    def renamed(data: dict[str, Any]) -> tuple[str, str]:
        new = rename(data["name"]).name
        return _("%(old)s is now %(new)s.") % {"old": name, "new": new}, team.get_absolute_url()

    if done := form_command(request, form, renamed):
        return done
    return form_page(
        request,
        team.league,
        form,
        title=_("Rename %(name)s") % {"name": name},
        submit=_("Rename"),
        cancel=team.get_absolute_url(),
    )
