"""Answer 503 with Retry-After when the database is unreachable, instead of a 500; refuse an
API body over the upload limit with 413 in the API's error shape."""

from django.conf import settings
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


class ApiBodyLimitMiddleware:
    """An API request whose body is larger than ``DATA_UPLOAD_MAX_MEMORY_SIZE`` is refused with
    413 in the API's error shape before anything reads it (the JSON parser reads the stream
    itself, so Django's own limit would not stop it); one whose query holds a NUL character
    (which PostgreSQL text cannot) with 400."""

    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        length = request.META.get("CONTENT_LENGTH") or "0"
        too_large = limit is not None and length.isdigit() and int(length) > limit
        if request.path.startswith("/api/") and "\x00" in request.META.get(
            "QUERY_STRING", ""
        ).replace("%00", "\x00"):
            return JsonResponse(
                {
                    "error": {
                        "code": "invalid",
                        "message": _("The query may not contain the NUL character."),
                    }
                },
                status=400,
            )
        if too_large and request.path.startswith("/api/"):
            return JsonResponse(
                {
                    "error": {
                        "code": "request_too_large",
                        "message": _("The request body is over %(limit)s bytes.")
                        % {"limit": limit},
                    }
                },
                status=413,
            )
        return self.get_response(request)
