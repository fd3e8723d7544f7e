"""Killpower Ball's part of the result-report workflow (``matches.plugins.table_results``):
its report checked by the engine against the teams frozen at kick-off
(:mod:`~systems.killpower.report_checks`), each coach's post-match choices and a tournament
draw's free throws, the result the engine judges (points to score, free throws shot with the
recording's dice, their rolls kept in the record) and the post-match sequence
(:func:`~systems.killpower.services.post_match.sequences_apply`)."""

from collections.abc import Mapping, Sequence
from typing import Any

from league.roles import AnyUser
from matches.models import Fixture, Result
from matches.models import ResultReport as Report
from matches.plugins import Entry, Recorded, TableResults
from rules_engine import Dice
from rules_engine.killpower.free_throws import merge_choices
from systems.killpower.documents import RESULT_REPORT
from systems.killpower.models import PostMatchRun, ResultReport
from systems.killpower.report_checks import (
    WOUNDED,
    check_decisions,
    check_free_throw_choices,
    check_free_throws,
    engine_record,
    parsed_report,
    split_wounded,
    validated,
)

RECORDED_COLUMNS = ("home_score", "away_score", "winner", "decided_by", "seed")
"""The engine's outcome as the record repeats it, beside its own record, the rolls and the
badly wounded."""


class KillpowerResults(TableResults):
    document = RESULT_REPORT
    reports = ResultReport
    runs = PostMatchRun
    has_post_match = True

    def checked(
        self,
        *,
        fixture: Fixture,
        user: AnyUser,
        result: object,
        decisions: Mapping[str, Any] | None,
        options: Mapping[str, Any] | None,
    ) -> Entry:
        payload, chosen = validated(
            fixture, result=result, decisions=decisions, free_throws=options, user=user
        )
        return Entry(payload, chosen, options)

    def confirmation_checked(
        self,
        *,
        fixture: Fixture,
        report: Report,
        user: AnyUser,
        decisions: Mapping[str, Any] | None,
        options: Mapping[str, Any] | None,
    ) -> Entry:
        """The confirming coach's own side's choices (redraws; a tournament draw's free
        throws) replace any made for that side."""
        added = check_decisions(fixture, decisions, parsed_report(fixture, report.payload), user)
        free_throws = report.options
        chosen = check_free_throws(fixture, options, user)
        if chosen is not None:
            free_throws = merge_choices(free_throws, chosen)
            check_free_throw_choices(fixture, split_wounded(report.payload)[0], free_throws)
        return Entry(report.payload, {**report.decisions, **added}, free_throws)

    def recorded(self, *, fixture: Fixture, report: Report, dice: Dice) -> Recorded:
        engine_report, wounded = split_wounded(report.payload)
        outcome = engine_record(fixture, engine_report, report.options, dice)
        columns = {key: getattr(outcome, key) for key in RECORDED_COLUMNS}
        return Recorded.of(
            outcome, {**outcome.record, **columns, "rolls": dice.log(), WOUNDED: wounded}
        )

    def post_match_many(
        self, *, played: Sequence[tuple[Fixture, Result, Report | None, Dice]]
    ) -> list[Mapping[str, Any]]:
        from systems.killpower.services.post_match import sequences_apply

        return list(sequences_apply(played=played))
