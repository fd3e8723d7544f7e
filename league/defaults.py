"""What a game that says nothing more gets: the defaults of ``league.plugins``' registration
and settings check, and the team-name rule every registration keeps.

Below ``league.plugins`` (which calls them) and ``league.services`` (which uses the name rule):
neither is imported here.
"""

from collections.abc import Mapping, Sequence
from typing import Any

from django.contrib.auth.models import User
from django.db.models.functions import Lower
from django.utils.translation import gettext as _

from core import registry
from core.history import record_saves
from core.refusals import Refused
from league.models import League, Team


def team_name_check(*, league: League, name: str, team: Team | None = None) -> None:
    """A team's name is its own in the league, capitals aside ("UX Alpha" and "ux alpha" are
    the same name); the error is on ``name``."""
    taken = Team.objects.filter(league=league, name__iexact=name.strip())
    if team is not None:
        taken = taken.exclude(pk=team.pk)
    if taken.exists():
        _name_taken(taken.values_list("name", flat=True).first())


def _name_taken(name: str) -> None:
    raise Refused(
        "name_taken",
        _("%(name)s already plays in this league (capitals aside): choose another name."),
        field="name",
        name=name,
    )


def teams_rows_checked(*, league: League, teams: Sequence[Mapping[str, Any]]) -> list[Team]:
    """New teams' rows (``teams``: ``{"name", "coach", "primary_colour",
    "secondary_colour"}`` each), their names and columns checked, not saved yet: the league's
    names read in one query, each name its own among them and the league's (capitals aside).
    A game that builds more than the row (Killpower Ball's gladiators) checks it before
    drawing the rest."""
    keys = {name.strip().lower() for name in (spec["name"] for spec in teams)}
    taken = {
        name.lower(): name
        for name in Team.objects.filter(league=league)
        .annotate(lowered=Lower("name"))
        .filter(lowered__in=keys)
        .values_list("name", flat=True)
    }
    rows = []
    for spec in teams:
        key = spec["name"].strip().lower()
        if key in taken:
            _name_taken(taken[key])
        team = Team(
            league=league,
            name=spec["name"],
            coach=spec.get("coach"),
            primary_colour=spec["primary_colour"],
            secondary_colour=spec["secondary_colour"],
        )
        # The name's uniqueness is checked above for the whole batch (the constraint's own
        # check would cost a query per team).
        team.full_clean(validate_constraints=False)
        taken[key] = spec["name"]
        rows.append(team)
    return rows


def team_row_checked(
    *,
    league: League,
    name: str,
    coach: User | None,
    primary_colour: str,
    secondary_colour: str,
) -> Team:
    """:func:`teams_rows_checked` for one team."""
    spec = {
        "name": name,
        "coach": coach,
        "primary_colour": primary_colour,
        "secondary_colour": secondary_colour,
    }
    return teams_rows_checked(league=league, teams=[spec])[0]


def teams_register_plain(*, league: League, teams: Sequence[Mapping[str, Any]]) -> list[Team]:
    """New teams as plain rows, checked (:func:`teams_rows_checked`) and inserted in one
    statement: the registration of a game with nothing more to add."""
    rows = Team.objects.bulk_create(teams_rows_checked(league=league, teams=teams))
    record_saves(saves=[(None, team) for team in rows])  # the entries save() would write
    return rows


def team_register_plain(
    *,
    league: League,
    name: str,
    coach: User | None,
    primary_colour: str,
    secondary_colour: str,
) -> Team:
    """:func:`teams_register_plain` for one team."""
    spec = {
        "name": name,
        "coach": coach,
        "primary_colour": primary_colour,
        "secondary_colour": secondary_colour,
    }
    return teams_register_plain(league=league, teams=[spec])[0]


def league_settings_check_plain(*, league: League) -> None:
    """A game without its own check plays championships without house rules."""
    game = registry.game(league.rule_system)
    if league.competition_format != League.CompetitionFormat.CHAMPIONSHIP:
        raise Refused(
            "championships_only",
            _("%(system)s leagues play championships only."),
            field="competition_format",
            system=game.label,
        )
    if league.house_rules:
        raise Refused(
            "no_house_rules",
            _("%(system)s leagues have no house rules here."),
            field="house_rules",
            system=game.label,
        )
