"""Killpower Ball, the gladiator basketball board game: everything the web side does for it.

Matches are played at the table; this app keeps the teams of seven gladiators, takes the
results, and runs the post-match sequence in a worker. The core reaches it only through the
registration in :mod:`systems.killpower.apps` (:mod:`~systems.killpower.plugins`).
:mod:`~systems.killpower.engine` is the one adapter to ``rules_engine.killpower``;
:mod:`~systems.killpower.table_results` is its part of the one result-report workflow
(``matches.table_results``); writes are in ``services``, reads in ``selectors``, each module
saying what it holds.
"""

from django.utils.translation import gettext_lazy as _

SIDES = ("home", "away")
"""A fixture's two sides, as its sheets, reports and records key them."""

RULE_SYSTEM = "killpower"
"""The rules engine's name for Killpower Ball, and a league's ``rule_system`` value."""
POST_MATCH_TASK = "systems.killpower.tasks.post_match_task"
DECIDED_BY = [
    ("regulation", _("Regulation time")),
    ("points", _("Points to score after 20 turns")),
    ("elimination", _("Elimination")),
    ("abandon", _("Abandon")),
    ("free_throws", _("Free throws")),
]
"""How a Killpower Ball match is decided (``Result.decided_by``)."""
