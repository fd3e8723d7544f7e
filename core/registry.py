"""The games the league core plays, as each game app registers them.

The core apps (``league``, ``matches``) never import a game: they ask this registry what games
exist, and their plug-in points (``core.plugins``) what each game does. Each game app under
``systems/`` builds one :class:`Game` and calls :func:`register` from its
``AppConfig.ready()``, then registers its implementations on the plug-in points it offers
(``matches.plugins``, ``league.plugins``, ``betting.plugins``, ``loadgen.plugins``,
``core.plugins``), the way pretix plug-ins answer the core's signals. A game's name is its rules
engine system's name (``rules_engine.get_system(name)``), so the two registries line up one to
one.

A :class:`Game` holds only what every game declares to exist: its name (its label and
resolution come from the engine), the ways its matches are decided, and the kinds of the JSON
documents the core stores for it. The plug-in points are listed in ``docs/architecture.md``,
generated from the code by ``manage.py plugin_points --write``.
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from importlib import import_module
from importlib.util import find_spec
from typing import TYPE_CHECKING, Any

from django.apps import AppConfig
from django.utils.translation import gettext_lazy

from rules_engine import Resolution, get_system

if TYPE_CHECKING:
    from django_stubs_ext import StrOrPromise

    from core.documents import DocumentKind


@dataclass(frozen=True)
class Game:
    """A game the league core plays.

    ``decided_by``: ``(code, label)`` of the ways its matches are decided
    (``Result.decided_by``). ``documents``: the ``core.documents.DocumentKind`` of each JSON
    document the core stores for it (``"record"``: ``Result.record``; ``"sheet"``: the sheets
    frozen at kick-off; ``"options"``: the rule options frozen with them), stamped when
    written and upgraded on read."""

    name: str
    decided_by: Sequence[tuple[str, "StrOrPromise"]] = ()
    documents: Mapping[str, "DocumentKind"] = field(default_factory=dict)

    @property
    def label(self) -> str:
        return get_system(self.name).label

    @property
    def resolution(self) -> Resolution:
        return get_system(self.name).resolution

    @property
    def simulated(self) -> bool:
        return self.resolution == Resolution.SIMULATED


_GAMES: dict[str, Game] = {}
_SWEEPS: list[tuple[str, Callable[[], Mapping[str, int]]]] = []


def register(game: Game) -> None:
    """Called once from a game app's ``AppConfig.ready()``."""
    get_system(game.name)  # the rules engine must know it: InvalidInput otherwise
    if game.name in _GAMES:
        raise RuntimeError(f"the game {game.name!r} is registered twice")
    _GAMES[game.name] = game


def register_sweep(name: str, sweep: Callable[[], Mapping[str, int]]) -> None:
    """A periodic catch-up job of any app (the games', the matches', the campaigns')."""
    if any(known == name for known, _sweep in _SWEEPS):
        return
    _SWEEPS.append((name, sweep))


def game(name: str) -> Game:
    """The game called ``name``; ``LookupError`` when no app registered it."""
    try:
        return _GAMES[name]
    except KeyError:
        raise LookupError(f"no game app registered the rule system {name!r}") from None


def games() -> list[Game]:
    """Every registered game, in the order of ``INSTALLED_APPS``."""
    return list(_GAMES.values())


def choices() -> list[tuple[str, str]]:
    """``(name, label)`` of every game, for a league's ``rule_system`` field."""
    return [(item.name, item.label) for item in _GAMES.values()]


def simulated_names() -> list[str]:
    """Rule systems whose matches the workers simulate; the others are played at the table."""
    return [item.name for item in _GAMES.values() if item.simulated]


def sweeps() -> list[tuple[str, Callable[[], Mapping[str, int]]]]:
    return list(_SWEEPS)


def default_name() -> str:
    """The first registered game: a new league's rule system when none is given."""
    return next(iter(_GAMES), "")


FORFEIT = "forfeit"
"""``Result.decided_by`` of a fixture a commissioner awarded without playing, in every game."""


def decided_by_choices() -> list[tuple[str, Any]]:
    """Every game's ways a match is decided, each code once (``Result.decided_by``), and the
    forfeit a commissioner awards in any game (a game's own label for it kept)."""
    seen: dict[str, Any] = {}
    for item in _GAMES.values():
        for code, label in item.decided_by:
            seen.setdefault(code, label)
    seen.setdefault(FORFEIT, gettext_lazy("Forfeit"))
    return list(seen.items())


class GameConfig(AppConfig):
    """A game app's ``AppConfig`` (subclassed as ``registry.GameConfig``, so its ``apps.py``
    holds one config class): ``ready()`` imports the app's ``tasks`` and ``receivers`` where it
    has them (its tasks are sent by name; its receivers connect), then calls
    ``plugins.register()`` (the game, its sweeps and its plug-in answers) and
    ``history.register()`` (its rows in the history of changes)."""

    def ready(self) -> None:
        modules = {
            role: import_module(f"{self.name}.{role}")
            for role in ("history", "plugins", "receivers", "tasks")
            if find_spec(f"{self.name}.{role}") is not None
        }
        modules["plugins"].register()
        modules["history"].register()
