"""The generated users: a commissioner per league, a coach per team, punters per league, all
with one password (hashed once: hashing per user would take longer than the whole league)."""

from collections.abc import Sequence
from functools import cache

from django.contrib.auth.hashers import make_password
from django.contrib.auth.models import User

PASSWORD = "load-password"
"""Every generated user's password, for the load test's logins."""

BATCH = 2000


def commissioner_name(league: int) -> str:
    return f"load-commissioner-{league}"


def coach_name(league: int, team: int) -> str:
    return f"load-coach-{league}-{team}"


def punter_name(league: int, punter: int) -> str:
    return f"load-punter-{league}-{punter}"


@cache
def _hashed(password: str) -> str:
    return make_password(password)


def users_prepare(password: str = PASSWORD) -> None:
    """Hash the password now (once, before any worker process forks)."""
    _hashed(password)


def users_create(*, usernames: Sequence[str], password: str = PASSWORD) -> dict[str, User]:
    """The users, created in a few statements; ``username -> user``."""
    hashed = _hashed(password)
    users = User.objects.bulk_create(
        [User(username=name, email=f"{name}@load.invalid", password=hashed) for name in usernames],
        batch_size=BATCH,
    )
    return {user.username: user for user in users}
