"""Write-side operations on what belongs to a user: preferences, API tokens, closing."""

from datetime import timedelta

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from core import league_versions
from core.models import UserProfile
from core.refusals import Refused
from core.time_zones import is_zone


def user_set_language(*, user: User, language: str) -> UserProfile:
    if language and language not in dict(settings.LANGUAGES):
        raise Refused(
            "unknown_language", _("Choose one of the offered languages."), field="language"
        )
    profile, _created = UserProfile.objects.update_or_create(
        user=user, defaults={"language": language}
    )
    return profile


def user_set_time_zone(*, user: User, time_zone: str) -> UserProfile:
    """Save the zone ``user`` reads times in (an IANA name; empty: the browser's, else the
    site's)."""
    if time_zone and not is_zone(time_zone):
        raise Refused(
            "unknown_time_zone",
            _("Choose a time zone from the list, such as Europe/Paris."),
            field="time_zone",
        )
    profile, _created = UserProfile.objects.update_or_create(
        user=user, defaults={"time_zone": time_zone}
    )
    return profile


DELETED_USERNAME = "deleted-user-{pk}"


@transaction.atomic
def user_close(*, user: User) -> User:
    """Close an account: the user can no longer sign in and their personal data is erased
    (name, email, password, API tokens, saved language); every session ends, since a session
    holds a hash of the password it was opened with. Their results, rosters and ledger entries
    stay, shown under the name of a deleted user."""
    from allauth.account.models import EmailAddress
    from knox.models import AuthToken

    user = User.objects.select_for_update().get(pk=user.pk)
    if not user.is_active:
        raise Refused("account_closed", _("This account is already closed."))
    user.username = DELETED_USERNAME.format(pk=user.pk)
    user.first_name = user.last_name = user.email = ""
    user.is_active = user.is_staff = user.is_superuser = False
    user.set_unusable_password()
    user.save()
    user.groups.clear()
    user.user_permissions.clear()
    EmailAddress.objects.filter(user=user).delete()
    AuthToken.objects.filter(user=user).delete()
    UserProfile.objects.filter(user=user).delete()
    # their name leaves every cached page that showed it (a commissioner's, a coach's)
    transaction.on_commit(league_versions.everything_changed)
    return user


def user_token_revoke(*, user: User, token_key: str) -> bool:
    """Revoke one of the user's API tokens (named by its first characters); whether it was."""
    from knox.models import AuthToken

    deleted, _kinds = AuthToken.objects.filter(user=user, token_key=token_key).delete()
    return bool(deleted)


def user_token_create(*, user: User, expires_in_days: int | None = None) -> tuple[object, str]:
    """A new API token for ``user``: its row and its secret, which is stored only hashed and so
    can be shown once. It lasts ``expires_in_days`` days, at most the site's token lifetime
    (``REST_KNOX["TOKEN_TTL"]``, also the default)."""
    from knox.models import AuthToken
    from knox.settings import knox_settings

    longest = knox_settings.TOKEN_TTL  # always set here: settings require at least an hour
    if expires_in_days is None:
        return AuthToken.objects.create(user, expiry=longest)
    if not 1 <= expires_in_days <= longest.days:
        raise Refused(
            "token_lifetime",
            _("A token lasts from 1 to %(days)s days."),
            field="expires_in_days",
            days=longest.days,
        )
    return AuthToken.objects.create(user, expiry=timedelta(days=expires_in_days))
