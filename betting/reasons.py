"""Why betting moves money: the reasons it declares with the ledger (labels shown on the
wallet's statement). ``GRANT`` and ``REVERSAL`` are also what a game posts for a starting grant
or an undone payment."""

from django.utils.translation import gettext_lazy as _

from ledger.reasons import declare

GRANT = declare("grant", _("Starting grant"))
STAKE = declare("stake", _("Bet placed"))
CANCEL = declare("cancel", _("Bet cancelled"))
SETTLEMENT = declare("settlement", _("Bets settled"))
REVERSAL = declare("reversal", _("Settlement reversed"))
