"""One workflow for results played at the table, for every game that plays so.

A coach or the commissioner enters a report (:func:`~.services.report_enter`); the other side
confirms it or disputes it; the commissioner decides (as it stands or corrected). Confirming
or deciding records the fixture's one ``Result`` and writes its ``PostMatchRun`` pending; a
worker runs the sequence once (:func:`~.post_match.post_match_run`), the sweep re-sends a lost
one a limited number of times. The game's part comes through
:data:`matches.plugins.table_results`; who may do what is :mod:`~.roles`; every refusal is a
:class:`~.refusals.ReportRefused` with a code and a field. The pages (:mod:`~.views`) and the
API (:mod:`~.api`) are written once too, each game's addresses built by :mod:`~.urls`.
"""
