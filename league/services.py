"""Write-side operations on leagues, teams, players and line-ups.

Every function is keyword-only, validates with the rule, raises ``ValidationError`` with
field messages for what the user can fix, and changes nothing when it refuses.
"""

from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from league import selectors
from league.models import TIEBREAKER_CHOICES, League, LineupSlot, Player, Season, Team, UserProfile

TIEBREAKER_KEYS = {key for key, _label in TIEBREAKER_CHOICES}
PLAYER_FIELDS = ("name", "endurance", "agility", "strength", "intelligence")
TEAM_FIELDS = ("name", "coach", "primary_colour", "secondary_colour")
LEAGUE_SETTINGS = (
    "name",
    "description",
    "coach_rule",
    "points_win",
    "points_draw",
    "points_loss",
    "tiebreakers",
    "competition_format",
    "house_rules",
)


def _full_clean(instance: Any, **kwargs: Any) -> None:
    instance.full_clean(**kwargs)


def _check_tiebreakers(value: Any) -> None:
    if not isinstance(value, list) or not value or not all(isinstance(v, str) for v in value):
        raise ValidationError({"tiebreakers": _("Give a non-empty list of tie-breakers.")})
    unknown = [v for v in value if v not in TIEBREAKER_KEYS]
    if unknown:
        raise ValidationError(
            {
                "tiebreakers": _("Unknown tie-breaker %(names)s; choose from %(known)s.")
                % {"names": ", ".join(unknown), "known": ", ".join(sorted(TIEBREAKER_KEYS))}
            }
        )
    if len(set(value)) != len(value):
        raise ValidationError({"tiebreakers": _("Each tie-breaker may appear only once.")})


def _check_rule_settings(league: League, *, has_fixtures: bool = False) -> None:
    """The competition format and house rules fit the rule system; Killpower house rules are
    read by the engine, and an error names the setting."""
    from league.killpower.engine import parse_house_rules

    if league.rule_system != League.RuleSystem.KILLPOWER:
        if league.competition_format != League.CompetitionFormat.CHAMPIONSHIP:
            raise ValidationError(
                {"competition_format": _("Only Killpower Ball leagues play tournaments.")}
            )
        if league.house_rules:
            raise ValidationError(
                {"house_rules": _("Only Killpower Ball leagues have house rules here.")}
            )
        return
    if has_fixtures:
        raise ValidationError(
            {"competition_format": _("The format cannot change once a season has fixtures.")}
        )
    parse_house_rules(league.house_rules, competition_format=league.competition_format)


@transaction.atomic
def league_create(
    *,
    commissioner: User,
    name: str,
    rule_system: str = League.RuleSystem.ROTZBALL,
    season_name: str = "",
    **settings: Any,
) -> League:
    """A new league with its first season, run by ``commissioner``."""
    unknown = set(settings) - set(LEAGUE_SETTINGS)
    if unknown:
        raise ValidationError({field: _("Unknown league setting.") for field in unknown})
    league = League(commissioner=commissioner, name=name, rule_system=rule_system, **settings)
    _check_tiebreakers(league.tiebreakers)
    _full_clean(league)
    _check_rule_settings(league)
    league.save()
    season_create(league=league, name=season_name or _("Season 1"))
    return league


def league_update(*, league: League, **changes: Any) -> League:
    """Change house-rule settings (coach rule, points per result, tie-breakers, name; for
    Killpower Ball the competition format, until a season has fixtures, and the house rules)."""
    unknown = set(changes) - set(LEAGUE_SETTINGS)
    if unknown:
        raise ValidationError({field: _("This setting cannot be changed.") for field in unknown})
    if "tiebreakers" in changes:
        _check_tiebreakers(changes["tiebreakers"])
    fresh = League.objects.get(pk=league.pk)
    format_changes = changes.get("competition_format", fresh.competition_format) != (
        fresh.competition_format
    )
    for field, value in changes.items():
        setattr(fresh, field, value)
    _full_clean(fresh)
    if format_changes or "house_rules" in changes:
        from matches.models import Fixture

        started = format_changes and Fixture.objects.filter(season__league=fresh).exists()
        _check_rule_settings(fresh, has_fixtures=started)
    fresh.save()
    return fresh


def season_create(*, league: League, name: str) -> Season:
    season = Season(league=league, name=name)
    _full_clean(season)
    season.save()
    return season


def team_register(
    *,
    league: League,
    name: str,
    coach: User | None = None,
    primary_colour: str = "#1f4e8c",
    secondary_colour: str = "#f2c14e",
) -> Team:
    """A new team. A Killpower Ball team comes with its seven gladiators, all automatic
    recruits (``killpower_team_register`` lets the coach choose them)."""
    if league.rule_system == League.RuleSystem.KILLPOWER:
        from league.killpower.services import killpower_team_register

        return killpower_team_register(
            league=league,
            name=name,
            coach=coach,
            primary_colour=primary_colour,
            secondary_colour=secondary_colour,
        )
    team = Team(
        league=league,
        name=name,
        coach=coach,
        primary_colour=primary_colour,
        secondary_colour=secondary_colour,
    )
    _full_clean(team)
    team.save()
    return team


