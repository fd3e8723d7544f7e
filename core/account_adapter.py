"""django-allauth's adapter for this site (``ACCOUNT_ADAPTER``): every link and site name in
its emails (password reset, address confirmation, "account already exists", "unknown
account") comes from ``SITE_URL``, never from the request's ``Host`` header, which the client
writes: a reset requested with a forged ``Host`` still links to the real site. The site's name
they greet with is the product's, ``SITE_NAME``."""

from dataclasses import dataclass
from typing import Any
from urllib.parse import quote

from allauth.account.adapter import DefaultAccountAdapter
from django.conf import settings
from django.urls import reverse

from core.links import site_host, site_url


@dataclass(frozen=True)
class SettingsSite:
    """What allauth's email templates read of ``current_site``."""

    name: str
    domain: str


class SiteURLAccountAdapter(DefaultAccountAdapter):
    def get_reset_password_from_key_url(self, key: str) -> str:
        path = reverse("account_reset_password_from_key", kwargs={"uidb36": "UID", "key": "KEY"})
        return site_url(path.replace("UID-KEY", quote(key)))

    def get_email_confirmation_url(self, request, emailconfirmation) -> str:
        return site_url(reverse("account_confirm_email", args=[emailconfirmation.key]))

    def send_account_already_exists_mail(self, email: str) -> None:
        context = {"password_reset_url": site_url(reverse("account_reset_password"))}
        self.send_mail("account/email/account_already_exists", email, context)

    def send_mail(self, template_prefix: str, email: str, context: dict[str, Any]) -> None:
        context = {
            **context,
            "current_site": SettingsSite(name=settings.SITE_NAME, domain=site_host()),
        }
        if template_prefix.endswith(("/account_already_exists", "/unknown_account")):
            context["signup_url"] = site_url(reverse("account_signup"))
        super().send_mail(template_prefix, email, context)
