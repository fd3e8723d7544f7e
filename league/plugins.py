"""The plug-in points ``league`` calls: what a game says about its teams, its league settings
and its demo (see ``core.plugins``).

Each base class holds the defaults, what ``league`` does for a game with nothing to say.
Defaults that need the app's own code take it from ``league.defaults`` and
``league.rules_forms``, which import none of the modules that call these points.
"""

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from core.plugins import PluginPoint
from league.defaults import (
    league_settings_check_plain,
    team_register_plain,
    teams_register_plain,
)
from league.rules_forms import LeagueRulesForm

if TYPE_CHECKING:
    from django.contrib.auth.models import User
    from django.db.models import Model
    from django.http import HttpRequest, HttpResponse
    from rest_framework.serializers import Field  # type: ignore[import-untyped]

    from league.models import League, Team

FieldFactory = Callable[[], "Field"]
"""Builds a fresh serializer field (a serializer's fields are never shared)."""


class TeamViews:
    """A team's page and its sheet. Every game implements it."""

    def team_page(self, request: "HttpRequest", *, team: "Team") -> "HttpResponse":
        """The page at ``/leagues/teams/<id>/``."""
        raise NotImplementedError("every game draws its team page")

    def team_sheet(self, *, team: "Team") -> dict[str, Any]:
        """The team's sheet as ``GET /api/v1/teams/{id}/sheet/`` answers it."""
        raise NotImplementedError("every game gives its team sheet")


team_views = PluginPoint(
    "league.team_views",
    TeamViews,
    required=True,
    doc="A team's page and its sheet in the API (``league.views.public``, "
    "``league.api.commands``).",
)


class Power(Protocol):
    """A team's power and division, where its game has them."""

    @property
    def power(self) -> int: ...

    @property
    def division(self) -> int: ...


class Teams:
    """How a game registers a team and rates it."""

    def team_register(
        self,
        *,
        league: "League",
        name: str,
        coach: "User | None",
        primary_colour: str,
        secondary_colour: str,
    ) -> "Team":
        """A new team in one of the game's leagues. By default a plain row; a game that needs
        more than a name (Killpower Ball's seven gladiators) builds it here."""
        return team_register_plain(
            league=league,
            name=name,
            coach=coach,
            primary_colour=primary_colour,
            secondary_colour=secondary_colour,
        )

    def teams_register(
        self, *, league: "League", teams: "Sequence[Mapping[str, Any]]"
    ) -> "list[Team]":
        """Many new teams at once (``teams``: ``team_register``'s arguments each), in order.
        By default plain rows in one statement; a game that registers its teams its own way
        and not in bulk gets each one through its ``team_register``."""
        if type(self).team_register is not Teams.team_register:
            return [self.team_register(league=league, **spec) for spec in teams]
        return teams_register_plain(league=league, teams=teams)

    def team_power(self, *, team: "Team") -> Power | None:
        """Power and division, or ``None`` where the game has none (the API's null)."""
        return None


teams = PluginPoint(
    "league.teams",
    Teams,
    doc="A team registered the game's way, its power and division (``league.services``, "
    "``league.api.serializers``).",
)


class Rows:
    """The game's rows read with a list of teams or leagues, so a list costs the same number
    of queries whatever its length."""

    def team_related(self) -> Sequence[str]:
        """The game's one-to-one rows of a team, for ``select_related`` (joined)."""
        return ()

    def league_related(self) -> Sequence[str]:
        """The game's one-to-one rows of a league, for ``select_related`` (joined)."""
        return ()

    def teams_read(self, *, teams: Sequence["Team"]) -> None:
        """Read at once onto ``teams`` (a page of a team list, of any league) what the game's
        API fields and ``team_power`` show of each of its own, so a page costs no query per
        team (and none for a page of another game's teams). By default nothing is read."""


