"""A page's POST command, as every game's pages answer one. A button (:func:`command_redirect`):
the service runs with the signed-in user; its refusal (``Refused``) shows as an error message
and changes nothing, else the success message shows; either way the browser goes back to the
page the button is on. A form posted back to its page (:func:`form_command`): the refusal
shows on the form, the page drawn again; else the success message, and on to the next page."""

from collections.abc import Callable
from typing import Any

from django import forms
from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect

from core.forms import add_service_errors
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


def form_command(
    request: HttpRequest,
    form: forms.Form,
    command: Callable[[dict[str, Any]], tuple[str, str]],
) -> HttpResponse | None:
    """A posted, valid ``form``: ``command(form.cleaned_data)`` calls the service and returns
    the success message and the address to go on to. The service's refusal shows on the form,
    field by field (``add_service_errors``). None: the page is drawn (again) with the form."""
    if request.method != "POST" or not form.is_valid():
        return None
    try:
        done, to = command(form.cleaned_data)
    except ValidationError as error:
        add_service_errors(form, error)
        return None
    messages.success(request, done)
    return redirect(to)
