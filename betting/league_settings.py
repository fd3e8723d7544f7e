"""A league's betting settings: read (defaults when never set) and changed by its commissioner."""

from typing import Any

from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from betting import plugins
from betting.models import BettingSettings
from core.enqueue import enqueue_on_commit
from core.refusals import Refused
from league.models import League
from ledger.services import system_accounts
from matches.models import Fixture

FIELDS = (
    "mode",
    "margin_percent",
    "house_cut_percent",
    "min_stake",
    "max_stake",
    "starting_grant",
    "allow_cancel",
    "coaches_bet_on_own_teams",
)


def settings_of(league: League) -> BettingSettings:
    """The league's settings; unsaved defaults (betting off) when never set."""
    try:
        return league.betting
    except BettingSettings.DoesNotExist:
        return BettingSettings(league=league)


def fixed_odds_source(league: League) -> str:
    """Where the league's fixed odds come from: ``"engine"`` when its game prices its own
    fixtures (``betting.plugins.odds``: Rotzball's simulations), else ``"ratings"`` (the
    teams' ratings, for a game played at the table). Every game can bet at fixed odds."""
    return "engine" if plugins.odds.implements(league.rule_system) else "ratings"


@transaction.atomic
def settings_save(*, league: League, values: dict[str, Any]) -> BettingSettings:
    """Change some settings (the others keep their value); ``ValidationError`` naming the
    field, and nothing saved, when one breaks a rule."""
    League.objects.select_for_update().filter(pk=league.pk).first()
    current = settings_of(league)
    previous_mode = current.mode
    unknown = set(values) - set(FIELDS)
    if unknown:
        raise ValidationError({name: _("Unknown setting.") for name in sorted(unknown)})
    for name, value in values.items():
        setattr(current, name, value)
    current.clean_fields(exclude=["league"])
    if current.min_stake > current.max_stake:
        raise Refused(
            "max_stake_below_min",
            _("The largest stake cannot be below the smallest (%(min)s)."),
            field="max_stake",
            min=current.min_stake,
        )
    current.validate_constraints()
    now_fixed = current.mode == BettingSettings.Mode.FIXED != previous_mode
    current.save()
    if now_fixed:  # price every fixture still open, in a worker, rather than on first view
        upcoming = Fixture.objects.filter(season__league=league, status=Fixture.Status.SCHEDULED)
        for fixture_id in upcoming.values_list("pk", flat=True):
            enqueue_on_commit("betting.tasks.odds_refresh_task", fixture_id)
    if current.mode != BettingSettings.Mode.OFF:
        system_accounts(league)
    return current
