"""Numbers as the rule texts and the tables write them."""

MINUS = "\u2212"


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
