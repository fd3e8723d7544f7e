"""Account pages: the account overview, preferences (the interface language and time zone,
saved on the user's profile), API tokens, the new user's welcome, closing the account. Signing up, in and
out, passwords and email addresses are django-allauth's pages (``allauth.urls``)."""

from contextlib import suppress

from django.contrib import messages
from django.contrib.auth import logout
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.db import transaction
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_POST
from django.views.i18n import set_language

from core import accounts, selectors, services
from core.forms import CloseAccountForm, PreferencesForm, TokenCreateForm, add_service_errors


@login_required
def preferences(request: HttpRequest) -> HttpResponse:
    form = PreferencesForm(
        request.POST or None, initial=selectors.user_preferences(user=request.user)
    )
    if request.method == "POST" and form.is_valid():
        language, zone = form.cleaned_data["language"], form.cleaned_data["time_zone"]
        try:
            with transaction.atomic():
                services.user_set_language(user=request.user, language=language)
                services.user_set_time_zone(user=request.user, time_zone=zone)
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            translation.activate(language or translation.get_language_from_request(request))
            messages.success(request, _("Your preferences are saved."))
            return redirect("preferences")
    return render(request, "registration/preferences.html", {"form": form})


@require_POST
def language(request: HttpRequest) -> HttpResponse:
    """The navigation's language switcher. Django's ``set_language`` (cookie) for everyone; a
    signed-in user's choice is also saved on the profile, which wins over the cookie."""
    if request.user.is_authenticated:
        with suppress(ValidationError):  # set_language ignores an unknown language too
            services.user_set_language(user=request.user, language=request.POST.get("language", ""))
    return set_language(request)


def _overview(
    request: HttpRequest, token_form: TokenCreateForm, new_token: str = ""
) -> HttpResponse:
    from knox.models import AuthToken

    tokens = AuthToken.objects.filter(user=request.user).order_by("-created")
    return render(
        request,
        "account/overview.html",
        {
            "sections": accounts.sections_for(request.user),
            "tokens": tokens,
            "token_form": token_form,
            "new_token": new_token,
        },
    )


@login_required
def overview(request: HttpRequest) -> HttpResponse:
    """The user's account: what they coach, run and hold, their API tokens (and the form to
    create one), and the links to change the password or email and to close the account."""
    return _overview(request, TokenCreateForm())


@never_cache
@login_required
@require_POST
def token_create(request: HttpRequest) -> HttpResponse:
    """A new API token, its secret shown in this answer only (it is stored hashed)."""
    form = TokenCreateForm(request.POST)
    if form.is_valid():
        try:
            _instance, secret = services.user_token_create(
                user=request.user, expires_in_days=form.cleaned_data["expires_in_days"]
            )
        except ValidationError as error:
            add_service_errors(form, error)
        else:
            return _overview(request, TokenCreateForm(), new_token=secret)
    return _overview(request, form)


@login_required
@require_POST
def token_revoke(request: HttpRequest, token_key: str) -> HttpResponse:
    if services.user_token_revoke(user=request.user, token_key=token_key):
        messages.success(request, _("The API token is revoked."))
    return redirect("account_overview")


@login_required
def welcome(request: HttpRequest) -> HttpResponse:
    """Where a new account lands: what one can do next."""
    return render(request, "account/welcome.html")


@login_required
def close(request: HttpRequest) -> HttpResponse:
    form = CloseAccountForm(request.user, request.POST or None)
    if request.method == "POST" and form.is_valid():
        services.user_close(user=request.user)
        logout(request)
        messages.success(request, _("Your account is closed and your personal data erased."))
        return redirect("league:list")
    return render(request, "account/close.html", {"form": form})
