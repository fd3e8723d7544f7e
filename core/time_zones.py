"""The time zones a user may choose: the IANA names Python's ``zoneinfo`` knows."""

from functools import cache
from zoneinfo import available_timezones

# Old aliases the tz database keeps for compatibility ("US/Pacific", "Etc/GMT+3", "EST5EDT"):
# left out of the choice, so the list reads as places.
_ALIASES = ("Etc/", "SystemV/", "US/", "posixrules", "localtime", "Factory")


@cache
def zone_names() -> tuple[str, ...]:
    """Every zone a user may pick, sorted: ``Region/City`` names and ``UTC``."""
    return tuple(
        sorted(
            name
            for name in available_timezones()
            if name == "UTC" or ("/" in name and not name.startswith(_ALIASES))
        )
    )


def is_zone(name: str) -> bool:
    return name in _zone_set()


@cache
def _zone_set() -> frozenset[str]:
    return frozenset(zone_names())
