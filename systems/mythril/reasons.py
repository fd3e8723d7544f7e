"""Why Mythril moves a team's gold: the reasons it declares with the ledger, beside the two it
shares with betting (a starting grant, a reversed payment)."""

from django.utils.translation import gettext_lazy as _

from betting import reasons as betting_reasons
from ledger.reasons import declare


class Reason:
    """The codes Mythril posts with (``Reason.PURCHASE`` and so on)."""

    GRANT = betting_reasons.GRANT
    REVERSAL = betting_reasons.REVERSAL
    PURCHASE = declare("purchase", _("Team purchase"))
    WINNINGS = declare("winnings", _("Match winnings"))
    ENTRY = declare("entry", _("Matchday entry"))
    TEAM_BET = declare("team_bet", _("Team bet won"))
