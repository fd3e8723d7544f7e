"""The league app's part of a user's account page: the teams they coach and the leagues they
run (registered with ``core.accounts`` when the app is ready)."""

from django.contrib.auth.models import User

from core.accounts import AccountSection
from league.models import League, Team


def _context(user: User) -> dict:
    return {
        "teams": Team.objects.filter(coach=user).select_related("league").order_by("name", "pk"),
        "leagues": League.objects.filter(commissioner=user).order_by("name", "pk"),
    }


SECTION = AccountSection("league", "account/sections/league.html", _context)
