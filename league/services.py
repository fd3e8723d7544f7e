"""Write-side operations on leagues, seasons and teams, for every game.

What one game adds (its settings, a team's roster at registration) the game's app says through
``league.plugins``.

Every function is keyword-only, validates with the rule, raises ``ValidationError`` with
field messages for what the user can fix, and changes nothing when it refuses.
"""

from collections.abc import Mapping, Sequence
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from core import registry
from core.refusals import Refused
from league import plugins
from league.defaults import team_name_check
from league.models import TIEBREAKER_CHOICES, League, Season, Team
from league.selectors import teams_coloured

TIEBREAKER_KEYS = {key for key, _label in TIEBREAKER_CHOICES}
TEAM_FIELDS = ("name", "coach", "primary_colour", "secondary_colour")
LEAGUE_SETTINGS = (
    "name",
    "description",
    "points_win",
    "points_draw",
    "points_loss",
    "forfeit_score_for",
    "forfeit_score_against",
    "tiebreakers",
    "rating_tau",
    "forecast_top_places",
    "forecast_bottom_places",
    "deadline_grace_hours",
    "deadline_reminder_hours",
    "automatic_forfeits",
    "competition_format",
    "house_rules",
)


def _full_clean(instance: Any, **kwargs: Any) -> None:
    instance.full_clean(**kwargs)


def _check_forfeit_scores(league: League) -> None:
    """A fixture awarded by forfeit is won: the winner's score is above the loser's."""
    if league.forfeit_score_for <= league.forfeit_score_against:
        raise Refused(
            "forfeit_score_order",
            _("The winner's forfeit score must be above the loser's (%(n)s)."),
            field="forfeit_score_for",
            n=league.forfeit_score_against,
        )


def _check_tiebreakers(value: Any) -> None:
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        raise Refused(
            "tiebreakers_required", _("Give a non-empty list of tie-breakers."), field="tiebreakers"
        )
    unknown = [v for v in value if v not in TIEBREAKER_KEYS]
    if unknown:
        raise Refused(
            "unknown_tiebreaker",
            _("Unknown tie-breaker %(names)s; choose from %(known)s."),
            field="tiebreakers",
            names=", ".join(unknown),
            known=", ".join(sorted(TIEBREAKER_KEYS)),
        )
    if len(set(value)) != len(value):
        raise Refused(
            "tiebreaker_repeated", _("Each tie-breaker may appear only once."), field="tiebreakers"
        )


def _check_rule_settings(league: League, *, has_fixtures: bool = False) -> None:
    """The rule system is a registered game, and the competition format and house rules fit
    it: the game checks its own (an error names the setting); a game without a check plays
    championships without house rules."""
    try:
        registry.game(league.rule_system)
    except LookupError:
        known = ", ".join(name for name, _label in registry.choices())
        raise Refused(
            "unknown_rule_system",
            _("Unknown rule system; choose from %(known)s."),
            field="rule_system",
            known=known,
        ) from None
    game_settings = plugins.league_settings.of(league.rule_system)
    game_settings.settings_check(league=league, has_fixtures=has_fixtures)


def _split_settings(rule_system: str, settings: dict[str, Any], unknown_message: str) -> tuple:
    """The core's settings and those the league's game keeps; a setting of another game, or of
    none, names its field."""
    own = set(plugins.league_settings.of(rule_system).settings_fields())
    owners = {
        field: registry.game(name).label
        for name in plugins.league_settings.games()
        for field in plugins.league_settings.of(name).settings_fields()
    }
    errors = {}
    for field in set(settings) - set(LEAGUE_SETTINGS) - own:
        errors[field] = (
            _("Only %(system)s leagues have this setting.") % {"system": owners[field]}
            if field in owners
            else unknown_message
        )
    if errors:
        raise ValidationError(errors)
    core = {key: value for key, value in settings.items() if key in LEAGUE_SETTINGS}
    return core, {key: value for key, value in settings.items() if key in own}


def _save_game_settings(league: League, values: dict[str, Any]) -> None:
    if values:
        plugins.league_settings.of(league.rule_system).settings_save(league=league, values=values)


