"""Team lists: a commissioner edits his league's lists; editing a shipped sample first copies
it into the league (the sample stays as shipped for every other league)."""

from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied
from django.db import transaction
from django.utils.translation import gettext as _

from core.refusals import Refused
from league.models import League
from systems.tutatis import RULE_SYSTEM, roles
from systems.tutatis.models import ENTRY_FIELDS, ListEntry, TeamList
from systems.tutatis.sample_lists import SAMPLE_LISTS


def _check_commissioner(user: User, league: League) -> None:
    if league.rule_system != RULE_SYSTEM:
        raise Refused("not_tutatis", _("Team lists belong to Tutatis leagues."), field="league")
    if not roles.can_edit_lists(user, league):
        raise PermissionDenied(_("Only the league's commissioner edits its team lists."))


@transaction.atomic
def team_list_copy(*, user: User, league: League, team_list: TeamList) -> TeamList:
    """The league's own copy of a sample list (the existing copy if it has one)."""
    _check_commissioner(user, league)
    if team_list.league_id == league.pk:
        return team_list
    if team_list.league_id is not None:
        raise Refused(
            "other_league_list", _("This list belongs to another league."), field="team_list"
        )
    existing = TeamList.objects.filter(league=league, copied_from=team_list).first()
    if existing is not None:
        return existing
    kept = {field: getattr(team_list, field) for field in ("name", "race", "description")}
    copy = TeamList.objects.create(
        league=league, is_sample=team_list.is_sample, copied_from=team_list, **kept
    )
    ListEntry.objects.bulk_create(
        ListEntry(team_list=copy, **{field: getattr(entry, field) for field in ENTRY_FIELDS})
        for entry in team_list.entries.order_by("pk")
    )
    return copy


@transaction.atomic
def list_entry_update(*, user: User, entry: ListEntry, **changes: Any) -> ListEntry:
    """Change an entry of one of the league's own lists; players already hired keep the
    characteristics and price they were hired with."""
    team_list = entry.team_list
    if team_list.league is None:
        raise Refused(
            "sample_list",
            _("Copy this sample list into your league before editing it."),
            field="team_list",
        )
    _check_commissioner(user, team_list.league)
    unknown = set(changes) - set(ENTRY_FIELDS)
    if unknown:
        raise Refused(
            "read_only_field", _("This field cannot be changed."), field=sorted(unknown)[0]
        )
    locked = ListEntry.objects.select_for_update().get(pk=entry.pk)
    for field, value in changes.items():
        setattr(locked, field, value)
    locked.full_clean()
    locked.save()
    return locked


@transaction.atomic
def samples_install() -> int:
    """Install the shipped sample lists that are missing (a database emptied by ``flush``, or
    by a transactional test, no longer holds what the data migration wrote); the number
    installed. Lists already there are left as they are."""
    installed = 0
    for data in SAMPLE_LISTS:
        if TeamList.objects.filter(league=None, name=data["name"]).exists():
            continue
        team_list = TeamList.objects.create(
            name=data["name"], race=data["race"], description=data["description"], is_sample=True
        )
        ListEntry.objects.bulk_create(
            ListEntry(team_list=team_list, **dict(zip(ENTRY_FIELDS, entry, strict=True)))
            for entry in data["entries"]
        )
        installed += 1
    return installed
