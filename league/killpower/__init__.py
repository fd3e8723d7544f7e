"""Killpower Ball on the league side: gladiators, team creation, raises, power and division.

* :mod:`league.killpower.engine`: the adapter to ``rules_engine.killpower`` (inputs built from
  rows, engine errors turned into field errors);
* :mod:`league.killpower.services`: ``killpower_team_register``, ``gladiator_raise``;
* :mod:`league.killpower.selectors`: gladiators, team sheet, power and division, roster
  issues, history, the fixture that freezes a team.

Results, the post-match sequence and tournaments live in :mod:`matches.killpower`.
"""
