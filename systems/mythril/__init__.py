"""The Mythril league (Blood Bowl house rules): everything the web side does for it.

Matches are played at the table; this app keeps the roster data of each league (team lists,
champions, skills, pitches, experience table), the teams and their players, takes the results,
runs the post-match sequence in a worker, and runs the team bets on the ledger. Every rule comes
from ``rules_engine.mythril`` through :mod:`systems.mythril.engine`.

* :mod:`~systems.mythril.services.roster` and :mod:`~systems.mythril.services.roster_import`: roster data;
* :mod:`~systems.mythril.services.teams`: team creation, hire, fire, allies, apothecary, line-up check;
* :mod:`~systems.mythril.services.treasury`: every gold movement, a ledger transaction;
* :mod:`~systems.mythril.table_results`: its part of the result-report workflow;
* :mod:`~systems.mythril.services.post_match`: the post-match sequence (once per fixture, in a worker);
* :mod:`~systems.mythril.services.level_ups`: the coach picks each skill earned;
* :mod:`~systems.mythril.services.team_bets`: matchday entry, bets, settlement (once per fixture);
* :mod:`~systems.mythril.standings` and :mod:`~systems.mythril.services.trophies`.
"""

from django.utils.translation import gettext_lazy as _

RULE_SYSTEM = "mythril"
SIDES = ("home", "away")
POST_MATCH_TASK = "systems.mythril.tasks.post_match_task"
SETTLE_TASK = "systems.mythril.tasks.team_bets_settle_task"
DECIDED_BY = [("regulation", _("Played to the end")), ("forfeit", _("Forfeit"))]
