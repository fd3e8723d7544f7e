"""Building a Tutatis team: choosing its list, then hiring, firing and placing players.

* ``roster_set``: the roster editor's save. Counts per list entry (on the pitch, on the bench)
  replace the roster: players of an entry are kept (first hired first), fired or hired to
  match. The whole team must pass the engine's team-building check, else nothing changes and
  every broken rule is named.
* ``player_hire``, ``player_fire``, ``player_update``: one player at a time (the API). A team
  being built may have fewer than seven on the pitch; every other rule is checked.

A team that has kicked off and waits for its result is frozen. The team row is locked first.
"""

from collections.abc import Mapping, Sequence

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from core import history
from core.one_to_one import one_to_one_set
from core.refusals import Refused
from league.models import League, Team
from league.roles import can_edit_roster
from matches.rosters import teams_lock_editable
from rules_engine import InvalidInput
from rules_engine.tutatis.roster_draft import draft_roster, free_name
from systems.tutatis import RULE_SYSTEM, engine
from systems.tutatis.models import ENTRY_FIELDS, ListEntry, Player, TeamList, TutatisTeam
from systems.tutatis.selectors import team_lists_for


def _locked_teams(teams: Sequence[Team], user: User) -> list[Team]:
    """``teams`` (Tutatis teams ``user`` may edit) locked, refused when one is in play
    (``matches.rosters.teams_lock_editable``); the locked rows, in the order given."""
    for team in teams:
        if team.league.rule_system != RULE_SYSTEM:
            raise Refused("not_tutatis", _("This is not a Tutatis team."), field="team")
        if not can_edit_roster(user, team):
            raise PermissionDenied(_("Only the team's coach or the commissioner edits its roster."))
    locked = {team.pk: team for team in teams_lock_editable(teams=teams)}
    leagues = League.objects.in_bulk({team.league_id for team in locked.values()})
    for team in locked.values():
        team.league = leagues[team.league_id]  # read again, once for all
    return [locked[team.pk] for team in teams]


def _refuse(team: Team, players: Sequence[Player], *, building: bool = False) -> None:
    """Refused, naming every broken rule, unless ``players`` pass the engine's team-building
    check on the league's budget (``building``: a team being built, one player at a time)."""
    budget = engine.league_rules(team.league).budget
    check = engine.team_check(players, budget=budget, building=building)
    if check.errors:
        raise ValidationError({"roster": [f"{e.message} ({e.rule.value})" for e in check.errors]})


def _refuse_taken(team: Team, name: str, *, player: Player | None = None) -> None:
    """Refused when another player of ``team`` than ``player`` has ``name``."""
    others = Player.objects.filter(team=team, name=name)
    if others.exclude(pk=player.pk if player else None).exists():
        raise Refused("name_taken", _("Another player of this team has this name."), field="name")


@transaction.atomic
def team_list_choose(*, user: User, team: Team, team_list: TeamList) -> TutatisTeam:
    """The list a team hires from; it changes only while the team has no player."""
    return team_lists_choose(user=user, choices=[(team, team_list)])[0]


@transaction.atomic
def team_lists_choose(*, user: User, choices: Sequence[tuple[Team, TeamList]]) -> list[TutatisTeam]:
    """:func:`team_list_choose` for many teams (``(team, team_list)`` each, a team once): the
    teams locked, the lists each league offers, the teams' current lists and who has players
    read once for all, the new rows and the changed ones written in one statement each, with
    their history."""
    locked = _locked_teams([team for team, _list in choices], user)
    chosen = [(team, team_list) for team, (_team, team_list) in zip(locked, choices, strict=True)]
    leagues = {team.league_id: team.league for team in locked}
    offered = {
        league_id: set(
            team_lists_for(league=league).prefetch_related(None).values_list("pk", flat=True)
        )
        for league_id, league in leagues.items()
    }
    for team, team_list in chosen:
        if team_list.pk not in offered[team.league_id]:
            raise Refused(
                "unknown_team_list",
                _("Choose one of this league's team lists."),
                field="team_list",
            )
    staffed = set(Player.objects.filter(team__in=locked).values_list("team_id", flat=True))

    def check(team: Team, _team_list: TeamList) -> None:
        if team.pk in staffed:
            raise Refused(
                "roster_not_empty",
                _("Fire every player before changing the team's list."),
                field="team_list",
            )

    return one_to_one_set(TutatisTeam, "team_list", chosen, check=check)


def _hired(entry: ListEntry, team: Team, name: str, on_pitch: bool) -> Player:
    """A player hired from ``entry``: its role, characteristics, abilities and price."""
    kept = {field: getattr(entry, field) for field in ENTRY_FIELDS if field != "name"}
    return Player(team=team, entry=entry, name=name, on_pitch=on_pitch, **kept)


def _entries_of(teams: Sequence[Team]) -> dict[int, dict[int, ListEntry]]:
    """Each team's list's entries by id, by team id (two queries for all); refused when a
    team has no list yet."""
    rows = TutatisTeam.objects.filter(team__in=[team.pk for team in teams])
    lists = dict(rows.values_list("team_id", "team_list_id"))
    if len(lists) < len({team.pk for team in teams}):
        raise Refused("team_list_required", _("Choose the team's list first."), field="team_list")
    entries: dict[int, dict[int, ListEntry]] = {}
    for entry in ListEntry.objects.filter(team_list__in=set(lists.values())).order_by("pk"):
        entries.setdefault(entry.team_list_id, {})[entry.pk] = entry
    return {team_id: entries.get(list_id, {}) for team_id, list_id in lists.items()}


