"""Answer 503 with Retry-After when the database is unreachable, instead of a 500."""

from django.db import InterfaceError, OperationalError
from django.http import HttpResponse, JsonResponse
from django.utils.translation import gettext as _

RETRY_AFTER_SECONDS = "30"


class DatabaseUnavailableMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        return self.get_response(request)

    def process_exception(self, request, exception):
        if not isinstance(exception, OperationalError | InterfaceError):
            return None
        message = _("The database is unavailable. Please retry shortly.")
        if request.path.startswith("/api/"):
            response = JsonResponse(
                {"error": {"code": "service_unavailable", "message": message}}, status=503
            )
        else:
            response = HttpResponse(message, status=503, content_type="text/plain; charset=utf-8")
        response["Retry-After"] = RETRY_AFTER_SECONDS
        return response
