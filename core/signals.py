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
