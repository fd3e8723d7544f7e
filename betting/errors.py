"""The betting services' refusals (``core.refusals.Refused``): codes clients rely on."""

from core.refusals import Refused


class BettingRefused(Refused):
    """A bet, wallet or cancellation refused: 400 with its code; nothing written."""


class NoWallet(BettingRefused):
    """The caller has no wallet in the league: 404 ``no_wallet`` where the wallet is asked."""

    status_code = 404


class IdempotencyConflict(BettingRefused):
    """An ``Idempotency-Key`` already used with another body: 409."""

    status_code = 409
