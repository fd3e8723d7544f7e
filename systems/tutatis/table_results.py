"""Tutatis's part of the result-report workflow (``matches.plugins.table_results``): the engine
reads the score in points (goals 3, over the bar 1) and the badly hurt players; the post-match
sequence carries them to each team's next match
(:func:`~systems.tutatis.services.post_match.injuries_carry`, a round at once)."""

from collections.abc import Mapping, Sequence
from typing import Any

from core.refusals import engine_refused
from league.roles import AnyUser
from matches.models import Fixture, Result
from matches.models import ResultReport as Report
from matches.plugins import Entry, Recorded, TableResults
from rules_engine import Dice, InvalidInput, MatchOutcome
from rules_engine.tutatis import SYSTEM
from systems.tutatis.documents import RESULT_REPORT
from systems.tutatis.models import PostMatchRun, ResultReport
from systems.tutatis.services.post_match import injuries_carry

CHECK_SEED = 0
"""Checking a report reads it with dice it throws away; the result's own are the recording's."""


def engine_result(fixture: Fixture, result: object, dice: Dice) -> MatchOutcome:
    """The engine's reading of ``result``; its errors name their field."""
    try:
        outcome: MatchOutcome = SYSTEM.record_result(  # type: ignore[attr-defined]
            fixture.home_sheet, fixture.away_sheet, result, dice=dice
        )
    except InvalidInput as error:
        raise engine_refused(error) from None
    return outcome


class TutatisResults(TableResults):
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
        return Entry(engine_result(fixture, result, Dice(CHECK_SEED)).record["result"])

    def recorded(self, *, fixture: Fixture, report: Report, dice: Dice) -> Recorded:
        return Recorded.of(engine_result(fixture, self.payload(report), dice))

    def post_match_many(
        self, *, played: Sequence[tuple[Fixture, Result, Report | None, Dice]]
    ) -> list[Mapping[str, Any]]:
        return injuries_carry(
            played=[(fixture, result, dice) for fixture, result, _report, dice in played]
        )
