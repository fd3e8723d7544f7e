"""Write-side operations on Rotzball rosters: players, the line-up and the match plan.

Every function is keyword-only, validates with the rule, raises ``ValidationError`` with
field messages for what the user can fix, and changes nothing when it refuses. Rosters change
only before the team's next kick-off, under the team's row lock
(``matches.rosters.teams_lock_editable``).
"""

from collections.abc import Mapping, Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models.functions import Lower
from django.utils.translation import gettext as _

from core import history
from core.one_to_one import one_to_one_set
from core.refusals import Refused
from core.signals import lineup_changed
from league.models import League, Team
from matches.rosters import teams_lock_editable
from systems.rotzball.models import CoachRule, LeagueRules, LineupSlot, MatchPlan, Player, Tactic

PLAYER_FIELDS = ("name", "endurance", "agility", "strength", "intelligence")


@transaction.atomic
def player_create(*, team: Team, **fields: Any) -> Player:
    """A new player: :func:`players_create` for one."""
    return players_create(players=[(team, fields)])[0]


@transaction.atomic
def players_create(*, players: Sequence[tuple[Team, Mapping[str, Any]]]) -> list[Player]:
    """New players (``(team, fields)`` each), in order: their teams locked and checked
    editable, every player checked (:func:`players_check`), all inserted in one statement with
    their history. Refused as a whole on the first fault."""
    teams_lock_editable(teams=(team for team, _fields in players))
    rows = players_check(players=[(team, None, fields) for team, fields in players])
    Player.objects.bulk_create(rows)
    history.record_saves(saves=[(None, player) for player in rows])
    return rows


def players_check(
    *, players: Sequence[tuple[Team, Player | None, Mapping[str, Any]]]
) -> list[Player]:
    """New players (or players changed: ``(team, player or None, fields)`` each) as they would
    be saved, checked by every rule of the roster, and not saved: the services save them, the
    roster page checks as you type. The names their teams use read in one query, a name unique
    in its team (capitals aside) among the players checked too."""
    for _team, _player, fields in players:
        unknown = set(fields) - set(PLAYER_FIELDS)
        if unknown:
            raise ValidationError({field: _("Unknown player field.") for field in unknown})
    names = {fields["name"].lower() for _t, _p, fields in players if fields.get("name")}
    taken: dict[tuple[int, str], int] = {}
    if names:
        rows = (
            Player.objects.filter(team__in={team.pk for team, _p, _f in players})
            .annotate(lowered=Lower("name"))
            .filter(lowered__in=names)
            .values_list("team_id", "lowered", "pk")
        )
        taken = {(team_id, name): pk for team_id, name, pk in rows}
    checked = []
    for team, player, fields in players:
        candidate = Player(team=team) if player is None else player
        for field, value in fields.items():
            setattr(candidate, field, value)
        name = fields.get("name")
        mark = candidate.pk or -len(checked) - 1  # a new player's own mark in the batch
        if name and taken.setdefault((team.pk, name.lower()), mark) != mark:
            raise Refused(
                "name_taken",
                _("%(name)s already plays for this team: choose another name."),
                field="name",
                name=name,
            )
        # The name's uniqueness in the team is checked above, for the whole batch (the
        # constraint's own check would cost a query per player).
        candidate.full_clean(validate_constraints=False)
        checked.append(candidate)
    return checked


@transaction.atomic
def player_update(*, player: Player, **changes: Any) -> Player:
    teams_lock_editable(teams=[player.team])
    player = players_check(players=[(player.team, player, changes)])[0]
    player.save()
    lineup_changed.send(sender=Team, team=player.team)
    return player


@transaction.atomic
def player_delete(*, player: Player) -> None:
    teams_lock_editable(teams=[player.team])
    player.delete()
    lineup_changed.send(sender=Team, team=player.team)


def lineup_set(*, team: Team, assignments: Mapping[str, int | None]) -> dict[str, Player]:
    """Replace the line-up: position -> player id (or None to leave the position empty).

    Positions not named are left empty. A player holds at most one position and must
    belong to the team. Players left out are reserves. :func:`lineups_set` for one team (its
    transaction: no savepoint of a second one around it).
    """
    return lineups_set(lineups=[(team, assignments)])[0]


