"""Why money moved: the ledger stores a reason code on each transaction, and the app that
posts it declares the code with its translated label. The ledger knows no app's reasons: betting
declares its own (``betting.reasons``), each game its own, at import; ``post`` refuses a code
nobody declared, so a typo cannot reach the table."""

from django.utils.functional import Promise

MAX_LENGTH = 10
"""The width of ``Transaction.reason``."""

_labels: dict[str, str | Promise] = {}


def declare(code: str, label: str | Promise) -> str:
    """Declare ``code`` (shown as ``label``) and give it back, for a module constant. Declaring
    the same code twice with another label is a mistake two apps would make together."""
    if not code or len(code) > MAX_LENGTH:
        raise ValueError(f"a reason code has 1 to {MAX_LENGTH} characters: {code!r}")
    if code in _labels and str(_labels[code]) != str(label):
        raise ValueError(f"reason {code!r} is already declared as {_labels[code]!r}")
    _labels[code] = label
    return code


def choices() -> list[tuple[str, str | Promise]]:
    """The declared reasons, for the field's ``choices`` (its label on every page and form)."""
    return sorted(_labels.items())


def check(code: str) -> None:
    """``ValueError`` unless an app declared ``code``."""
    if code not in _labels:
        raise ValueError(f"no app declared the ledger reason {code!r}")
