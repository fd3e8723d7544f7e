"""A Mythril league's own settings (:class:`~systems.mythril.models.MythrilSettings`) and the
league settings of ``league.plugins.league_settings``."""

from typing import Any

from django.utils.translation import gettext as _

from core.refusals import Refused
from league.models import League
from systems.mythril.engine import league_pitches
from systems.mythril.models import MythrilSettings
from systems.mythril.selectors import experience_table, settings_of

SETTING_FIELDS = tuple(f.name for f in MythrilSettings._meta.fields if not f.primary_key)
"""Every setting of the model, in its order: starting gold, team bets, then the engine's."""
ENGINE_FIELDS = SETTING_FIELDS[2:]
"""The settings the engine reads under their own names: winnings and the popularity roll."""


def league_rules_save(*, league: League, values: dict[str, Any]) -> None:
    """Store the settings given; each refused value names its field and nothing changes."""
    current = settings_of(league)
    for key, value in values.items():
        if key not in SETTING_FIELDS:
            raise Refused("unknown_setting", _("Not a Mythril setting."), field=key)
        setattr(current, key, value)
    current.full_clean(exclude=["league"])
    current.save()
    league.mythril_settings = current  # what a league read with its list shows from now on


def league_rules_check(*, league: League, has_fixtures: bool) -> None:
    """A Mythril league plays a championship (its trophies are knock-out brackets beside it);
    a win is worth 3 (the text's forfeit rule), draw and loss are the league's."""
    if league.competition_format != League.CompetitionFormat.CHAMPIONSHIP:
        raise Refused(
            "championship_only",
            _(
                "A Mythril league plays a championship; its trophies are "
                "knock-out brackets beside it."
            ),
            field="competition_format",
        )
    if league.points_win != 3:
        raise Refused(
            "points_win_fixed",
            _("A win is worth 3 points in the Mythril league (the text: “+3 pts au championnat”)."),
            field="points_win",
        )
    if league.house_rules:
        raise Refused(
            "own_fields", _("Mythril settings have their own fields."), field="house_rules"
        )


def engine_settings_input(league: League) -> dict[str, Any]:
    """The league's settings as the engine reads them (``rules_engine.mythril.settings``): the
    budget, points, experience table, prices and pitches, winnings and popularity roll."""
    own = settings_of(league)
    pitches = league_pitches(league.pk)
    return {
        "budget": own.starting_gold,
        "points": {"win": 3, "draw": league.points_draw, "loss": league.points_loss},
        "experience": experience_table(league=league),
        "prices": {"pitches": pitches} if pitches else {},
        **{key: getattr(own, key) for key in ENGINE_FIELDS},
    }
