"""Results of Killpower matches played at the table, in this game's words: the result-report
workflow (:mod:`matches.table_results.services`) with ``free_throws`` (a tournament draw's
shooters and distances) for its ``options``.

* ``result_submit``: the commissioner or either coach enters the match report (the engine's
  shape, :mod:`rules_engine.killpower.report`, plus each side's ``badly_wounded`` list), with
  their post-match choices (``decisions``: equipment redraws for their own side) and, for a
  tournament draw, their own side's free-throw shooters and distances. A scheduled fixture
  kicks off first; errors name the field and nothing changes.
* ``result_confirm``: the other coach (or the commissioner) confirms, adding their own side's
  choices; ``result_dispute``: the other coach disputes; ``result_decide``: the commissioner
  decides, and may correct it.
* Confirming or deciding records the ``Result`` once (:mod:`systems.killpower.table_results`
  reads it with the engine); the post-match sequence runs in a worker after commit.
"""

from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import User
from django.utils.translation import gettext as _

from matches.models import Fixture, Result
from matches.table_results import services
from matches.table_results.refusals import ReportRefused
from systems.killpower import RULE_SYSTEM
from systems.killpower.models import ResultReport


def _check_game(fixture: Fixture) -> None:
    if fixture.season.league.rule_system != RULE_SYSTEM:
        raise ReportRefused(
            "not_killpower", _("Results are entered for Killpower Ball matches."), field="fixture"
        )


def result_submit(
    *,
    fixture: Fixture,
    user: User,
    result: object,
    decisions: Mapping[str, Any] | None = None,
    free_throws: Mapping[str, Any] | None = None,
) -> ResultReport:
    """Enter a match's result; it waits for the other side's confirmation."""
    _check_game(fixture)
    report = services.report_enter(
        fixture=fixture, user=user, result=result, decisions=decisions, options=free_throws
    )
    assert isinstance(report, ResultReport)
    return report


def result_confirm(
    *,
    report: ResultReport,
    user: User,
    decisions: Mapping[str, Any] | None = None,
    free_throws: Mapping[str, Any] | None = None,
    seed: int | None = None,
) -> Result:
    """The other coach (or the commissioner) confirms: the result is recorded, once."""
    return services.report_confirm(
        report=report, user=user, decisions=decisions, options=free_throws, seed=seed
    )


def result_dispute(*, report: ResultReport, user: User, reason: str = "") -> ResultReport:
    """The other coach disputes the report: it waits in the commissioner's queue."""
    disputed = services.report_dispute(report=report, user=user, reason=reason)
    assert isinstance(disputed, ResultReport)
    return disputed


def result_decide(
    *,
    report: ResultReport,
    user: User,
    result: object = None,
    decisions: Mapping[str, Any] | None = None,
    free_throws: Mapping[str, Any] | None = None,
    note: str = "",
    seed: int | None = None,
) -> Result:
    """The commissioner decides a pending or disputed report, corrected or as it stands."""
    return services.report_decide(
        report=report,
        user=user,
        result=result,
        decisions=decisions,
        options=free_throws,
        note=note,
        seed=seed,
    )
