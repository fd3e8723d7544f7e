"""Killpower Ball, the gladiator basketball board game: everything the web side does for it.

Matches are played at the table; this app keeps the teams of seven gladiators, takes the
results, and runs the post-match sequence in a worker. The core reaches it only through the
registration in :mod:`systems.killpower.apps`.

* :mod:`~systems.killpower.engine`: the one adapter to ``rules_engine.killpower`` (inputs built
  from rows, engine errors turned into field errors);
* :mod:`~systems.killpower.services.teams`: ``killpower_team_register``, ``gladiator_raise``;
* :mod:`~systems.killpower.selectors.gladiators`: gladiators, team sheet, power and division, roster
  issues, history, the fixture that freezes a team;
* :mod:`~systems.killpower.kickoff`: the snapshot at kick-off (teams, settings, RAP drawn,
  powers and points to score: what the referee sheet reads);
* :mod:`~systems.killpower.table_results`: its part of the one result-report workflow
  (``matches.table_results``): reports checked by :mod:`~systems.killpower.report_checks`,
  recorded by the engine (its ``options`` are a tournament draw's free throws); its pages
  and API are the workflow's views with this game's forms, serializers and templates;
* :mod:`~systems.killpower.services.post_match`: the post-match sequence the workflow runs once per
  fixture, in a worker (``sequences_apply``);
* :mod:`~systems.killpower.services.tournaments`: ``tournament_create``, ``tournament_advance``;
* :mod:`~systems.killpower.selectors.matches` and :mod:`~systems.killpower.selectors.standings`: reports,
  the commissioner's queue, the referee sheet, the post-match report, the bracket, the
  championship table by ranking points;
* ``forms``, ``views``, ``api``, ``templatetags``: its pages and endpoints.
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
