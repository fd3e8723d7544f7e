"""The plug-in points the ``matches`` app calls, with their defaults.

``table_results``: what a game played at the table brings to the one result-report workflow
(:mod:`matches.table_results`): its report's document kind and checks, how a confirmed report
becomes a ``Result``, its post-match sequence and its proxies. A game
registers a :class:`TableResults` subclass from its ``AppConfig.ready()``; a game that does
not gets these defaults (no report is taken: :meth:`TableResults.checked` refuses).
"""

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _

from core import documents
from core.documents import DocumentKind
from core.plugins import PluginPoint
from core.registry import FORFEIT
from rules_engine import Dice

if TYPE_CHECKING:
    from league.roles import AnyUser
    from matches.models import Fixture, PostMatchRun, Result, ResultReport


@dataclass(frozen=True)
class Entry:
    """A report checked against its fixture: the game's payload (not stamped yet), each side's
    post-match choices and the options settled before recording."""

    payload: Mapping[str, Any]
    decisions: Mapping[str, Any] = field(default_factory=dict)
    options: Mapping[str, Any] | None = None


@dataclass(frozen=True)
class Recorded:
    """What a confirmed report records: the ``Result``'s columns."""

    home_score: int
    away_score: int
    winner: str
    decided_by: str
    record: Mapping[str, Any]


class TableResults:
    """A game's part of the result-report workflow. Every method has the default a game that
    offers nothing gets."""

    document: DocumentKind | None = None
    """The kind of the report's payload (stamped on write, upgraded on read)."""
    reports: "type[ResultReport] | None" = None
    """The game's proxy of ``ResultReport`` (its words, its rows), if it keeps one."""
    runs: "type[PostMatchRun] | None" = None
    """The game's proxy of ``PostMatchRun``, if it keeps one."""
    has_post_match = False
    """Whether a played (not awarded) fixture has a post-match sequence to run."""

    def report_model(self) -> "type[ResultReport]":
        """The model rows are created and locked through (a game's proxy, for its words)."""
        from matches.models import ResultReport

        return self.reports or ResultReport

    def run_model(self) -> "type[PostMatchRun]":
        """The model post-match runs are read through (a game's proxy)."""
        from matches.models import PostMatchRun

        return self.runs or PostMatchRun

    def payload(self, report: "ResultReport") -> dict[str, Any]:
        """The report's payload in today's shape, without its version stamp."""
        if self.document is None:
            return dict(report.payload)
        return documents.read(self.document, report.payload) or {}

    def before_entry(self, *, fixture: "Fixture") -> None:
        """Called under the fixture's lock before a report is taken: a scheduled fixture kicks
        off (:meth:`kick_off`)."""
        from matches.models import Fixture

        if fixture.status == Fixture.Status.SCHEDULED:
            self.kick_off(fixture=fixture)

    def kick_off(self, *, fixture: "Fixture") -> None:
        """Kick the (locked) fixture off: the teams frozen as they start. Default: nothing."""

    def checked(
        self,
        *,
        fixture: "Fixture",
        user: "AnyUser",
        result: object,
        decisions: Mapping[str, Any] | None,
        options: Mapping[str, Any] | None,
    ) -> Entry:
        """The report checked against the fixture (a ``ValidationError`` or ``Refused``
        naming the field otherwise). Default: no report is taken."""
        from matches.table_results.refusals import ReportRefused

        raise ReportRefused(
            "not_table_played", _("Results of this game are not entered here."), field="fixture"
        )

    def confirmation_checked(
        self,
        *,
        fixture: "Fixture",
        report: "ResultReport",
        user: "AnyUser",
        decisions: Mapping[str, Any] | None,
        options: Mapping[str, Any] | None,
    ) -> Entry:
        """The confirming side's own choices merged into the report's. Default: none taken."""
        return Entry(report.payload, report.decisions, report.options)

    def recorded(self, *, fixture: "Fixture", report: "ResultReport", dice: Dice) -> Recorded:
        """The ``Result`` a confirmed or decided report records, read with ``dice`` (whose
        seed the result keeps). Default: the payload's ``score`` as it stands."""
        score = report.payload.get("score", {})
        home, away = int(score.get("home", 0)), int(score.get("away", 0))
        winner = "home" if home > away else "away" if away > home else "draw"
        return Recorded(home, away, winner, "regulation", dict(report.payload))

    def after_record(self, *, fixture: "Fixture", result: "Result") -> list[str]:
        """Names of the tasks to send with the fixture's id after commit, besides the
        post-match sequence. Default: none."""
        return []

    def post_match_wanted(self, *, fixture: "Fixture", result: "Result") -> bool:
        """Whether the fixture has a post-match sequence to run: a game that has one runs it
        after a match played, not after one awarded by forfeit."""
        return self.has_post_match and result.decided_by != FORFEIT

    def post_match(
        self, *, fixture: "Fixture", result: "Result", report: "ResultReport | None", dice: Dice
    ) -> Mapping[str, Any]:
        """Run the post-match sequence on the (locked) rows with ``dice``; return its log.
        Default: nothing happens."""
        return {}


table_results: PluginPoint[TableResults] = PluginPoint(
    "matches.table_results",
    TableResults,
    doc="A game played at the table: its result report, how it records, its post-match run.",
)
