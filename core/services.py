"""Write-side operations on what belongs to a user: their preferences."""

from django.conf import settings
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from core.models import UserProfile


def user_set_language(*, user: User, language: str) -> UserProfile:
    if language and language not in dict(settings.LANGUAGES):
        raise ValidationError({"language": _("Choose one of the offered languages.")})
    profile, _created = UserProfile.objects.update_or_create(
        user=user, defaults={"language": language}
    )
    return profile
