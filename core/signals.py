"""Signals a game sends for the apps above the core to hear without the core knowing them.

``lineup_changed(team)``: what a team fields changed (line-up, players in it, match plan), so
prices that depend on it (``betting``) are computed again. Sent inside the game's transaction;
receivers act once it commits."""

from django.dispatch import Signal

lineup_changed = Signal()

fixtures_scheduled = Signal()
"""``fixture_ids``: fixtures just scheduled (generated or added one by one)."""

fixture_cancelled = Signal()
"""``fixture_id``: a fixture cancelled before it kicked off."""

domain_event = Signal()
"""``event``: a :class:`core.events.Event` that committed (sent by ``core.events.publish``)."""

result_corrected = Signal()
"""``correction``: a ``matches.ResultCorrection`` of a played result (its score or winner
changed), sent inside the correction's transaction; receivers act once it commits."""

result_voided = Signal()
"""``correction``: a ``matches.ResultCorrection`` voiding a result, sent inside the void's
transaction (the result already gone, the fixture scheduled again and locked): a receiver
undoes what it did on the result in that same transaction."""
