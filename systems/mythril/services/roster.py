"""Storing a Mythril league's roster data: the sample copy every new league gets, and the
commissioner's import (:mod:`systems.mythril.services.roster_import` checks the file first).

An import replaces the league's data by natural key (a skill, pitch, champion by name; a team
list by race; a position by name within its list): rows in the file are written and lose their
``sample`` mark, rows no longer in the file are deleted, unless a team uses them (then the
import is refused naming the row and the team, and nothing changes).
"""

from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from core.refusals import Forbidden, Refused
from league.models import League
from league.roles import is_commissioner
from systems.mythril import RULE_SYSTEM, engine
from systems.mythril.models import (
    Champion,
    ExperienceTable,
    PitchType,
    Position,
    Skill,
    TeamList,
)
from systems.mythril.services.roster_import import read

STAT_KEYS = ("ma", "st", "ag", "av")


def _profile(item: dict[str, Any]) -> dict[str, int | None]:
    profile = item.get("profile") or {}
    return {key: profile.get(key) for key in STAT_KEYS}


def profile_of(row: Any) -> dict[str, int] | None:
    """A position's or champion's profile as the engine reads it (None when not given)."""
    if row.ma is None:
        return None
    return {key: getattr(row, key) for key in STAT_KEYS}


def _position_defaults(item: dict[str, Any]) -> dict[str, Any]:
    return {
        "cost": item["cost"],
        "max_count": item["max"],
        "ally_limit": item["ally_limit"],
        "big_guy": item["big_guy"],
        "skills": item["skills"],
        "normal": item["normal"],
        "double": item["double"],
        **_profile(item),
    }


def _refuse_if_used(rows: Any, label: str) -> None:
    for row in rows:
        player = row.players.select_related("team").first()
        if player is not None:
            raise Refused(
                "roster_data_in_use",
                _("%(what)s %(name)s is missing from the file but %(team)s has a player of it.")
                % {"what": label, "name": row.name, "team": player.team.name},
                field="file",
            )


def _store(league: League, data: dict[str, Any], *, sample: bool) -> None:
    for item in data["skills"]:
        Skill.objects.update_or_create(
            league=league,
            name=item["name"],
            defaults={"category": item["category"], "sample": sample},
        )
    Skill.objects.filter(league=league).exclude(
        name__in=[i["name"] for i in data["skills"]]
    ).delete()
    for item in data["pitches"]:
        PitchType.objects.update_or_create(
            league=league,
            name=item["name"],
            defaults={"cost": item["cost"], "effect": item.get("effect", ""), "sample": sample},
        )
    gone = PitchType.objects.filter(league=league).exclude(
        name__in=[i["name"] for i in data["pitches"]]
    )
    for pitch in gone:
        if pitch.teams.exists():
            raise Refused(
                "roster_data_in_use",
                _("The pitch %(name)s is some team's home pitch: keep it in the file.")
                % {"name": pitch.name},
                field="file",
            )
    gone.delete()
    ExperienceTable.objects.update_or_create(
        league=league, defaults={"table": data["experience"], "sample": sample}
    )
    for item in data["champions"]:
        Champion.objects.update_or_create(
            league=league,
            name=item["name"],
            defaults={
                "cost": item["cost"],
                "races": item["races"],
                "big_guy": item["big_guy"],
                "skills": item["skills"],
                "sample": sample,
                **_profile(item),
            },
        )
    gone_champions = Champion.objects.filter(league=league).exclude(
        name__in=[i["name"] for i in data["champions"]]
    )
    _refuse_if_used(gone_champions, _("The champion"))
    gone_champions.delete()
    for item in data["team_lists"]:
        team_list, _created = TeamList.objects.update_or_create(
            league=league,
            race=item["race"],
            defaults={
                "name": item["race"],
                "allies": item["allies"],
                "reroll_cost": item["reroll_cost"],
                "apothecary": item["apothecary"],
                "sample": sample,
            },
        )
        for position in item["positions"]:
            Position.objects.update_or_create(
                team_list=team_list, name=position["name"], defaults=_position_defaults(position)
            )
        gone_positions = team_list.positions.exclude(
            name__in=[p["name"] for p in item["positions"]]
        )
        _refuse_if_used(gone_positions, _("The position"))
        gone_positions.delete()
    gone_lists = TeamList.objects.filter(league=league).exclude(
        race__in=[i["race"] for i in data["team_lists"]]
    )
    for team_list in gone_lists:
        if team_list.teams.exists():
            raise Refused(
                "roster_data_in_use",
                _("The team list %(name)s is used by a team: keep it in the file.")
                % {"name": team_list.name},
                field="file",
            )
    gone_lists.delete()


@transaction.atomic
def roster_data_copy_sample(*, league: League) -> None:
    """A new Mythril league's roster data: the engine's sample data, marked as sample."""
    if TeamList.objects.filter(league=league).exists():
        return
    _store(league, engine.sample_roster_data(), sample=True)


@transaction.atomic
def roster_data_import(*, league: League, user: User, text: str, filename: str = "") -> None:
    """The commissioner replaces the league's roster data with a JSON or YAML file's."""
    if league.rule_system != RULE_SYSTEM:
        raise Refused("not_mythril", _("This is not a Mythril league."), field="league")
    if not is_commissioner(user, league):
        raise Forbidden(_("Only the commissioner imports roster data."))
    data = read(text, filename=filename)
    League.objects.select_for_update().filter(pk=league.pk).first()
    _store(league, data, sample=False)


def roster_data_export(*, league: League) -> dict[str, Any]:
    """The league's roster data in the import file's shape (what the commissioner edits)."""
    return {
        "skills": [
            {"name": s.name, "category": s.category} for s in Skill.objects.filter(league=league)
        ],
        "pitches": [
            {"name": p.name, "cost": p.cost, "effect": p.effect}
            for p in PitchType.objects.filter(league=league)
        ],
        "experience": next(
            iter(ExperienceTable.objects.filter(league=league).values_list("table", flat=True)), {}
        ),
        "team_lists": [
            {
                "race": t.race,
                "allies": t.allies,
                "reroll_cost": t.reroll_cost,
                "apothecary": t.apothecary,
                "positions": [
                    {
                        "name": p.name,
                        "cost": p.cost,
                        "max": p.max_count,
                        "ally_limit": p.ally_limit,
                        "big_guy": p.big_guy,
                        "profile": profile_of(p),
                        "skills": p.skills,
                        "normal": p.normal,
                        "double": p.double,
                    }
                    for p in t.positions.all()
                ],
            }
            for t in TeamList.objects.filter(league=league).prefetch_related("positions")
        ],
        "champions": [
            {
                "name": c.name,
                "cost": c.cost,
                "races": c.races,
                "big_guy": c.big_guy,
                "profile": profile_of(c),
                "skills": c.skills,
            }
            for c in Champion.objects.filter(league=league)
        ],
    }
