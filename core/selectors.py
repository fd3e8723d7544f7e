"""Read-side queries of the accounts the core keeps: e-mail addresses, API tokens and the
saved preferences."""

from allauth.account.models import EmailAddress
from django.contrib.auth.models import User
from django.db.models import QuerySet
from knox.models import AuthToken

from core.models import UserProfile


def primary_email(*, user: User) -> EmailAddress | None:
    return EmailAddress.objects.get_primary(user)


def user_by_username(*, username: str) -> User | None:
    return User.objects.filter(username=username).first()


def user_token_list(*, user: User) -> QuerySet[AuthToken]:
    """The user's API tokens, newest first (their secrets are never stored)."""
    return AuthToken.objects.filter(user=user).order_by("-created")


def user_preferences(*, user: User) -> dict[str, str]:
    """The user's saved ``language`` and ``time_zone`` (empty strings where none is saved)."""
    saved = UserProfile.objects.filter(user=user).values_list("language", "time_zone").first()
    language, time_zone = saved or ("", "")
    return {"language": language, "time_zone": time_zone}
