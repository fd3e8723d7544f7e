"""A signed-in user's saved language and time zone win over the browser's language (which
LocaleMiddleware read) and the site's zone (``TIME_ZONE``). Without a saved zone, the zone the
browser reported (the ``tz`` cookie ``js/time_zone.js`` keeps) is used: a visitor reads times
in their own zone from their second page on.

Sessions are known when the middleware runs; API tokens only once DRF authenticates the
request, so ``core.api.authentication`` applies the same choices then. Both come from one
read of the profile.
"""

from zoneinfo import ZoneInfo

from django.utils import timezone, translation

from core.models import UserProfile
from core.time_zones import is_zone

BROWSER_ZONE_COOKIE = "tz"


def activate_user_preferences(request, user) -> None:
    """Activate ``user``'s saved interface language and time zone for the rest of
    ``request``; the browser's zone, or the site's, where none is saved."""
    language, zone = "", ""
    if user is not None and user.is_authenticated:
        saved = UserProfile.objects.filter(user=user).values_list("language", "time_zone")
        language, zone = saved.first() or ("", "")
    activate_language(request, language)
    activate_zone(zone or request.COOKIES.get(BROWSER_ZONE_COOKIE, ""))


def activate_language(request, language: str | None) -> None:
    """Activate a saved ``language`` (empty: the browser's stays) for the rest of ``request``."""
    if language:
        translation.activate(language)
        request.LANGUAGE_CODE = language


def activate_zone(zone: str | None) -> None:
    """Show times in a saved ``zone`` for the rest of the request (empty or unknown: the
    site's); Django's date filters and forms convert through it."""
    if zone and is_zone(zone):
        timezone.activate(ZoneInfo(zone))
    else:
        timezone.deactivate()


class UserPreferencesMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        activate_user_preferences(request, getattr(request, "user", None))
        return self.get_response(request)
