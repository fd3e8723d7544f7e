"""Small display helpers shared by the league and match templates."""

from datetime import datetime

from django import template
from django.template.defaultfilters import date
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.timezone import template_localtime

from core.numbers import signed

register = template.Library()

register.filter("signed", signed)  # +10, −20, 0: a modifier as the rule text writes it


@register.filter
def get_item(mapping, key):
    try:
        return mapping[key]
    except (KeyError, IndexError, TypeError):
        return None


@register.simple_tag(takes_context=True)
def time_element(context: template.Context, value) -> SafeString:
    """``{% time_element fixture.kickoff %}``: what ``<time datetime="{{ value|date:'c' }}">{{
    value|date:"SHORT_DATETIME_FORMAT" }}</time>`` writes, the value put in the reader's time
    zone once rather than resolved and localised by two filters (a row of a team page's 38
    fixtures spent a fifth of its time there)."""
    local = template_localtime(value, use_tz=context.use_tz)
    # ``date:'c'`` of a datetime is its isoformat(), without the format string parsed per row
    iso = local.isoformat() if isinstance(local, datetime) else date(local, "c")
    return format_html('<time datetime="{}">{}</time>', iso, date(local, "SHORT_DATETIME_FORMAT"))
