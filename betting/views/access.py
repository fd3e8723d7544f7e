"""The betting pages' role gate and the small helpers every betting view shares."""

from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from django.utils.http import url_has_allowed_host_and_scheme

from core.access import role_gate
from league import roles
from league import selectors as league_selectors
from league.models import League


def league_get(pk: int) -> League:
    return get_object_or_404(league_selectors.league_with_commissioner(), pk=pk)


commissioner_required = role_gate(league_get, roles.is_commissioner)
"""The view gets the ``League`` its ``pk`` names, when the user is its commissioner."""


def here(request: HttpRequest) -> str:
    """The page the user is on: for an htmx request, the page that asked for the fragment."""
    htmx = getattr(request, "htmx", None)
    if htmx and htmx.current_url_abs_path:
        return htmx.current_url_abs_path
    return request.get_full_path()


def back_to(request: HttpRequest, default: str) -> str:
    """Where to send the user after a form: the ``next`` it carries when it is this site's."""
    wanted = request.POST.get("next") or request.GET.get("next") or ""
    if wanted and url_has_allowed_host_and_scheme(
        wanted, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return wanted
    return default
