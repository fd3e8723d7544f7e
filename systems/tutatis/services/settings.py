"""A Tutatis league's own settings: the budget and the Time Warp tokens per match."""

from typing import Any

from django.utils.translation import gettext as _

from core.refusals import Refused
from league.models import League
from rules_engine.tutatis.time_warp import MAX_TOKENS, MIN_TOKENS
from systems.tutatis.models import LeagueRules

MAX_BUDGET = 100_000


def league_rules_save(*, league: League, values: dict[str, Any]) -> None:
    """Store ``tutatis_budget`` and ``time_warp_tokens``; a bad value names its field and
    nothing is stored."""
    defaults: dict[str, int] = {}
    if "tutatis_budget" in values:
        budget = values["tutatis_budget"]
        if type(budget) is not int or not 1 <= budget <= MAX_BUDGET:
            raise Refused(
                "budget_out_of_range",
                _("Give a budget from 1 to %(max)s Irr."),
                field="tutatis_budget",
                max=MAX_BUDGET,
            )
        defaults["budget"] = budget
    if "time_warp_tokens" in values:
        tokens = values["time_warp_tokens"]
        if type(tokens) is not int or not (tokens == 0 or MIN_TOKENS <= tokens <= MAX_TOKENS):
            raise Refused(
                "time_warp_tokens_invalid",
                _(
                    "Time Warp tokens: 0 (not used), or %(low)s or %(high)s per match as the "
                    "rules advise."
                ),
                field="time_warp_tokens",
                low=MIN_TOKENS,
                high=MAX_TOKENS,
            )
        defaults["time_warp_tokens"] = tokens
    if defaults:
        LeagueRules.objects.update_or_create(league=league, defaults=defaults)