rows = PluginPoint(
    "league.rows",
    Rows,
    doc="What a list of teams or leagues joins or prefetches for the game "
    "(``league.selectors``, ``league.api.views``).",
)


def team_related() -> list[str]:
    """Every game's one-to-one rows of a team: a list of teams of any league joins them."""
    return [name for item in rows.implementations() for name in item.team_related()]


def league_related() -> list[str]:
    """Every game's one-to-one rows of a league."""
    return [name for item in rows.implementations() for name in item.league_related()]


def league_related_models() -> list[type["Model"]]:
    """The models of every game's one-to-one rows of a league (:func:`league_related`)."""
    from league.models import League

    related = (League._meta.get_field(name).related_model for name in league_related())
    return [model for model in related if isinstance(model, type)]


def teams_read(*, teams: Sequence["Team"]) -> None:
    """Every game's bulk read onto a page of a team list of any league (``Rows.teams_read``)."""
    for item in rows.implementations():
        item.teams_read(teams=teams)


class ApiFields:
    """Read-only fields the game adds to a team's and a league's API representation (null on
    other games' rows)."""

    def team_api_fields(self) -> Mapping[str, FieldFactory]:
        """Name -> field factory, added to ``TeamSerializer``."""
        return {}

    def league_api_fields(self) -> Mapping[str, FieldFactory]:
        """Name -> field factory, added to ``LeagueSerializer``."""
        return {}


api_fields = PluginPoint(
    "league.api_fields",
    ApiFields,
    doc="Read-only fields added to the teams and leagues of the API (``league.api.serializers``).",
)


def team_api_fields() -> dict[str, "Field"]:
    """Every game's read-only team fields, built fresh (name -> serializer field)."""
    return {
        name: make()
        for item in api_fields.implementations()
        for name, make in item.team_api_fields().items()
    }


def league_api_fields() -> dict[str, "Field"]:
    """Every game's read-only league fields, built fresh (name -> serializer field)."""
    return {
        name: make()
        for item in api_fields.implementations()
        for name, make in item.league_api_fields().items()
    }


class LeagueSettings:
    """The league settings a game keeps in its own tables, and the format and house rules it
    accepts."""

    def settings_fields(self) -> Mapping[str, FieldFactory]:
        """Name -> writable serializer field factory of each setting the game keeps."""
        return {}

    def settings_save(self, *, league: "League", values: dict[str, Any]) -> None:
        """Validate and store the game's settings (``ValidationError`` naming the field)."""

    def settings_check(self, *, league: "League", has_fixtures: bool) -> None:
        """Refuse a format or house rules the game cannot play (``ValidationError`` naming
        the field). By default championships only, without house rules."""
        league_settings_check_plain(league=league)


league_settings = PluginPoint(
    "league.settings",
    LeagueSettings,
    doc="The league settings a game keeps and checks (``league.services``, the settings "
    "serializers).",
)


def league_settings_fields() -> dict[str, "Field"]:
    """Every game's writable league settings, built fresh (name -> serializer field)."""
    return {
        name: make()
        for item in league_settings.implementations()
        for name, make in item.settings_fields().items()
    }


class RulesForm:
    """The form mixin holding the game's league settings on the league pages."""

    def rules_form(self) -> type:
        """A mixin of the league forms (``game_name``, ``rule_fields``, ``rule_settings`` ...,
        see ``league.forms``); by default the core's, without settings."""
        return LeagueRulesForm


rules_form = PluginPoint(
    "league.rules_form",
    RulesForm,
    doc="The game's settings on the league's create and settings pages (``league.forms``).",
)


class Demo:
    """The game's demo leagues (``manage.py demo_data``)."""

    def demo(self, commissioner: "User") -> list[str]:
        """Build the demo leagues through the services; the lines to print (the first one in
        bold)."""
        return []


demo = PluginPoint(
    "league.demo",
    Demo,
    doc="The demo leagues ``manage.py demo_data`` builds, game by game.",
)
