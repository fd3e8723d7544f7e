"""The notifications part of a user's account page: unread count and a link to the settings
(registered with ``core.accounts`` when the app is ready)."""

from django.contrib.auth.models import User

from core.accounts import AccountSection
from notifications import selectors


def _context(user: User) -> dict:
    return {"unread": selectors.unread_count(user=user)}


SECTION = AccountSection("notifications", "account/sections/notifications.html", _context)
