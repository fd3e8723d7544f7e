"""django-axes' handler (``AXES_HANDLER``): an account locked at a few failures, an address
only at many.

Axes counts failures per username (``AXES_LOCKOUT_PARAMETERS``) and locks the account after
``AXES_FAILURE_LIMIT``, whatever the address. Players at a tournament venue share one address,
so one of them mistyping his password must not lock the others out: the address is locked only
after ``LOGIN_ADDRESS_FAILURE_LIMIT`` failures across all usernames within
``AXES_COOLOFF_TIME`` (the rows axes already keeps, with the address of each failure).
"""

from axes.handlers.database import AxesDatabaseHandler
from axes.helpers import get_client_username
from axes.models import AccessAttempt
from axes.signals import user_locked_out
from django.conf import settings
from django.db.models import Sum
from django.utils import timezone


def address_failures(address: str) -> int:
    """Failed sign-ins from ``address`` within the cool-off window, all usernames together."""
    since = timezone.now() - settings.AXES_COOLOFF_TIME
    failures = AccessAttempt.objects.filter(ip_address=address, attempt_time__gte=since)
    return failures.aggregate(total=Sum("failures_since_start"))["total"] or 0


def _address_locked(request) -> bool:
    address = getattr(request, "axes_ip_address", None)
    return bool(address) and address_failures(address) >= settings.LOGIN_ADDRESS_FAILURE_LIMIT


class LockoutHandler(AxesDatabaseHandler):
    def is_locked(self, request, credentials=None) -> bool:
        return super().is_locked(request, credentials) or _address_locked(request)

    def user_login_failed(self, sender, credentials: dict, request=None, **kwargs) -> None:
        """The failure recorded; the failure that reaches the address's limit is refused at
        once, as axes refuses the one that reaches an account's."""
        super().user_login_failed(sender, credentials, request, **kwargs)
        if request is None or getattr(request, "axes_locked_out", False):
            return
        if _address_locked(request):
            request.axes_locked_out = True
            request.axes_credentials = credentials
            user_locked_out.send(
                "axes",
                request=request,
                username=get_client_username(request, credentials),
                ip_address=request.axes_ip_address,
            )
