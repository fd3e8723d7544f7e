"""What a user's account page shows, gathered from the apps that own it.

The core knows users, not leagues or wallets: each app registers a section (a template and a
function giving its context for a user) when it is ready, and the account page lists them in
the order they were registered (the league app's teams and leagues, then betting's wallets).
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User


@dataclass(frozen=True)
class AccountSection:
    name: str
    template: str
    context: Callable[[User], Mapping[str, Any]]


_SECTIONS: dict[str, AccountSection] = {}


def register_section(section: AccountSection) -> None:
    _SECTIONS[section.name] = section


def sections_for(user: User) -> list[tuple[AccountSection, Mapping[str, Any]]]:
    return [(section, section.context(user)) for section in _SECTIONS.values()]