def team_update(*, team: Team, **changes: Any) -> Team:
    unknown = set(changes) - set(TEAM_FIELDS)
    if unknown:
        raise ValidationError({field: _("This field cannot be changed here.") for field in unknown})
    for field, value in changes.items():
        setattr(team, field, value)
    _full_clean(team)
    team.save()
    return team


def team_assert_editable(*, team: Team) -> None:
    """Rosters, line-ups and match plans change only before kick-off of the team's next match."""
    fixture = selectors.team_in_play_fixture(team=team)
    if fixture is not None:
        raise ValidationError(
            _(
                "%(team)s has kicked off against %(opponent)s: its roster, line-up and match plan are "
                "frozen until the result is in."
            )
            % {
                "team": team.name,
                "opponent": fixture.away.name if fixture.home_id == team.pk else fixture.home.name,
            }
        )


@transaction.atomic
def player_create(*, team: Team, **fields: Any) -> Player:
    _lock_team(team)
    team_assert_editable(team=team)
    unknown = set(fields) - set(PLAYER_FIELDS)
    if unknown:
        raise ValidationError({field: _("Unknown player field.") for field in unknown})
    player = Player(team=team, **fields)
    _full_clean(player)
    player.save()
    return player


@transaction.atomic
def player_update(*, player: Player, **changes: Any) -> Player:
    _lock_team(player.team)
    team_assert_editable(team=player.team)
    unknown = set(changes) - set(PLAYER_FIELDS)
    if unknown:
        raise ValidationError({field: _("Unknown player field.") for field in unknown})
    for field, value in changes.items():
        setattr(player, field, value)
    _full_clean(player)
    player.save()
    return player


@transaction.atomic
def player_delete(*, player: Player) -> None:
    _lock_team(player.team)
    team_assert_editable(team=player.team)
    player.delete()


@transaction.atomic
def lineup_set(*, team: Team, assignments: Mapping[str, int | None]) -> dict[str, Player]:
    """Replace the line-up: position -> player id (or None to leave the position empty).

    Positions not named are left empty. A player holds at most one position and must
    belong to the team. Players left out are reserves.
    """
    _lock_team(team)
    team_assert_editable(team=team)
    chosen = lineup_validate(team=team, assignments=assignments)
    team.lineup_slots.all().delete()
    LineupSlot.objects.bulk_create(
        LineupSlot(team=team, position=position, player=player)
        for position, player in chosen.items()
    )
    return chosen


def lineup_validate(*, team: Team, assignments: Mapping[str, int | None]) -> dict[str, Player]:
    """Check a line-up without saving it: position -> player, or ``ValidationError`` naming
    each faulty position. ``lineup_set`` and the line-up editor's live preview use it."""
    positions = set(LineupSlot.Position.values)
    errors: dict[str, str] = {}
    for position in assignments:
        if position not in positions:
            errors[position] = _("Unknown position.")
    chosen = {pos: pid for pos, pid in assignments.items() if pid is not None and pos in positions}
    players = {p.pk: p for p in Player.objects.filter(team=team, pk__in=chosen.values())}
    seen: dict[int, str] = {}
    for position, player_id in chosen.items():
        if player_id not in players:
            errors[position] = _("Choose a player of this team.")
        elif player_id in seen:
            errors[position] = _(
                "%(player)s already plays as %(position)s; a player holds one position."
            ) % {
                "player": players[player_id].name,
                "position": LineupSlot.Position(seen[player_id]).label,
            }
        else:
            seen[player_id] = position
    if errors:
        raise ValidationError(errors)
    return {position: players[player_id] for position, player_id in chosen.items()}


@transaction.atomic
def team_set_match_plan(*, team: Team, tactic: str) -> Team:
    _lock_team(team)
    team_assert_editable(team=team)
    if tactic not in Team.Tactic.values:
        raise ValidationError({"tactic": _("Choose offensive, defensive or balanced.")})
    team.tactic = tactic
    team.save(update_fields=["tactic"])
    return team


def user_set_language(*, user: User, language: str) -> UserProfile:
    from django.conf import settings

    if language and language not in dict(settings.LANGUAGES):
        raise ValidationError({"language": _("Choose one of the offered languages.")})
    profile, _created = UserProfile.objects.update_or_create(
        user=user, defaults={"language": language}
    )
    return profile


def _lock_team(team: Team) -> None:
    """Serialise roster writes of one team (and against kick-off snapshots)."""
    Team.objects.select_for_update().filter(pk=team.pk).first()
