"""The history of a league's changes (``/leagues/<id>/history/``): who changed what, when.

Anyone may read a league's public history, as they read the league; the commissioner reads
every entry, a bettor the entries about their own bets. ``?object_type=league.team&object_id=3`` narrows it
to one object (the link under an object's recent changes).
"""

from urllib.parse import urlencode

from django.core.paginator import Paginator
from django.http import HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, render
from django.utils.translation import gettext as _

from core import history_selectors
from league import selectors as league_selectors
from league.roles import is_commissioner

PER_PAGE = 50


def _filter_error(object_type: str, object_id: str) -> str:
    """What is wrong with the page's filters, naming the parameter ("" when nothing is)."""
    if object_type and object_type not in history_selectors.object_types():
        return _("object_type: not a kind of object the history records.")
    if object_id and not (object_id.isascii() and object_id.isdigit() and len(object_id) <= 18):
        return _("object_id: must be a whole number.")
    if object_id and not object_type:
        return _("object_type: give the kind of object along with its id.")
    return ""


def league_history(request: HttpRequest, pk: int) -> HttpResponse:
    league = get_object_or_404(league_selectors.league_with_commissioner(), pk=pk)
    object_type = request.GET.get("object_type", "")
    object_id = request.GET.get("object_id", "")
    error = _filter_error(object_type, object_id)
    if error:
        context = {"league": league, "error": error, "rows": [], "filtered": True}
        return render(request, "league/history.html", context, status=400)
    entries = history_selectors.history_list(
        league_id=league.pk,
        viewer_id=request.user.pk if request.user.is_authenticated else None,
        private=is_commissioner(request.user, league),
        object_type=object_type,
        object_id=int(object_id) if object_id else None,
        url=history_selectors.object_page_url(object_type=object_type, object_id=int(object_id))
        if object_id
        else "",
    )
    page = Paginator(entries, PER_PAGE).get_page(request.GET.get("page"))
    query = (
        urlencode({"object_type": object_type, "object_id": object_id}) + "&" if object_type else ""
    )
    return render(
        request,
        "league/history.html",
        {
            "league": league,
            "page": page,
            "rows": history_selectors.history_rows(list(page.object_list)),
            "filtered": bool(object_type),
            "query": query,
        },
    )
