"""Write-side operations on Rotzball rosters: players, the line-up and the match plan.

Every function is keyword-only, validates with the rule, raises ``ValidationError`` with
field messages for what the user can fix, and changes nothing when it refuses. Rosters change
only before the team's next kick-off (``matches.rosters.team_assert_editable``), under the
team's row lock.
"""

from collections.abc import Mapping
from typing import Any

from auditlog.context import disable_auditlog
from django.core.exceptions import ValidationError
from django.db import router, transaction
from django.db.models.deletion import Collector
from django.utils.translation import gettext as _

from core import history
from core.refusals import Refused
from core.signals import lineup_changed
from league.models import League, Team
from matches.rosters import team_assert_editable
from systems.rotzball.models import CoachRule, LeagueRules, LineupSlot, MatchPlan, Player, Tactic

PLAYER_FIELDS = ("name", "endurance", "agility", "strength", "intelligence")


@transaction.atomic
def player_create(*, team: Team, **fields: Any) -> Player:
    _lock_team(team)
    team_assert_editable(team=team)
    player = player_check(team=team, **fields)
    player.save()
    return player


def player_check(*, team: Team, player: Player | None = None, **fields: Any) -> Player:
    """A new player (or ``player`` changed) as it would be saved, checked by every rule of
    the roster, and not saved: the services save it, the roster page checks as you type."""
    unknown = set(fields) - set(PLAYER_FIELDS)
    if unknown:
        raise ValidationError({field: _("Unknown player field.") for field in unknown})
    candidate = Player(team=team) if player is None else player
    for field, value in fields.items():
        setattr(candidate, field, value)
    name = fields.get("name")
    if name and team.players.filter(name__iexact=name).exclude(pk=candidate.pk).exists():
        raise Refused(
            "name_taken",
            _("%(name)s already plays for this team: choose another name."),
            field="name",
            name=name,
        )
    candidate.full_clean()
    return candidate


@transaction.atomic
def player_update(*, player: Player, **changes: Any) -> Player:
    _lock_team(player.team)
    team_assert_editable(team=player.team)
    player = player_check(team=player.team, player=player, **changes)
    player.save()
    lineup_changed.send(sender=Team, team=player.team)
    return player


@transaction.atomic
def player_delete(*, player: Player) -> None:
    _lock_team(player.team)
    team_assert_editable(team=player.team)
    player.delete()
    lineup_changed.send(sender=Team, team=player.team)


@transaction.atomic
def lineup_set(*, team: Team, assignments: Mapping[str, int | None]) -> dict[str, Player]:
    """Replace the line-up: position -> player id (or None to leave the position empty).

    Positions not named are left empty. A player holds at most one position and must
    belong to the team. Players left out are reserves.
    """
    _lock_team(team)
    team_assert_editable(team=team)
    chosen = lineup_validate(team=team, assignments=assignments)
    _slots_delete(team)
    LineupSlot.objects.bulk_create(
        LineupSlot(team=team, position=position, player=player)
        for position, player in chosen.items()
    )
    lineup_changed.send(sender=Team, team=team)
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
    if tactic not in Tactic.values:
        raise Refused(
            "unknown_tactic", _("Choose offensive, defensive or balanced."), field="tactic"
        )
    MatchPlan.objects.update_or_create(team=team, defaults={"tactic": tactic})
    lineup_changed.send(sender=Team, team=team)
    return team


def _slots_delete(team: Team) -> None:
    """Empty ``team``'s line-up in one ``DELETE``, each slot's history entry (as auditlog
    writes it on a delete) written in one statement: the slots are read once, with their
    players, which each entry's text names."""
    slots = list(LineupSlot.objects.filter(team=team).select_related("player"))
    for slot in slots:
        slot.team = team  # known: no query per slot for the entry's text and league
    history.record_deletes(slots)  # before the delete, which clears the slots' ids
    collector = Collector(using=router.db_for_write(LineupSlot))
    collector.collect(slots)
    with disable_auditlog():
        collector.delete()


def _lock_team(team: Team) -> None:
    """Serialise roster writes of one team (and against kick-off snapshots)."""
    Team.objects.select_for_update().filter(pk=team.pk).first()


def league_rules_save(*, league: League, values: dict[str, Any]) -> None:
    """A Rotzball league's own settings (the coach rule); an unknown value names its field."""
    if "coach_rule" in values:
        if values["coach_rule"] not in CoachRule.values:
            raise Refused(
                "unknown_coach_rule",
                _("Choose the coach test or the coach difference."),
                field="coach_rule",
            )
        LeagueRules.objects.update_or_create(
            league=league, defaults={"coach_rule": values["coach_rule"]}
        )
