"""Building a Tutatis team: choosing its list, then hiring, firing and placing players.

* ``roster_set``: the roster editor's save. Counts per list entry (on the pitch, on the bench)
  replace the roster: players of an entry are kept (first hired first), fired or hired to
  match. The whole team must pass the engine's team-building check, else nothing changes and
  every broken rule is named.
* ``player_hire``, ``player_fire``, ``player_update``: one player at a time (the API). A team
  being built may have fewer than seven on the pitch; every other rule is checked.

A team that has kicked off and waits for its result is frozen. The team row is locked first.
"""

from collections.abc import Mapping

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from core.refusals import Refused
from league.models import Team
from matches import locking
from matches.models import Fixture
from rules_engine.tutatis import TeamRule
from systems.tutatis import RULE_SYSTEM, engine, roles
from systems.tutatis.models import ListEntry, Player, TeamList, TutatisTeam
from systems.tutatis.selectors import team_lists_for

STATS = ("mo", "st", "ag", "co", "bp")


def _locked_team(team: Team, user: User) -> Team:
    if team.league.rule_system != RULE_SYSTEM:
        raise Refused("not_tutatis", _("This is not a Tutatis team."), field="team")
    if not roles.can_edit_roster(user, team):
        raise PermissionDenied(_("Only the team's coach or the commissioner edits its roster."))
    locked = locking.lock_teams([team.pk])[0]
    waiting = Fixture.objects.filter(status=Fixture.Status.LOCKED).filter(
        home=locked
    ) | Fixture.objects.filter(status=Fixture.Status.LOCKED, away=locked)
    if waiting.exists():
        raise Refused(
            "roster_frozen",
            _("This team has kicked off and waits for its result: its roster is frozen."),
            field="team",
        )
    return locked


def _refuse(check, *, allow_short: bool = False) -> None:
    errors = [
        error
        for error in check.errors
        if not (allow_short and error.rule is TeamRule.WRONG_PITCH_COUNT and error.count < 7)
    ]
    if errors:
        raise ValidationError({"roster": [f"{e.message} ({e.rule.value})" for e in errors]})


@transaction.atomic
def team_list_choose(*, user: User, team: Team, team_list: TeamList) -> TutatisTeam:
    """The list a team hires from; it changes only while the team has no player."""
    locked = _locked_team(team, user)
    if not team_lists_for(league=locked.league).filter(pk=team_list.pk).exists():
        raise Refused(
            "unknown_team_list", _("Choose one of this league's team lists."), field="team_list"
        )
    current = TutatisTeam.objects.filter(team=locked).first()
    if current and current.team_list_id != team_list.pk and locked.tutatis_players.exists():
        raise Refused(
            "roster_not_empty",
            _("Fire every player before changing the team's list."),
            field="team_list",
        )
    tutatis, _created = TutatisTeam.objects.update_or_create(
        team=locked, defaults={"team_list": team_list}
    )
    return tutatis


def _hired(entry: ListEntry, team: Team, name: str, on_pitch: bool) -> Player:
    return Player(
        team=team,
        entry=entry,
        name=name,
        role=entry.role,
        abilities=entry.abilities,
        price=entry.price,
        on_pitch=on_pitch,
        **{stat: getattr(entry, stat) for stat in STATS},
    )


def _free_name(base: str, taken: set[str]) -> str:
    number = 1
    while f"{base} {number}" in taken:
        number += 1
    name = f"{base} {number}"
    taken.add(name)
    return name


def _entries(team: Team) -> dict[int, ListEntry]:
    tutatis = TutatisTeam.objects.filter(team=team).select_related("team_list").first()
    if tutatis is None:
        raise Refused("team_list_required", _("Choose the team's list first."), field="team_list")
    return {entry.pk: entry for entry in tutatis.team_list.entries.all()}


def roster_draft(
    *, team: Team, counts: Mapping[int, tuple[int, int]]
) -> tuple[list[Player], list[Player]]:
    """The roster ``counts`` asks for (unsaved) and the players it fires."""
    entries = _entries(team)
    unknown = [pk for pk in counts if pk not in entries]
    if unknown:
        raise Refused(
            "entry_not_in_list", _("This entry is not in the team's list."), field="roster"
        )
    current = list(Player.objects.filter(team=team).order_by("pk"))
    taken = {player.name for player in current}
    kept: list[Player] = []
    for pk, entry in entries.items():
        on_pitch, bench = counts.get(pk, (0, 0))
        mine = [player for player in current if player.entry_id == pk]
        wanted = [True] * on_pitch + [False] * bench
        for player, place in zip(mine, wanted, strict=False):
            player.on_pitch = place
            kept.append(player)
        for place in wanted[len(mine) :]:
            kept.append(_hired(entry, team, _free_name(entry.name, taken), place))
    others = [p for p in current if p.entry_id not in entries]  # entry gone: kept as is
    kept.extend(others)
    kept_ids = {p.pk for p in kept if p.pk}
    return kept, [player for player in current if player.pk not in kept_ids]


@transaction.atomic
def roster_set(*, user: User, team: Team, counts: Mapping[int, tuple[int, int]]) -> list[Player]:
    """Replace the roster by ``counts`` (entry id -> (on the pitch, on the bench))."""
    locked = _locked_team(team, user)
    kept, fired = roster_draft(team=locked, counts=counts)
    _refuse(engine.team_check(kept, budget=engine.league_rules(locked.league).budget))
    Player.objects.filter(pk__in=[player.pk for player in fired]).delete()
    for player in kept:
        player.save()
    return kept


@transaction.atomic
def player_hire(
    *, user: User, team: Team, entry: ListEntry, on_pitch: bool, name: str = ""
) -> Player:
    locked = _locked_team(team, user)
    if entry.pk not in _entries(locked):
        raise Refused(
            "entry_not_in_list", _("This entry is not in the team's list."), field="entry"
        )
    current = list(Player.objects.filter(team=locked))
    taken = {player.name for player in current}
    if name and name in taken:
        raise Refused("name_taken", _("Another player of this team has this name."), field="name")
    player = _hired(entry, locked, name or _free_name(entry.name, taken), on_pitch)
    _refuse(
        engine.team_check([*current, player], budget=engine.league_rules(locked.league).budget),
        allow_short=True,
    )
    player.full_clean()
    player.save()
    return player


@transaction.atomic
def player_fire(*, user: User, player: Player) -> None:
    _locked_team(player.team, user)
    Player.objects.filter(pk=player.pk).delete()


@transaction.atomic
def player_update(
    *, user: User, player: Player, name: str | None = None, on_pitch: bool | None = None
) -> Player:
    """Rename a player, or move him between the pitch and the bench (the limits still hold)."""
    locked_team = _locked_team(player.team, user)
    locked = Player.objects.select_for_update().get(pk=player.pk)
    if name is not None:
        if not name:
            raise Refused("required", _("Give the player a name."), field="name")
        if Player.objects.filter(team=locked_team, name=name).exclude(pk=locked.pk).exists():
            raise Refused(
                "name_taken", _("Another player of this team has this name."), field="name"
            )
        locked.name = name
    if on_pitch is not None:
        locked.on_pitch = on_pitch
        others = list(Player.objects.filter(team=locked_team).exclude(pk=locked.pk))
        budget = engine.league_rules(locked_team.league).budget
        _refuse(engine.team_check([*others, locked], budget=budget), allow_short=True)
    locked.full_clean()
    locked.save()
    return locked
