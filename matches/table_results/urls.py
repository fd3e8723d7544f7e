"""The addresses of results played at the table, built for each game by one function.

A game names where its report pages and API commands live with a :class:`ReportRoutes`;
:func:`page_patterns` and :func:`api_patterns` put the shared views there. A new game takes
the canonical shape (the defaults, ``{game}`` replaced by its name):

* pages (``matches`` namespace): ``<pk>/{game}/result/`` (``{game}_result``) and
  ``{game}/reports/<pk>/<command>/`` (``{game}_report_command``);
* API: ``{game}/fixtures/<pk>/result-reports/`` (``{game}-result-submit``) and
  ``{game}/result-reports/<pk>/<command>/`` (``{game}-report-command``).

Killpower, Mythril and Tutatis keep the addresses and names they always had (REST clients
and bookmarks): a path with ``{command}`` in it is one route per command (named with
``{command}`` too), one with ``<str:...>`` one route for them all.
"""

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.urls import URLPattern, path

from matches.table_results.services import COMMANDS


@dataclass(frozen=True)
class ReportRoutes:
    """Where a game's report pages and API operations live: ``(path, name)`` each."""

    game: str
    entry_page: tuple[str, str] = ("<int:pk>/{game}/result/", "{game}_result")
    command_page: tuple[str, str] = (
        "{game}/reports/<int:pk>/<str:command>/",
        "{game}_report_command",
    )
    submit_api: tuple[str, str] = (
        "{game}/fixtures/<int:pk>/result-reports/",
        "{game}-result-submit",
    )
    command_api: tuple[str, str] | None = (
        "{game}/result-reports/<int:pk>/<str:command>/",
        "{game}-report-command",
    )
    """``None``: the commands are actions of the game's report viewset (on its router)."""

    def shaped(self, route: tuple[str, str], **names: str) -> tuple[str, str]:
        where, name = route
        return where.format(game=self.game, **names), name.format(game=self.game, **names)


def _commands(
    routes: ReportRoutes, route: tuple[str, str], make: Callable[[str], Any]
) -> list[URLPattern]:
    """One route per command when the path names ``{command}``, else one for them all."""
    if "{command}" not in route[0]:
        where, name = routes.shaped(route)
        return [path(where, make(""), name=name)]
    patterns = []
    for command in COMMANDS:
        where, name = routes.shaped(route, command=command)
        patterns.append(path(where, make(command), name=name))
    return patterns


def page_patterns(routes: ReportRoutes, pages: Any) -> list[URLPattern]:
    """The game's result entry and report command pages (``matches`` namespace), served by
    ``pages`` (a :class:`matches.table_results.views.ReportPages`)."""
    where, name = routes.shaped(routes.entry_page)
    return [
        path(where, pages.entry, name=name),
        *_commands(routes, routes.command_page, pages.command_view),
    ]


def api_patterns(routes: ReportRoutes, api: Any) -> list[URLPattern]:
    """The game's result entry and report commands in the API, for its ``ReportApi``."""
    from matches.table_results.api import ReportCommandView, ResultSubmitView

    where, name = routes.shaped(routes.submit_api)
    patterns = [path(where, ResultSubmitView.as_view(api=api), name=name)]
    if routes.command_api is not None:
        patterns += _commands(
            routes,
            routes.command_api,
            lambda command: ReportCommandView.as_view(api=api, command=command),
        )
    return patterns
