"""Plug-in points: where the apps ask each game for what only it knows.

A plug-in point is defined next to the code that calls it (``matches.plugins``,
``league.plugins``, ``betting.plugins``, ``loadgen.plugins``, and here for the few the core
itself calls), as pretix defines each signal beside its caller and Wagtail its hooks: a base
class whose typed methods hold the behaviour of a game that has nothing to say (the default),
and a :class:`PluginPoint` that maps a game's name to its subclass instance. A game registers
its implementations from its ``AppConfig.ready()``; a caller asks ``point.of(name)`` and always
gets an object to call, so no call site tests for a missing hook, and the core never knows
which apps (betting, load generation) sit above it.

Every point is listed by :func:`points`, from which ``manage.py plugin_points`` writes the
table of ``docs/architecture.md`` (and checks it in the tests).
"""

from collections.abc import Mapping, Sequence
from importlib import import_module
from importlib.util import find_spec
from inspect import isroutine
from typing import Any

from django.core.exceptions import ImproperlyConfigured

_POINTS: dict[str, "PluginPoint[Any]"] = {}


class PluginPoint[T]:
    """A named registry of per-game implementations of the base class ``base``.

    ``base()`` is the default every game without its own implementation gets: its methods do
    what the caller did before games could plug in. A ``required`` point has no usable default:
    asking for a game that did not register raises ``ImproperlyConfigured``."""

    def __init__(self, name: str, base: type[T], *, doc: str, required: bool = False) -> None:
        if name in _POINTS:
            raise ImproperlyConfigured(f"the plug-in point {name!r} is defined twice")
        self.name = name
        self.base = base
        self.doc = doc
        self.required = required
        self._default = base()
        self._implementations: dict[str, T] = {}
        _POINTS[name] = self

    def register(self, game: str, implementation: T) -> None:
        """Called once per game, from its ``AppConfig.ready()``."""
        if not isinstance(implementation, self.base):
            raise ImproperlyConfigured(
                f"{self.name}: {game}'s implementation is not a {self.base.__qualname__}"
            )
        if game in self._implementations:
            raise ImproperlyConfigured(f"{self.name}: the game {game!r} registers twice")
        self._implementations[game] = implementation

    def answer(self, game: str, **hooks: Any) -> T:
        """Register for ``game`` an implementation made of ``hooks``, each named for a member of
        the base class, so a game declares what it offers without a subclass per point.

        A function answers the method of its name (called without ``self``). Any other value
        (a list, a mapping, a form class) answers an attribute as its value, and a method as
        what it returns. A game writes its own subclass instead when an implementation holds
        logic or helpers of its own (``matches.plugins.TableResults``)."""
        members: dict[str, Any] = {}
        for name, hook in hooks.items():
            if not hasattr(self.base, name):
                raise ImproperlyConfigured(
                    f"{self.name}: {self.base.__qualname__} has no member {name!r}"
                )
            if isroutine(hook):
                members[name] = staticmethod(hook)
            elif isroutine(getattr(self.base, name)):
                members[name] = staticmethod(lambda *args, _value=hook, **kwargs: _value)
            else:
                members[name] = hook
        answers = type(f"{game.title()}{self.base.__name__}", (self.base,), members)
        implementation: T = answers()
        self.register(game, implementation)
        return implementation

    def of(self, game: str) -> T:
        """The game's implementation, else the default one."""
        try:
            return self._implementations[game]
        except KeyError:
            if self.required:
                raise ImproperlyConfigured(
                    f"{self.name}: the game {game!r} registered none"
                ) from None
            return self._default

    def implements(self, game: str) -> bool:
        """Whether the game offers this point (a page, a download, a market) at all."""
        return game in self._implementations

    def games(self) -> list[str]:
        """The games that registered an implementation, in registration order."""
        return list(self._implementations)

    def implementations(self) -> list[T]:
        """Every game's implementation, in registration order."""
        return list(self._implementations.values())

    @property
    def owner(self) -> str:
        """The module that defines the base class: the caller's ``plugins`` module."""
        return self.base.__module__

    def __repr__(self) -> str:
        return f"<PluginPoint {self.name}>"


def points() -> list["PluginPoint[Any]"]:
    """Every plug-in point of the installed apps, by name (each app's ``plugins`` module is
    imported first, so a point no game implements is listed too)."""
    from django.apps import apps

    for config in apps.get_app_configs():
        module = f"{config.name}.plugins"
        if find_spec(module) is not None:
            import_module(module)
    return sorted(_POINTS.values(), key=lambda point: point.name)


class Routes:
    """The addresses a game adds: its pages inside a core namespace (``"league"``,
    ``"matches"``), so every page keeps its address, and its REST API views and routes."""

    def page_urls(self, namespace: str) -> Sequence[Any]:
        """URL patterns added to the core namespace ``namespace``."""
        return ()

    def api_urls(self) -> Sequence[Any]:
        """URL patterns added to the REST API (``/api/v1/``)."""
        return ()

    def api_routes(self) -> Sequence[tuple[str, Any, str]]:
        """``(prefix, viewset, basename)`` registered on the REST API's router."""
        return ()


class RouteLists(Routes):
    """Routes given as lists, as most games have them (``urls.py``'s patterns)."""

    def __init__(
        self,
        *,
        pages: Mapping[str, Sequence[Any]] | None = None,
        api_urls: Sequence[Any] = (),
        api_routes: Sequence[tuple[str, Any, str]] = (),
    ) -> None:
        self._pages = dict(pages or {})
        self._api_urls = list(api_urls)
        self._api_routes = list(api_routes)

    def page_urls(self, namespace: str) -> Sequence[Any]:
        return self._pages.get(namespace, ())

    def api_urls(self) -> Sequence[Any]:
        return self._api_urls

    def api_routes(self) -> Sequence[tuple[str, Any, str]]:
        return self._api_routes


routes = PluginPoint(
    "core.routes",
    Routes,
    doc="The pages and REST API endpoints a game adds (``config.urls``, ``config.api.urls``).",
)


def page_urls(namespace: str) -> list[Any]:
    """Every game's page patterns for ``namespace``."""
    return [p for item in routes.implementations() for p in item.page_urls(namespace)]


def api_urls() -> list[Any]:
    """Every game's REST API patterns."""
    return [pattern for item in routes.implementations() for pattern in item.api_urls()]


def api_routes() -> list[tuple[str, Any, str]]:
    """Every game's REST API router entries."""
    return [route for item in routes.implementations() for route in item.api_routes()]