@transaction.atomic
def league_create(
    *,
    commissioner: User,
    name: str,
    rule_system: str = "",
    season_name: str = "",
    **settings: Any,
) -> League:
    """A new league with its first season, run by ``commissioner``."""
    rule_system = rule_system or registry.default_name()
    if rule_system not in dict(registry.choices()):
        _check_rule_settings(League(rule_system=rule_system))  # names the known systems
    settings, game_settings = _split_settings(rule_system, settings, _("Unknown league setting."))
    league = League(commissioner=commissioner, name=name, rule_system=rule_system, **settings)
    _check_tiebreakers(league.tiebreakers)
    _full_clean(league)
    _check_forfeit_scores(league)
    _check_rule_settings(league)
    league.save()
    _save_game_settings(league, game_settings)
    season_create(league=league, name=season_name or _("Season 1"))
    return league


def league_update(*, league: League, **changes: Any) -> League:
    """Change a league's settings: name, description, points per result, tie-breakers, the
    competition format (until a season has fixtures) and house rules, and the settings its game
    keeps (the Rotzball coach rule)."""
    changes, game_changes = _split_settings(
        league.rule_system, changes, _("This setting cannot be changed.")
    )
    if "tiebreakers" in changes:
        _check_tiebreakers(changes["tiebreakers"])
    fresh = League.objects.get(pk=league.pk)
    format_changes = changes.get("competition_format", fresh.competition_format) != (
        fresh.competition_format
    )
    for field, value in changes.items():
        setattr(fresh, field, value)
    _full_clean(fresh)
    _check_forfeit_scores(fresh)
    if format_changes or "house_rules" in changes:
        started = format_changes and fresh.seasons.filter(fixtures__isnull=False).exists()
        _check_rule_settings(fresh, has_fixtures=started)
    fresh.save()
    _save_game_settings(fresh, game_changes)
    return fresh


def season_create(*, league: League, name: str) -> Season:
    season = Season(league=league, name=name)
    _full_clean(season)
    season.save()
    return season


def season_check_open(*, season: Season) -> None:
    """Refuse to change a finished season (archived: no new fixture, simulation or report);
    the error is on ``season``."""
    if season.finished_at is not None:
        raise Refused(
            "season_finished",
            _("Season %(name)s is finished and archived: it cannot change."),
            field="season",
            name=season.name,
        )


def team_register(
    *,
    league: League,
    name: str,
    coach: User | None = None,
    primary_colour: str | None = None,
    secondary_colour: str | None = None,
) -> Team:
    """A new team: :func:`teams_register` for one."""
    spec = {
        "name": name,
        "coach": coach,
        "primary_colour": primary_colour,
        "secondary_colour": secondary_colour,
    }
    return teams_register(league=league, teams=[spec])[0]


def teams_register(*, league: League, teams: Sequence[Mapping[str, Any]]) -> list[Team]:
    """New teams (``teams``: ``{"name", "coach", "primary_colour", "secondary_colour"}``
    each), in order, as the league's game registers them (``league.plugins.teams``: plain
    rows in one statement by default, Killpower Ball's seven gladiators each). Colours left
    out are the palette's next pairs, after the teams the league has."""
    specs = teams_coloured(league=league, teams=teams)
    return plugins.teams.of(league.rule_system).teams_register(league=league, teams=specs)


@transaction.atomic
def team_update(*, team: Team, **changes: Any) -> Team:
    """Change a team's name, coach or colours. The row is read again under its lock and only
    the fields named are written, so a change made meanwhile by anyone else is kept."""
    unknown = set(changes) - set(TEAM_FIELDS)
    if unknown:
        raise ValidationError({field: _("This field cannot be changed here.") for field in unknown})
    locked = Team.objects.select_for_update().select_related("league").get(pk=team.pk)
    if "name" in changes:
        team_name_check(league=locked.league, name=changes["name"], team=locked)
    for field, value in changes.items():
        setattr(locked, field, value)
    _full_clean(locked)
    locked.save(update_fields=list(changes))
    return locked
