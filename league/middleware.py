"""A signed-in user's chosen language wins over the browser's (which LocaleMiddleware read)."""

from django.utils import translation

from league.models import UserProfile


class UserLanguageMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        user = getattr(request, "user", None)
        if user is not None and user.is_authenticated:
            language = (
                UserProfile.objects.filter(user=user).values_list("language", flat=True).first()
            )
            if language:
                translation.activate(language)
                request.LANGUAGE_CODE = language
        return self.get_response(request)
