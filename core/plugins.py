"""Plug-in points: a named registry of per-game implementations of one base class.

Each point is created at import time beside the code that calls it
(``point = PluginPoint("matches.table_results", TableResults, doc=...)``); a game registers
its implementation from its ``AppConfig.ready()`` (``point.register("killpower", ...)``) and
the caller asks ``point.of(game)``, which answers the base class's default instance when the
game offers nothing, so no call site tests for ``None``. Every point is listed in
:func:`points` so the documentation can be generated from the code.
"""

from django.core.exceptions import ImproperlyConfigured

_POINTS: dict[str, "PluginPoint[object]"] = {}


class PluginPoint[T]:
    """The implementations of ``base`` the games registered, by game name."""

    def __init__(self, name: str, base: type[T], *, doc: str = "") -> None:
        self.name = name
        self.base = base
        self.doc = doc
        self._default = base()
        self._impls: dict[str, T] = {}
        _POINTS[name] = self  # type: ignore[assignment]

    def register(self, game: str, impl: T) -> None:
        """Called once per game from its ``AppConfig.ready()``."""
        if not isinstance(impl, self.base):
            raise ImproperlyConfigured(f"{self.name}: {impl!r} is not a {self.base.__name__}")
        if game in self._impls:
            raise ImproperlyConfigured(f"{self.name}: {game!r} is registered twice")
        self._impls[game] = impl

    def of(self, game: str) -> T:
        """The game's implementation, or the base class's defaults."""
        return self._impls.get(game, self._default)

    def offers(self, game: str) -> bool:
        """The game registered its own implementation (not only the defaults)."""
        return game in self._impls

    def games(self) -> list[str]:
        """The games that registered an implementation, in registration order."""
        return list(self._impls)


def points() -> list["PluginPoint[object]"]:
    """Every plug-in point, by name."""
    return [_POINTS[name] for name in sorted(_POINTS)]
