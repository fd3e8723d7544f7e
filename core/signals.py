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

domain_events = Signal()
"""``events``: several :class:`core.events.Event` that committed together (sent by
``core.events.publish_many``); a receiver of ``domain_event`` hears these too and handles
them as it would each alone, at once."""

result_corrected = Signal()
"""``correction``: a ``matches.ResultCorrection`` of a played result (its score or winner
changed), sent inside the correction's transaction; receivers act once it commits."""

result_voided = Signal()
"""``correction``: a ``matches.ResultCorrection`` voiding a result, sent inside the void's
transaction (the result already gone, the fixture scheduled again and locked): a receiver
undoes what it did on the result in that same transaction."""

results_created = Signal()
"""``results``: ``matches.Result`` rows written together by one bulk statement (a worker's
chunk of simulated fixtures), each with its fixture loaded (season, league, teams). It stands
for the ``post_save`` (created) each would have sent if saved one by one, which a bulk write
does not send: an app that hears a result's ``post_save`` hears this too and handles the rows
at once. Sent inside the writing transaction; receivers act once it commits. (The history of
these rows is written by the service itself, ``core.history.record_saves``.)"""
