"""Absolute links in templates, from ``SITE_URL`` (``core.links``), never the request's host.

``{% webcal_url "league:calendar" league.pk %}``: the calendar subscription address."""

from django import template
from django.urls import reverse

from core.links import site_host

register = template.Library()


@register.simple_tag
def webcal_url(name: str, *args) -> str:
    return f"webcal://{site_host()}{reverse(name, args=args)}"
