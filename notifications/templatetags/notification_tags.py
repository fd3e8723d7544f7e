"""The bell in the site's header: the signed-in user's unread count, one query (none for
anonymous visitors)."""

from django import template

from notifications.selectors import unread_count

register = template.Library()


@register.inclusion_tag("notifications/bell.html", takes_context=True)
def notification_bell(context) -> dict:
    request = context.get("request")
    user = getattr(request, "user", None)
    count = unread_count(user=user) if user is not None and user.is_authenticated else 0
    return {"count": count, "request": request}
