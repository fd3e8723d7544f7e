"""API token authentication (knox: tokens stored hashed, with expiry) that also answers in
the token owner's saved language, as pages do for signed-in users."""

from drf_spectacular.contrib.knox_auth_token import KnoxTokenScheme
from knox.auth import TokenAuthentication

from core.user_language import activate_user_language


class LanguageAwareTokenAuthentication(TokenAuthentication):
    def authenticate(self, request):
        result = super().authenticate(request)
        if result is not None:
            activate_user_language(request, result[0])
        return result


class LanguageAwareTokenScheme(KnoxTokenScheme):
    """The same bearer-token scheme in the OpenAPI schema."""

    target_class = "core.api.authentication.LanguageAwareTokenAuthentication"
