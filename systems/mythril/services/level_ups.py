"""The coach picks each skill a player earned, from what its skill roll allows.

A level-up stores the engine's skill roll (``options``: ``dice``, ``double``, ``categories``,
``characteristics``, ``big_guy_choices``). The choice is one of:

* ``skill``: a skill of the league's list in one of the roll's ``categories``, not held yet;
* ``characteristic`` (``ma``, ``st``, ``ag``, ``av``) when the roll allows it
  (``raise_characteristic``: never more than +2 over the start nor above 10);
* ``big_guy`` (``st``, ``av`` or ``drop_skill`` with ``skill``) on a big guy's double
  (``apply_big_guy_double``, same caps).

The engine refuses what the rules refuse (its code is the refusal's); nothing changes then.
"""

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.refusals import Forbidden, Refused
from league.roles import can_edit_roster
from rules_engine import InvalidInput
from rules_engine.mythril import (
    BigGuyChoice,
    LevelRefused,
    SkillRoll,
    apply_big_guy_double,
    raise_characteristic,
)
from systems.mythril import engine
from systems.mythril.models import LevelUp, Player, Skill

KINDS = ("skill", "characteristic", "big_guy")


def _skill_choice(level_up: LevelUp, player: Player, skill: str) -> None:
    found = Skill.objects.filter(league_id=player.team.league_id, name=skill).first()
    if found is None:
        raise Refused(
            "unknown_skill",
            _("%(skill)s is not a skill of the league's list.") % {"skill": skill},
            field="skill",
        )
    allowed = level_up.options["categories"]
    if found.category not in allowed:
        raise Refused(
            "skill_category",
            _("The roll allows the categories %(allowed)s; %(skill)s is %(category)s.")
            % {"allowed": ", ".join(allowed), "skill": skill, "category": found.category},
            field="skill",
        )
    if skill in player.skills:
        raise Refused(
            "skill_held",
            _("%(name)s already has %(skill)s.") % {"name": player.name, "skill": skill},
            field="skill",
        )
    player.skills = [*player.skills, skill]


@transaction.atomic
def level_up_choose(
    *, level_up: LevelUp, user: User, kind: str, value: str = "", skill: str = ""
) -> LevelUp:
    """Take the level-up's pick (see the module's docstring)."""
    level_up = (
        LevelUp.objects.select_for_update()
        .select_related("player__team__league")
        .get(pk=level_up.pk)
    )
    # the player's row alone: its position and champion are outer joins, which PostgreSQL
    # refuses to lock
    player = (
        Player.objects.select_for_update(of=("self",))
        .select_related("position", "champion", "team__league")
        .get(pk=level_up.player_id)
    )
    if not can_edit_roster(user, player.team):
        raise Forbidden(_("Only the team's coach or the commissioner picks its players' skills."))
    if level_up.chosen_at is not None:
        raise Refused("level_up_taken", _("This level-up is already taken."), field="kind")
    if kind not in KINDS:
        raise Refused(
            "invalid", _("Choose a skill, a characteristic or a big guy's double."), field="kind"
        )
    roll = SkillRoll.from_dict(level_up.options)
    try:
        if kind == "skill":
            _skill_choice(level_up, player, skill or value)
            chosen = skill or value
        else:
            current = engine.engine_players([player])[0]
            if kind == "characteristic":
                if value not in roll.characteristics:
                    raise Refused(
                        "characteristic_not_allowed",
                        _("The roll %(dice)s allows no rise of %(value)s.")
                        % {"dice": list(roll.dice), "value": value or "-"},
                        field="value",
                    )
                changed = raise_characteristic(current, value)
            else:
                if value not in {c.value for c in BigGuyChoice}:
                    raise Refused("invalid", _("Choose st, av or drop_skill."), field="value")
                changed = apply_big_guy_double(
                    current, roll, BigGuyChoice(value), skill=skill or None
                )
            player.profile = changed.profile.to_dict() if changed.profile else None
            player.skills = list(changed.skills)
            chosen = f"{value}:{skill}" if skill else value
    except LevelRefused as exc:
        raise Refused(str(exc.code), exc.message, field="value") from None
    except InvalidInput as exc:
        raise engine.field_refusal(exc) from None
    player.save(update_fields=["profile", "skills"])
    level_up.choice, level_up.chosen_at = f"{kind}:{chosen}", timezone.now()
    level_up.save(update_fields=["choice", "chosen_at"])
    return level_up
