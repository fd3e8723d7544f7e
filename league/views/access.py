"""Role gates for the pages: anonymous visitors are sent to sign in, the wrong role gets 403.

Each decorator loads the object its URL names, asks ``league.roles`` and passes the object to
the view in place of its id.
"""

from collections.abc import Callable
from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404

from league import roles
from league.models import League, Team
from matches.models import Fixture

View = Callable[..., HttpResponse]


def role_gate(load: Callable[[int], object], allowed: Callable[[object, object], bool]):
    """A decorator: sign-in required, ``load(pk)`` the object (404 if missing), 403 unless
    ``allowed(user, obj)``, then call the view with the object in place of its id."""

    def decorator(view: View) -> View:
        @wraps(view)
        def wrapper(request: HttpRequest, pk: int, *args, **kwargs) -> HttpResponse:
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            obj = load(pk)
            if not allowed(request.user, obj):
                raise PermissionDenied
            return view(request, obj, *args, **kwargs)

        return wrapper

    return decorator


def _league(pk: int) -> League:
    return get_object_or_404(League.objects.select_related("commissioner"), pk=pk)


def _team(pk: int) -> Team:
    return get_object_or_404(Team.objects.select_related("league", "coach"), pk=pk)


def _fixture(pk: int) -> Fixture:
    related = ("season__league", "home", "away")
    return get_object_or_404(Fixture.objects.select_related(*related), pk=pk)


commissioner_required = role_gate(_league, roles.is_commissioner)
"""The view gets the ``League`` its ``pk`` names, when the user is its commissioner."""

fixture_commissioner_required = role_gate(
    _fixture, lambda user, fixture: roles.is_commissioner(user, fixture.season.league)
)
"""The view gets the ``Fixture`` its ``pk`` names, when the user runs its league."""

roster_editor_required = role_gate(_team, roles.can_edit_roster)
"""The view gets the ``Team`` its ``pk`` names, when the user may edit its roster."""
