"""What a game that says nothing more gets: the defaults of ``league.plugins``' registration
and settings check, and the team-name rule every registration keeps.

Below ``league.plugins`` (which calls them) and ``league.services`` (which uses the name rule):
neither is imported here.
"""

from django.contrib.auth.models import User
from django.utils.translation import gettext as _

from core import registry
from core.refusals import Refused
from league.models import League, Team


def team_name_check(*, league: League, name: str, team: Team | None = None) -> None:
    """A team's name is its own in the league, capitals aside ("UX Alpha" and "ux alpha" are
    the same name); the error is on ``name``."""
    taken = Team.objects.filter(league=league, name__iexact=name.strip())
    if team is not None:
        taken = taken.exclude(pk=team.pk)
    if taken.exists():
        raise Refused(
            "name_taken",
            _("%(name)s already plays in this league (capitals aside): choose another name."),
            field="name",
            name=taken.values_list("name", flat=True).first(),
        )


def team_row_checked(
    *,
    league: League,
    name: str,
    coach: User | None,
    primary_colour: str,
    secondary_colour: str,
) -> Team:
    """A new team's row, its name and columns checked, not saved yet: a game that builds more
    than the row (Killpower Ball's gladiators) checks it before drawing the rest."""
    team_name_check(league=league, name=name)
    team = Team(
        league=league,
        name=name,
        coach=coach,
        primary_colour=primary_colour,
        secondary_colour=secondary_colour,
    )
    team.full_clean()
    return team


def team_register_plain(
    *,
    league: League,
    name: str,
    coach: User | None,
    primary_colour: str,
    secondary_colour: str,
) -> Team:
    """A new team as a plain row: the registration of a game with nothing more to add."""
    team = team_row_checked(
        league=league,
        name=name,
        coach=coach,
        primary_colour=primary_colour,
        secondary_colour=secondary_colour,
    )
    team.save()
    return team


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
