"""API token authentication (knox: tokens stored hashed, with expiry) that also answers in
the token owner's saved language, as pages do for signed-in users, and names the token's owner
the actor of the request's changes in the history (``core.history``)."""

from drf_spectacular.contrib.knox_auth_token import KnoxTokenScheme
from knox.auth import TokenAuthentication

from core import history
from core.user_language import activate_user_language


class LanguageAwareTokenAuthentication(TokenAuthentication):
    def authenticate(self, request):
        result = super().authenticate(request)
        if result is not None:
            activate_user_language(request, result[0])
            history.actor_set(result[0])
        return result


class LanguageAwareTokenScheme(KnoxTokenScheme):
    """The same bearer-token scheme in the OpenAPI schema."""

    target_class = "core.api.authentication.LanguageAwareTokenAuthentication"