@transaction.atomic
def lineups_set(
    *, lineups: Sequence[tuple[Team, Mapping[str, int | None]]]
) -> list[dict[str, Player]]:
    """:func:`lineup_set` for many teams (``(team, assignments)`` each, a team once): the
    teams locked and checked editable, every line-up checked (:func:`lineups_validate`), the
    old slots deleted and the new ones inserted in one statement each."""
    teams = teams_lock_editable(teams=(team for team, _assignments in lineups))
    chosen = lineups_validate(lineups=lineups)
    # the old slots deleted in one statement with their history: read once, with their
    # players, which each entry's text names (and their teams, known: no query per slot)
    by_pk = {team.pk: team for team in teams}
    slots = list(LineupSlot.objects.filter(team__in=list(by_pk)).select_related("player"))
    for slot in slots:
        slot.team = by_pk[slot.team_id]
    history.rows_delete(slots)
    LineupSlot.objects.bulk_create(
        LineupSlot(team=team, position=position, player=player)
        for (team, _assignments), positions in zip(lineups, chosen, strict=True)
        for position, player in positions.items()
    )
    for team in teams:
        lineup_changed.send(sender=Team, team=team)
    return chosen


def lineup_validate(*, team: Team, assignments: Mapping[str, int | None]) -> dict[str, Player]:
    """Check a line-up without saving it: position -> player, or ``ValidationError`` naming
    each faulty position. ``lineup_set`` and the line-up editor's live preview use it."""
    return lineups_validate(lineups=[(team, assignments)])[0]


def lineups_validate(
    *, lineups: Sequence[tuple[Team, Mapping[str, int | None]]]
) -> list[dict[str, Player]]:
    """:func:`lineup_validate` for many teams, their players read in one query; the first
    faulty line-up in order is refused."""
    positions = set(LineupSlot.Position.values)
    wanted = {
        pid for _team, assignments in lineups for pid in assignments.values() if pid is not None
    }
    team_ids = {team.pk for team, _assignments in lineups}
    found = Player.objects.filter(team__in=team_ids, pk__in=wanted) if wanted else []
    by_team: dict[int, dict[int, Player]] = {}
    for player in found:
        by_team.setdefault(player.team_id, {})[player.pk] = player
    checked = []
    for team, assignments in lineups:
        players = by_team.get(team.pk, {})
        errors = {pos: _("Unknown position.") for pos in assignments if pos not in positions}
        chosen = {
            pos: pid for pos, pid in assignments.items() if pid is not None and pos in positions
        }
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
        checked.append({position: players[player_id] for position, player_id in chosen.items()})
    return checked


def team_set_match_plan(*, team: Team, tactic: str) -> Team:
    """Set the team's match plan: :func:`match_plans_set` for one team (its transaction).
    The team as locked, holding its plan."""
    return match_plans_set(plans=[(team, tactic)])[0]


@transaction.atomic
def match_plans_set(*, plans: Sequence[tuple[Team, str]]) -> list[Team]:
    """Set many teams' match plans (``(team, tactic)`` each, a team once): the teams locked
    and checked editable, each tactic checked, the plans read in one query and written in
    one statement for the new ones and one for the changed ones, with their history. The
    teams as locked, in order, each holding its plan (``tactic_of`` reads no more)."""
    teams = teams_lock_editable(teams=(team for team, _tactic in plans))
    for _team, tactic in plans:
        if tactic not in Tactic.values:
            raise Refused(
                "unknown_tactic", _("Choose offensive, defensive or balanced."), field="tactic"
            )
    # the locked rows: each plan's history text names its team as it stands now
    locked = [(team, tactic) for team, (_team, tactic) in zip(teams, plans, strict=True)]
    one_to_one_set(MatchPlan, "tactic", locked)
    for team in teams:
        lineup_changed.send(sender=Team, team=team)
    return teams


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
