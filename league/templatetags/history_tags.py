"""``{% object_history team team.league %}``: an object's last changes on its page (a team's, a fixture's,
the league settings'), with a link to the full list in the league's history."""

from urllib.parse import urlencode

from django import template
from django.urls import reverse

from core import history_registry, history_selectors
from league.models import League
from league.roles import is_commissioner

register = template.Library()

SHOWN = 10


@register.inclusion_tag("league/object_history.html", takes_context=True)
def object_history(context: template.Context, instance, league: League) -> dict:
    """``league`` is the object's league, which its page has already loaded."""
    request = context["request"]
    object_type = instance._meta.label_lower
    entries = history_selectors.history_list(
        league_id=league.pk,
        viewer_id=request.user.pk if request.user.is_authenticated else None,
        private=is_commissioner(request.user, league),
        object_type=object_type,
        object_id=instance.pk,
        url=history_registry.page_url(instance),
    )
    query = urlencode({"object_type": object_type, "object_id": instance.pk})
    return {
        "rows": history_selectors.history_rows(list(entries[:SHOWN])),
        "full_url": f"{reverse('league:history', args=[league.pk])}?{query}",
        "shown": SHOWN,
    }
