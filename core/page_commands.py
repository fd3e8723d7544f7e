"""A page's POST command, as every game's pages answer one: the service runs with the signed-in
user; its refusal (``Refused``) shows as an error message and changes nothing, else the
success message shows; either way the browser goes back to the page the form is on."""

from collections.abc import Callable
from typing import Any

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect

from core.refusals import Refused


def command_redirect(
    request: HttpRequest,
    back: str,
    done: str | Callable[[Any], str],
    service: Callable[..., Any],
    **inputs: Any,
) -> HttpResponse:
    """Call ``service(user=request.user, **inputs)`` and go back to ``back``: ``done`` is the
    success message, or makes it from what the service returns."""
    try:
        result = service(user=request.user, **inputs)
    except Refused as refused:
        messages.error(request, refused.message)
    else:
        messages.success(request, done(result) if callable(done) else done)
    return redirect(back)