def roster_draft(
    *, team: Team, counts: Mapping[int, tuple[int, int]]
) -> tuple[list[Player], list[Player]]:
    """The roster ``counts`` asks for (unsaved) and the players it fires."""
    return rosters_draft(rosters=[(team, counts)])[0]


def rosters_draft(
    *, rosters: Sequence[tuple[Team, Mapping[int, tuple[int, int]]]]
) -> list[tuple[list[Player], list[Player]]]:
    """:func:`roster_draft` for many teams (their lists and players read once for all)."""
    teams = [team for team, _counts in rosters]
    entries_of = _entries_of(teams)
    players: dict[int, list[Player]] = {}
    for player in Player.objects.filter(team__in=[team.pk for team in teams]).order_by("pk"):
        players.setdefault(player.team_id, []).append(player)
    drafts = []
    for team, counts in rosters:
        entries = entries_of[team.pk]
        names = {pk: entry.name for pk, entry in entries.items()}
        try:
            roster, fired = draft_roster(names, players.get(team.pk, []), counts)
        except InvalidInput:
            raise Refused(
                "entry_not_in_list", _("This entry is not in the team's list."), field="roster"
            ) from None
        kept = []
        for player, entry_id, name, on_pitch in roster:
            if player is None:
                player = _hired(entries[entry_id], team, name, on_pitch)
            player.on_pitch = on_pitch
            kept.append(player)
        drafts.append((kept, fired))
    return drafts


@transaction.atomic
def roster_set(*, user: User, team: Team, counts: Mapping[int, tuple[int, int]]) -> list[Player]:
    """Replace the roster by ``counts`` (entry id -> (on the pitch, on the bench))."""
    return rosters_set(user=user, rosters=[(team, counts)])[0]


@transaction.atomic
def rosters_set(
    *, user: User, rosters: Sequence[tuple[Team, Mapping[int, tuple[int, int]]]]
) -> list[list[Player]]:
    """:func:`roster_set` for many teams (a team once): each roster drafted and checked by
    the engine's team-building rules, the first that breaks one refused with every broken
    rule named and nothing changed; then the fired players deleted, the hired ones inserted
    and the kept ones updated, one statement each for all, with their history."""
    locked = _locked_teams([team for team, _counts in rosters], user)
    drafts = rosters_draft(
        rosters=[(team, counts) for team, (_team, counts) in zip(locked, rosters, strict=True)]
    )
    for team, (kept, _fired) in zip(locked, drafts, strict=True):
        _refuse(team, kept)
    Player.objects.filter(pk__in=[player.pk for _kept, gone in drafts for player in gone]).delete()
    hired = [player for kept, _gone in drafts for player in kept if player.pk is None]
    moved = [player for kept, _gone in drafts for player in kept if player.pk is not None]
    Player.objects.bulk_create(hired)
    befores = dict(Player.objects.filter(pk__in=[p.pk for p in moved]).in_bulk())
    Player.objects.bulk_update(moved, ["on_pitch"])
    history.record_save_groups(
        groups=[
            ([(None, player) for player in hired], None),
            ([(befores[player.pk], player) for player in moved], ["on_pitch"]),
        ]
    )
    return [kept for kept, _gone in drafts]


@transaction.atomic
def player_hire(
    *, user: User, team: Team, entry: ListEntry, on_pitch: bool = True, name: str = ""
) -> Player:
    [locked] = _locked_teams([team], user)
    if entry.pk not in _entries_of([locked])[locked.pk]:
        raise Refused(
            "entry_not_in_list", _("This entry is not in the team's list."), field="entry"
        )
    current = list(Player.objects.filter(team=locked))
    if name:
        _refuse_taken(locked, name)
    name = name or free_name(entry.name, {p.name for p in current})
    player = _hired(entry, locked, name, on_pitch)
    _refuse(locked, [*current, player], building=True)
    player.full_clean()
    player.save()
    return player


@transaction.atomic
def player_fire(*, user: User, player: Player) -> None:
    _locked_teams([player.team], user)
    Player.objects.filter(pk=player.pk).delete()


@transaction.atomic
def player_update(
    *, user: User, player: Player, name: str | None = None, on_pitch: bool | None = None
) -> Player:
    """Rename a player, or move him between the pitch and the bench (the limits still hold)."""
    [locked_team] = _locked_teams([player.team], user)
    locked = Player.objects.select_for_update().get(pk=player.pk)
    if name is not None:
        if not name:
            raise Refused("required", _("Give the player a name."), field="name")
        _refuse_taken(locked_team, name, player=locked)
        locked.name = name
    if on_pitch is not None:
        locked.on_pitch = on_pitch
        others = list(Player.objects.filter(team=locked_team).exclude(pk=locked.pk))
        _refuse(locked_team, [*others, locked], building=True)
    locked.full_clean()
    locked.save()
    return locked
