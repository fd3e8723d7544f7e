"""API token authentication (knox: tokens stored hashed, with expiry) that also answers in
the token owner's saved language, as pages do for signed-in users, and names the token's owner
the actor of the request's changes in the history (``core.history``).

One query a request: the token's row with its user and the user's profile (the language),
where knox reads the token, then every token of its user to delete the expired ones, and the
profile once more. The token is looked up in the database on every request, never remembered
between requests: a revoked token (signed out, revoked from the account page, its user's
account closed) is refused by the very next request, whichever process serves it. Expired
tokens are refused (and deleted) when used; the others of a user are deleted by the sweeper
(``tokens_sweep``), not by each request.
"""

import binascii
from hmac import compare_digest

from django.db.models.functions import Now
from django.utils import timezone
from django.utils.translation import gettext_lazy as _
from drf_spectacular.contrib.knox_auth_token import KnoxTokenScheme
from knox.auth import TokenAuthentication
from knox.crypto import hash_token
from knox.models import get_token_model
from knox.settings import CONSTANTS
from knox.signals import token_expired
from rest_framework import exceptions

from core import history
from core.models import UserProfile
from core.prepared_query import PreparedQuery
from core.user_preferences import activate_language, activate_zone


def _token_rows(token_key: str):
    return (
        get_token_model()
        .objects.filter(token_key=token_key)
        .select_related("user", "user__profile")
    )


_tokens_by_key = PreparedQuery(_token_rows, (str,))
"""The token rows with their user and profile; compiled once per connection (every API
request runs it)."""


class LanguageAwareTokenAuthentication(TokenAuthentication):
    def authenticate(self, request):
        result = super().authenticate(request)
        if result is not None:
            user, _token = result
            try:
                profile = user.profile  # fetched with the token
                language, zone = profile.language, profile.time_zone
            except UserProfile.DoesNotExist:
                language, zone = "", ""
            activate_language(request, language)
            activate_zone(zone)
            history.actor_set(user)
        return result

    def authenticate_credentials(self, token):
        """The token's user and row, from one query; ``AuthenticationFailed`` otherwise.

        As knox's: the rows whose key is the token's first characters, each compared by its
        digest in constant time; an expired one is deleted and refused; an inactive user is
        refused.
        """
        message = _("Invalid token.")
        token = token.decode("utf-8")
        try:
            digest = hash_token(token)
        except (TypeError, binascii.Error):
            raise exceptions.AuthenticationFailed(message) from None
        for row in _tokens_by_key(token[: CONSTANTS.TOKEN_KEY_LENGTH]):
            if not compare_digest(digest, row.digest):
                continue
            if row.expiry is not None and row.expiry < timezone.now():
                username = row.user.get_username()
                row.delete()
                token_expired.send(sender=self.__class__, username=username, source="auth_token")
                break
            return self.validate_user(row)
        raise exceptions.AuthenticationFailed(message)


def tokens_sweep() -> dict[str, int]:
    """Delete the API tokens whose expiry has passed (by the database's clock)."""
    deleted, _by_model = get_token_model().objects.filter(expiry__lt=Now()).delete()
    return {"expired_tokens_deleted": deleted}


class LanguageAwareTokenScheme(KnoxTokenScheme):
    """The same bearer-token scheme in the OpenAPI schema."""

    target_class = "core.api.authentication.LanguageAwareTokenAuthentication"
