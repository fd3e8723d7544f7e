"""Write-side operations of the battles app; import them from here.

* :mod:`battles.services.campaigns`: campaigns, armies (battle cards), troops, battles;
* :mod:`battles.services.cards`: a whole battle card saved at once (the card editor);
* :mod:`battles.services.runs`: runs (start, step, decisions, resolution), casualties, odds.

Every service is keyword-only and takes the acting ``user`` where a role is needed
(``PermissionDenied`` when it lacks it, ``ValidationError`` with field messages for what the
user can fix; nothing changes on refusal).
"""

from battles.services.campaigns import (
    army_create,
    army_recover_wounded,
    army_update,
    battle_create,
    battle_update,
    campaign_add_player,
    campaign_create,
    campaign_update,
    troop_add,
    troop_delete,
    troop_update,
)
from battles.services.cards import TroopLine, TroopLineError, army_card_save
from battles.services.runs import (
    MAX_ODDS_N,
    StaleRunError,
    battle_odds,
    casualties_confirm,
    run_choose_phase3_skill,
    run_decide_crucial_moment,
    run_resolve,
    run_resolve_request,
    run_skip_crucial_moment,
    run_start,
    run_step,
    runs_sweep_requested,
    spread,
)

__all__ = [
    "MAX_ODDS_N",
    "StaleRunError",
    "TroopLine",
    "TroopLineError",
    "army_card_save",
    "army_create",
    "army_recover_wounded",
    "army_update",
    "battle_create",
    "battle_odds",
    "battle_update",
    "campaign_add_player",
    "campaign_create",
    "campaign_update",
    "casualties_confirm",
    "run_choose_phase3_skill",
    "run_decide_crucial_moment",
    "run_resolve",
    "run_resolve_request",
    "run_skip_crucial_moment",
    "run_start",
    "run_step",
    "runs_sweep_requested",
    "spread",
    "troop_add",
    "troop_delete",
    "troop_update",
]
