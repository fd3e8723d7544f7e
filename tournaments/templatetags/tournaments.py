"""Formatting for the tournament pages: a tie-breaker's value, as a whole number when it is one."""

from collections.abc import Mapping

from django import template
from django.utils.formats import number_format

register = template.Library()


@register.filter
def metric(values: Mapping[str, float], name: str) -> str:
    value = values.get(name, 0)
    if float(value).is_integer():
        return str(int(value))
    return number_format(value, decimal_pos=1)
