"""Storing a Mythril league's roster data: the sample copy every new league gets, and the
commissioner's import (:mod:`systems.mythril.services.roster_import` checks the file first).

An import replaces the league's data by natural key (a skill, pitch, champion by name; a team
list by race; a position by name within its list): rows in the file are written and lose their
``sample`` mark, rows no longer in the file are deleted, unless a team uses them (then the
import is refused naming the row and the team, and nothing changes).
"""

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Manager, Model
from django.utils.translation import gettext as _

from core.refusals import Forbidden, Refused
from league.models import League
from league.roles import is_commissioner
from systems.mythril import engine
from systems.mythril.models import ExperienceTable, Skill, TeamList
from systems.mythril.selectors import experience_table, league_champions, roster_lists
from systems.mythril.services.roster_import import read
from systems.mythril.services.teams import assert_mythril

LIST_KEYS = ("allies", "reroll_cost", "apothecary")
"""What a team list holds beside its race and positions, in the file as in its row."""


def _with_profile(item: Mapping[str, Any], keys: Sequence[str]) -> dict[str, Any]:
    """An item's ``keys`` with its profile spread into the rows' ``ma``, ``st``, ``ag``, ``av``."""
    profile = item.get("profile") or {}
    return {**{key: item[key] for key in keys}, **{k: profile.get(k) for k in engine.STATS}}


def _player_of_it(row: Model, label: str) -> None:
    player = row.players.select_related("team").first()  # type: ignore[attr-defined]
    if player is not None:
        raise Refused(
            "roster_data_in_use",
            _("%(what)s %(name)s is missing from the file but %(team)s has a player of it.")
            % {"what": label, "name": row.name, "team": player.team.name},  # type: ignore[attr-defined]
            field="file",
        )


def _team_of_it(row: Model, message: str) -> None:
    if row.teams.exists():  # type: ignore[attr-defined]
        raise Refused("roster_data_in_use", message % {"name": row.name}, field="file")  # type: ignore[attr-defined]


def _replace(
    rows: Manager,
    key: str,
    items: Sequence[Mapping[str, Any]],
    defaults: Callable[[Mapping[str, Any]], dict[str, Any]],
    in_use: Callable[[Model], None] = lambda row: None,
) -> None:
    """Write ``items`` by their natural ``key``, then delete the rows the file no longer has,
    ``in_use`` refusing any a team still uses."""
    for item in items:
        rows.update_or_create(**{key: item[key]}, defaults=defaults(item))
    gone = rows.exclude(**{f"{key}__in": [item[key] for item in items]})
    for row in gone:
        in_use(row)
    gone.delete()


def _store(league: League, data: dict[str, Any], *, sample: bool) -> None:
    mark = {"sample": sample}
    _replace(
        league.mythril_skills, "name", data["skills"], lambda i: {**mark, "category": i["category"]}
    )
    _replace(
        league.mythril_pitches,
        "name",
        data["pitches"],
        lambda i: {**mark, "cost": i["cost"], "effect": i.get("effect", "")},
        lambda row: _team_of_it(
            row, _("The pitch %(name)s is some team's home pitch: keep it in the file.")
        ),
    )
    ExperienceTable.objects.update_or_create(
        league=league, defaults={"table": data["experience"], "sample": sample}
    )
    _replace(
        league.mythril_champions,
        "name",
        data["champions"],
        lambda i: {**mark, **_with_profile(i, ("cost", "races", "big_guy", "skills"))},
        lambda row: _player_of_it(row, _("The champion")),
    )
    position_keys = ("cost", "ally_limit", "big_guy", "skills", "normal", "double")
    _replace(
        league.mythril_lists,
        "race",
        data["team_lists"],
        lambda i: {**mark, "name": i["race"], **{key: i[key] for key in LIST_KEYS}},
        lambda row: _team_of_it(
            row, _("The team list %(name)s is used by a team: keep it in the file.")
        ),
    )
    for item in data["team_lists"]:
        _replace(
            TeamList.objects.get(league=league, race=item["race"]).positions,
            "name",
            item["positions"],
            lambda i: {"max_count": i["max"], **_with_profile(i, position_keys)},
            lambda row: _player_of_it(row, _("The position")),
        )


@transaction.atomic
def roster_data_copy_sample(*, league: League) -> None:
    """A new Mythril league's roster data: the engine's sample data, marked as sample."""
    if TeamList.objects.filter(league=league).exists():
        return
    _store(league, engine.sample_roster_data(), sample=True)


@transaction.atomic
def roster_data_import(*, league: League, user: User, text: str, filename: str = "") -> None:
    """The commissioner replaces the league's roster data with a JSON or YAML file's."""
    assert_mythril(league)
    if not is_commissioner(user, league):
        raise Forbidden(_("Only the commissioner imports roster data."))
    data = read(text, filename=filename)
    League.objects.select_for_update().filter(pk=league.pk).first()
    _store(league, data, sample=False)


def roster_data_export(*, league: League) -> dict[str, Any]:
    """The league's roster data in the import file's shape (what the commissioner edits)."""
    return {
        "skills": list(Skill.objects.filter(league=league).values("name", "category")),
        "pitches": engine.league_pitches(league.pk),
        "experience": experience_table(league=league),
        "team_lists": [
            {
                "race": t.race,
                **{key: getattr(t, key) for key in LIST_KEYS},
                "positions": [engine.position_input(p) for p in t.positions.all()],
            }
            for t in roster_lists(league=league)
        ],
        "champions": [engine.champion_input(c) for c in league_champions(league=league)],
    }
