"""Form plumbing every app's pages share.

Templates draw the fields with ``partials/field.html``; services refuse with
``core.refusals.Refused`` (a ``ValidationError`` naming its field), and
:func:`add_service_errors` shows it, worded in the reader's language, as an inline error on the
field of the same name (and as a form error otherwise).
"""

from collections.abc import Callable
from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from core.services import user_set_time_zone
from core.time_zones import is_zone, zone_names


class PageForm(forms.Form):
    """Templates draw these fields with ``partials/field.html`` (Pico: label, widget, then
    help text and errors as ``<small>``)."""


def add_service_errors(form: forms.Form, error: ValidationError) -> None:
    """Attach a service's refusal (any ``ValidationError``) to ``form``: per field where the
    form has one. A form whose fields are not named as the service names them routes each
    message with its ``error_field(field, message)`` method (the form field, or None)."""
    if not hasattr(error, "error_dict"):
        form.add_error(None, error.messages)
        return
    route = getattr(form, "error_field", None)
    for field, messages in error.message_dict.items():
        for message in messages:
            target = route(field, message) if route else field
            form.add_error(target if target in form.fields else None, message)


def check_as_typed(form: forms.Form, check: Callable[[dict[str, Any]], object]) -> None:
    """A form checked while it is filled in (htmx posts it as a field loses focus), nothing
    saved: its fields' own checks, then the service's ``check`` on what is valid so far (its
    refusal shown where the field has no error yet), and no error on a field not filled in
    yet: no error before its turn."""
    form.is_valid()
    try:
        check(form.cleaned_data)
    except ValidationError as error:
        for field, messages in error.message_dict.items():
            if field not in form.errors:
                form.add_error(field if field in form.fields else None, messages)
    for name in [name for name in form.errors if name in form.fields]:
        if not form.data.get(name):
            del form.errors[name]


def _zone_choices() -> list[tuple[str, str]]:
    return [("", _("The browser's time zone")), *((name, name) for name in zone_names())]


class PreferencesForm(PageForm):
    language = forms.ChoiceField(
        label=_("Interface language"),
        choices=[("", _("The browser's language")), *settings.LANGUAGES],
        required=False,
        help_text=_("Used on every page once you are signed in."),
    )
    time_zone = forms.ChoiceField(
        label=_("Time zone"),
        choices=_zone_choices,
        required=False,
        help_text=_(
            "Every date and time on the pages, in emails and in exports is shown in it, with "
            "the zone named."
        ),
    )


class SignupTimeZoneForm(forms.Form):
    """What allauth's sign-up form gains (``ACCOUNT_SIGNUP_FORM_CLASS``): the browser's time
    zone, filled in by ``js/time_zone.js``, saved on the new account."""

    time_zone = forms.CharField(
        required=False,
        max_length=64,
        widget=forms.HiddenInput(attrs={"data-browser-zone": ""}),
    )

    def clean_time_zone(self) -> str:
        zone = self.cleaned_data["time_zone"]
        return zone if is_zone(zone) else ""  # a guess: a strange one is dropped, not refused

    def signup(self, request, user: User) -> None:
        zone = self.cleaned_data.get("time_zone", "")
        if zone:
            user_set_time_zone(user=user, time_zone=zone)


class TokenCreateForm(PageForm):
    expires_in_days = forms.IntegerField(
        label=_("Expires in (days)"),
        required=False,
        min_value=1,
        help_text=_("Leave blank for the longest lifetime the site allows."),
    )


class UsernameField(forms.ModelChoiceField):
    def label_from_instance(self, obj: User) -> str:
        return obj.username


class CloseAccountForm(PageForm):
    """Closing an account asks for its password (the session alone is not enough)."""

    password = forms.CharField(label=_("Your password"), widget=forms.PasswordInput)
    confirm = forms.BooleanField(label=_("I understand that this cannot be undone."), required=True)

    def __init__(self, user: User, *args, **kwargs) -> None:
        super().__init__(*args, **kwargs)
        self.user = user

    def clean_password(self) -> str:
        password = self.cleaned_data["password"]
        if not self.user.check_password(password):
            raise ValidationError(_("This is not your password."), code="wrong_password")
        return password
