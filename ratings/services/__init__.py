"""The writes of the ratings app: the stored ratings kept in step with the confirmed results.

``teams`` (a league's rounds), ``coaches`` (ISO weeks, per game and across games), ``results``
(what the worker runs for a result stored, corrected or voided), ``rebuild`` (everything again
from the results, ``manage.py ratings_rebuild``)."""

from ratings.services.catch_up import league_catch_up, ratings_sweep
from ratings.services.rebuild import ratings_rebuild
from ratings.services.results import league_tau_check, result_void_rerate, results_rate
from ratings.services.teams import league_rerate

__all__ = [
    "league_catch_up",
    "league_rerate",
    "league_tau_check",
    "ratings_rebuild",
    "ratings_sweep",
    "result_void_rerate",
    "results_rate",
]
