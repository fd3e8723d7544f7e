"""A signed-in user's chosen language wins over the browser's (which LocaleMiddleware read).

Sessions are known when the middleware runs; API tokens only once DRF authenticates the
request, so ``core.api.authentication`` applies the same choice then.
"""

from django.utils import translation

from core.models import UserProfile


def activate_user_language(request, user) -> None:
    """Activate ``user``'s saved interface language for the rest of ``request``, if any."""
    if user is None or not user.is_authenticated:
        return
    language = UserProfile.objects.filter(user=user).values_list("language", flat=True).first()
    activate_language(request, language)


def activate_language(request, language: str | None) -> None:
    """Activate a saved ``language`` (empty: the browser's stays) for the rest of ``request``."""
    if language:
        translation.activate(language)
        request.LANGUAGE_CODE = language


class UserLanguageMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        activate_user_language(request, getattr(request, "user", None))
        return self.get_response(request)
