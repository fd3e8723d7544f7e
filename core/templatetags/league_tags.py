"""Small display helpers shared by the league and match templates."""

from django import template

register = template.Library()

MINUS = "\u2212"


@register.filter
def signed(value: int | None) -> str:
    """+10, −20, 0: a modifier as the rule text writes it."""
    if value is None or value == "":
        return ""
    number = int(value)
    if number > 0:
        return f"+{number}"
    if number < 0:
        return f"{MINUS}{-number}"
    return "0"


@register.filter
def metric_value(row, key: str):
    """A standings row's value for a tie-breaker key (``points``, ``head_to_head``...)."""
    return getattr(row, key, "")


@register.filter
def get_item(mapping, key):
    try:
        return mapping[key]
    except (KeyError, IndexError, TypeError):
        return None
