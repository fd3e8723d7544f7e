"""Mythril's part of the result-report workflow (``matches.plugins.table_results``): the
report read by the engine against the line-ups frozen at kick-off
(:func:`~systems.mythril.report_checks.validated`), the result as its verdict counts it, the
team bets settled after commit, and the post-match sequence
(:func:`~systems.mythril.services.post_match.sequence_apply`)."""

from collections.abc import Mapping
from typing import Any

from matches.models import Fixture, Result
from matches.models import ResultReport as Report
from matches.plugins import Entry, Recorded, TableResults
from rules_engine import Dice
from systems.mythril import SETTLE_TASK, selectors
from systems.mythril.documents import RESULT_REPORT
from systems.mythril.models import PostMatchRun, ResultReport
from systems.mythril.report_checks import validated


class MythrilResults(TableResults):
    document = RESULT_REPORT
    reports = ResultReport
    runs = PostMatchRun
    has_post_match = True
    post_match_pending = staticmethod(selectors.season_post_match_pending)

    def checked(self, *, fixture: Fixture, result: object, **_choices: Any) -> Entry:
        """The report as the engine reads it (no decisions nor options: they are Killpower's)."""
        return Entry(validated(fixture, result))  # type: ignore[arg-type]

    def recorded(self, *, fixture: Fixture, report: Report, dice: Dice) -> Recorded:
        """The score and winner as the verdict counts them (a forfeit's consequences
        applied); the record is the report itself."""
        payload = self.payload(report)
        counted = payload["verdict"]
        return Recorded(
            home_score=counted["score"]["home"],
            away_score=counted["score"]["away"],
            winner=counted["winner"] or Result.Winner.DRAW,
            decided_by="forfeit" if payload["report"].get("forfeit") else "regulation",
            record=payload,
        )

    def after_record(self, *, fixture: Fixture, result: Result) -> list[str]:
        return [SETTLE_TASK]

    def post_match_wanted(self, *, fixture: Fixture, result: Result) -> bool:
        """A result recorded from a report (a forfeit entered at the table too) has its
        sequence; one awarded by the commissioner has none."""
        return "report" in result.record

    def post_match(
        self, *, fixture: Fixture, result: Result, report: Report | None, dice: Dice
    ) -> Mapping[str, Any]:
        from systems.mythril.services.post_match import sequence_apply

        return sequence_apply(fixture=fixture, result=result, dice=dice)
