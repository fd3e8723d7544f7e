"""A user's notifications page (``/notifications/``) and their email choices."""

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from notifications import kinds, selectors, services
from notifications.forms import EmailChoicesForm
from notifications.models import Notification

PAGE_SIZE = 30


@login_required
def notification_list(request: HttpRequest) -> HttpResponse:
    page = Paginator(selectors.notification_list(user=request.user), PAGE_SIZE).get_page(
        request.GET.get("page")
    )
    rows = [
        (notification, kinds.text(notification.kind, notification.data)) for notification in page
    ]
    context = {
        "page": page,
        "rows": rows,
        "unread": selectors.unread_count(user=request.user),
    }
    return render(request, "notifications/list.html", context)


@login_required
@require_POST
def notification_read(request: HttpRequest, pk: int) -> HttpResponse:
    try:
        notification = services.notification_mark_read(user=request.user, notification_id=pk)
    except Notification.DoesNotExist:
        raise Http404 from None
    if request.POST.get("open") and url_has_allowed_host_and_scheme(
        notification.url, allowed_hosts={request.get_host()}
    ):
        return redirect(notification.url)
    return redirect("notifications:list")


@login_required
@require_POST
def notification_read_all(request: HttpRequest) -> HttpResponse:
    count = services.notifications_mark_all_read(user=request.user)
    messages.success(request, _("%(count)d notifications marked read.") % {"count": count})
    return redirect("notifications:list")


@login_required
def notification_settings(request: HttpRequest) -> HttpResponse:
    form = EmailChoicesForm(request.POST or None, choices=services.email_choices(user=request.user))
    if request.method == "POST" and form.is_valid():
        services.preferences_save(user=request.user, email=form.values())
        messages.success(request, _("Your notification settings are saved."))
        return redirect("notifications:settings")
    return render(request, "notifications/settings.html", {"form": form})
