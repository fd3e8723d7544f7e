"""How many examples the property and state-machine tests draw: a profile of Hypothesis chosen
by the ``HYPOTHESIS_PROFILE`` environment variable.

``full`` is the count each test was written with (Hypothesis's 100 where a test sets none, its
own ``max_examples`` otherwise). ``dev`` draws a fifth of it, so that ``make test`` stays within
minutes on a 2-core machine; ``make test-property`` (and CI's step of its own) runs the
property tests again under ``full``. A test that sets its count writes
``max_examples=examples(N)``, N being its full count: the assertions never change, only how many
inputs they are tried on.

Without the variable the profile is ``full``: a plain ``pytest`` run tries as many examples as
before, and only the make targets that say so draw fewer.

No profile has a deadline: Hypothesis's default (200 ms an example) is a timed assertion, and
on a loaded 2-core machine an example of a pure engine test has taken longer and failed a run
that asserts nothing about time. Speed is measured by ``make bench``.
"""

import math
import os

from hypothesis import settings

ENVIRONMENT_VARIABLE = "HYPOTHESIS_PROFILE"
DEFAULT_PROFILE = "full"
HYPOTHESIS_DEFAULT_EXAMPLES = 100

SCALES = {"full": 1.0, "dev": 0.2}
"""The share of its full count of examples each profile draws."""


def _profile_name() -> str:
    name = os.environ.get(ENVIRONMENT_VARIABLE, DEFAULT_PROFILE) or DEFAULT_PROFILE
    if name not in SCALES:
        raise ValueError(f"{ENVIRONMENT_VARIABLE}={name!r}: expected one of {sorted(SCALES)}")
    return name


def examples(full: int) -> int:
    """The count of examples for a test whose full count is ``full``, under the loaded profile
    (at least one)."""
    return max(1, math.ceil(full * SCALES[_profile_name()]))


def load() -> str:
    """Register every profile and load the one the environment names; return its name. Called
    from tests/conftest.py, before any test module (and its ``@settings``) is imported."""
    for name in SCALES:
        settings.register_profile(
            name,
            max_examples=max(1, math.ceil(HYPOTHESIS_DEFAULT_EXAMPLES * SCALES[name])),
            deadline=None,
        )
    name = _profile_name()
    settings.load_profile(name)
    return name
