"""Tutatis, the seven-a-side fantasy ball game: everything the web side does for it.

Matches are played at the table. This app keeps the team lists (shipped samples, copied into
a league when its commissioner edits them), the teams and their players, the match-day rolls
(every die the engine throws, stored per fixture), the result reports (entered, confirmed,
disputed, decided) and the injuries carried to the next match. The core reaches it only
through the registration in :mod:`systems.tutatis.apps`.

* :mod:`~systems.tutatis.engine`: the one adapter to ``rules_engine.tutatis``;
* :mod:`~systems.tutatis.services.lists`, ``rosters``, ``matchday``, ``settings``:
  the writes; :mod:`~systems.tutatis.selectors`: the reads;
* :mod:`~systems.tutatis.kickoff`: the sheets frozen at kick-off;
* ``forms``, ``views``, ``api``: its pages and endpoints; :mod:`~systems.tutatis.demo`.
"""

from django.utils.translation import gettext_lazy as _

RULE_SYSTEM = "tutatis"
"""The rules engine's name for Tutatis, and a league's ``rule_system`` value."""
DECIDED_BY = [("points", _("Points (goals 3, over the bar 1)"))]
