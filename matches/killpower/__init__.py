"""Killpower Ball on the matches side: matches are played at the table and their results
entered, confirmed and followed by the post-match sequence.

* :mod:`~matches.killpower.kickoff`: the snapshot at kick-off (teams, settings, RAP drawn,
  powers and points to score: what the referee sheet reads);
* :mod:`~matches.killpower.reports`: ``result_submit``, ``result_confirm``,
  ``result_dispute``, ``result_decide`` (confirming creates the ``Result`` once), checked by
  :mod:`~matches.killpower.report_checks`;
* :mod:`~matches.killpower.post_match`: ``post_match_run`` (once per fixture, in a worker),
  ``post_match_sweep``;
* :mod:`~matches.killpower.tournaments`: ``tournament_create``, ``tournament_advance``;
* :mod:`~matches.killpower.selectors` and :mod:`~matches.killpower.standings`: reports, the
  commissioner's queue, the referee sheet, the post-match report, the bracket, the
  championship table by ranking points.
"""
