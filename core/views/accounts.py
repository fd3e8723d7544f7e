"""Account pages: preferences (the interface language, saved on the user's profile)."""

from contextlib import suppress

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.exceptions import ValidationError
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils import translation
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST
from django.views.i18n import set_language

from core import services
from core.forms import PreferencesForm, add_service_errors
from core.models import UserProfile


@login_required
def preferences(request: HttpRequest) -> HttpResponse:
    saved = UserProfile.objects.filter(user=request.user).values_list("language", flat=True)
    form = PreferencesForm(request.POST or None, initial={"language": saved.first() or ""})
    if request.method == "POST" and form.is_valid():
        language = form.cleaned_data["language"]
        try:
            services.user_set_language(user=request.user, language=language)
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
