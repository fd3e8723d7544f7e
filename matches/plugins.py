"""The plug-in points ``matches`` calls: what a game says about its fixtures, results, seasons
and tables (see ``core.plugins``).

Each base class holds the defaults, what ``matches`` does for a game with nothing to say, so
a caller always has a method to call. Defaults that need the core's own code take it from
``matches.defaults``, which imports none of the modules that call these points.
"""

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _

from core import documents
from core.documents import DocumentKind
from core.plugins import PluginPoint
from core.refusals import Refused
from core.registry import FORFEIT
from league.models import LeagueCompetitionFormat
from matches.defaults import default_result_check, season_champion_generic, standings_generic
from rules_engine import Dice, MatchOutcome

if TYPE_CHECKING:
    from django.http import HttpRequest, HttpResponse
    from rest_framework.serializers import Field  # type: ignore[import-untyped]

    from core.exports import Table
    from core.progression import Progression
    from league.models import League, Season, Team
    from league.roles import AnyUser
    from matches.models import Fixture, PostMatchRun, Result, ResultReport


class MatchPages:
    """A fixture's page and what a game adds to its league's page. Every game implements it."""

    def fixture_page(self, request: "HttpRequest", *, fixture: "Fixture") -> "HttpResponse":
        """The page at ``/matches/<id>/``."""
        raise NotImplementedError("every game draws its fixture page")

    def league_page_context(
        self,
        request: "HttpRequest",
        *,
        league: "League",
        season: "Season | None",
        teams: Sequence["Team"] = (),
    ) -> Mapping[str, Any]:
        """What the league page adds for this game (a ``game_tools_template``, a
        ``standings_template`` shown instead of the generic standings, a bracket).
        ``teams`` are the season's teams the page has read already (its standings' teams,
        with their league, and what ``Readiness.teams_not_ready`` read onto them), for the
        game to reuse rather than read them again."""
        return {}


pages = PluginPoint(
    "matches.pages",
    MatchPages,
    required=True,
    doc="A fixture's page, and the game's part of its league's page (``matches.views``).",
)


class KickOff:
    """Freezing what a match needs when it kicks off. Every game implements ``kick_off``."""

    def kick_off(self, fixture: "Fixture") -> None:
        """Freeze line-ups, settings and draws on the fixture and mark it kicked off. The caller
        holds both teams' row locks and the fixture's (``matches.locking``); a line-up that
        cannot play raises ``ValidationError``."""
        raise NotImplementedError("every game kicks its fixtures off")

    def kick_off_many(self, *, fixtures: list["Fixture"]) -> Mapping[int, list[str]]:
        """``kick_off`` for many fixtures at once, under the same locks; ``{fixture id:
        [messages]}`` for those that cannot kick off (left as they were). By default one
        ``kick_off`` per fixture, each in its own savepoint."""
        from django.core.exceptions import ValidationError
        from django.db import transaction

        problems: dict[int, list[str]] = {}
        for fixture in fixtures:
            try:
                with transaction.atomic():  # a refused kick-off leaves nothing behind
                    self.kick_off(fixture)
            except ValidationError as error:
                problems[fixture.pk] = error.messages
        return problems


kick_off = PluginPoint(
    "matches.kick_off",
    KickOff,
    required=True,
    doc="Kick-off: a fixture's line-ups, settings and draws frozen (``matches.services``, "
    "``matches.simulation_chunks``).",
)


class Readiness:
    """Which teams could not kick off now (a game without the check: all can)."""

    def teams_not_ready(self, *, teams: list["Team"]) -> Mapping[int, str]:
        """``{team id: why}`` for the teams whose line-up cannot play, in a few queries."""
        return {}


readiness = PluginPoint(
    "matches.readiness",
    Readiness,
    doc="Line-ups that cannot play yet: flagged on the league page, refused before a large "
    "simulation request (``matches.views.league_page``, ``matches.services``).",
)


class Outcomes:
    """What a fixture can end in."""

    def outcomes(self, fixture: "Fixture") -> tuple[str, ...]:
        """Among ``"home"``, ``"away"`` and ``"draw"``; all three by default."""
        return ("home", "away", "draw")


outcomes = PluginPoint(
    "matches.outcomes",
    Outcomes,
    doc="The outcomes a fixture can end in: a correction's winner, the markets of "
    "``betting`` (``matches.corrections``, ``betting.odds``).",
)


def outcomes_of(fixture: "Fixture") -> tuple[str, ...]:
    """What ``fixture`` can end in, as its game says."""
    return tuple(outcomes.of(fixture.season.league.rule_system).outcomes(fixture))


class Results:
    """What a game checks and undoes when a commissioner corrects, voids or awards a result."""

    def result_check(
        self,
        *,
        fixture: "Fixture",
        home_score: int,
        away_score: int,
        winner: str,
        decided_by: str,
    ) -> Mapping[str, str]:
        """``{field: message}`` for a corrected score and winner the game cannot end in. By
        default the side with more points must win, and level scores may go either way."""
        return default_result_check(home_score=home_score, away_score=away_score, winner=winner)

    def result_corrected(self, *, result: "Result", before: dict[str, Any]) -> list[str]:
        """Undo what the post-match sequence did on the old result where it can; the English
        messages (marked for translation) of what the commissioner must review where it
        cannot. Called under the fixture's and teams' locks, in the correction's
        transaction."""
        return []

    def result_voided(self, *, fixture: "Fixture", before: dict[str, Any]) -> list[str]:
        """As ``result_corrected``, for a result removed."""
        return []

    def fixture_awarded(self, *, fixture: "Fixture", result: "Result") -> None:
        """What the game does once a fixture is awarded by forfeit (no post-match sequence
        runs; a Killpower tournament moves its bracket on)."""


results = PluginPoint(
    "matches.results",
    Results,
    doc="Result corrections, voids and forfeits (``matches.corrections``).",
)


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

    @classmethod
    def of(cls, outcome: MatchOutcome, record: Mapping[str, Any] | None = None) -> "Recorded":
        """The engine's ``outcome`` as recorded (no winner: a draw), with ``record`` (by
        default the outcome's own)."""
        return cls(
            home_score=outcome.home_score,
            away_score=outcome.away_score,
            winner=outcome.winner or "draw",
            decided_by=outcome.decided_by,
            record=outcome.record if record is None else record,
        )


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

    def post_match_pending(self, *, season: "Season") -> Sequence["Fixture"]:
        """The season's played fixtures whose post-match sequence has not run yet: the season
        waits for them before it finishes (the next one would heal injuries the sequence then
        writes). Default: none for a game without the sequence; else the season's played
        fixtures, not awarded, whose run is not done (Tutatis's and Killpower's reading)."""
        from matches.models import Fixture, PostMatchRun

        if not self.has_post_match:
            return ()
        return list(
            Fixture.objects.filter(season=season, status=Fixture.Status.PLAYED)
            .exclude(post_match__status=PostMatchRun.Status.DONE)
            .exclude(result__decided_by=FORFEIT)
            .select_related("home", "away")
            .order_by("round", "pk")
        )

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
        """Kick the (locked) fixture off: the teams frozen as they start. Default: the game's
        own kick-off (:data:`kick_off`)."""
        kick_off.of(fixture.season.league.rule_system).kick_off(fixture)

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
        raise Refused(
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
        The workflow calls :meth:`post_match_many`, whose default calls this one: a game
        writes either. Default: nothing happens."""
        return {}

    def post_match_many(
        self,
        *,
        played: Sequence[tuple["Fixture", "Result", "ResultReport | None", Dice]],
    ) -> list[Mapping[str, Any]]:
        """:meth:`post_match` for a round's fixtures at once (each team in one of them), in
        as few statements as the game can; each one's log, in order. By default one
        :meth:`post_match` after the other."""
        return [
            self.post_match(fixture=fixture, result=result, report=report, dice=dice)
            for fixture, result, report, dice in played
        ]


table_results = PluginPoint(
    "matches.table_results",
    TableResults,
    doc="Results entered at the table: the game's part of the one result-report workflow "
    "(``matches.table_results``): its report checked and recorded, its post-match sequence, "
    "a season waiting for those sequences (``matches.seasons``).",
)


class Seasons:
    """How a game closes a season and opens the next."""

    def season_champion(self, *, season: "Season") -> "Team | None":
        """The team that won a finished season. By default the final's winner in a
        tournament, else the top of the generic table; ``None``: no champion."""
        return season_champion_generic(season=season)

    def season_archive(self, *, season: "Season") -> dict[str, Any]:
        """JSON-safe team state the game's table reads that the next season will change
        (Killpower's ranking points and power), frozen on the season when it finishes
        (``Season.archive``). By default the archive stays as it is."""
        archive: dict[str, Any] = season.archive
        return archive

    def season_rollover(self, *, team: "Team", old_season: "Season", new_season: "Season") -> Any:
        """Carry a team's roster into the next season by the game's between-season rules
        (injuries healed, experience kept). The caller holds the team's row lock, in the
        transaction that opens the season. By default nothing changes."""

    def crowns_by_points(self, *, league: "League") -> bool:
        """Whether a championship of the game crowns the top of the generic league points
        table, the table the season forecasts count (their title chances, their eliminated
        marks) and the champion market prices at fixed odds. By default it does; a game whose
        champion tops a table of its own answers ``False`` (Killpower Ball: its ranking
        points). A tournament never does, whatever the game says (:func:`crowns_by_points`)."""
        return True


seasons = PluginPoint(
    "matches.seasons",
    Seasons,
    doc="A season's champion and archive when it finishes, each team's roster carried "
    "into the next, and whether its champion is the top of the league points table "
    "(``matches.seasons``, ``matches.bulk``, ``betting.futures``).",
)


def crowns_by_points(league: "League") -> bool:
    """Whether the league's champion is the top of its league points table, the reading the
    season forecasts' title chances and marks follow: never in a tournament (the final's
    winner is champion), and in a championship where the game says so
    (``Seasons.crowns_by_points``; not Killpower Ball, crowned by its ranking points)."""
    if league.competition_format == LeagueCompetitionFormat.TOURNAMENT:
        return False
    return seasons.of(league.rule_system).crowns_by_points(league=league)


class Standings:
    """A game's own league table."""

    def standings_rows(self, *, season: "Season") -> "Table":
        """The game's table as a ``core.exports.Table`` for the standings download and the
        result book (Killpower's ranking points, Mythril's touchdowns); the generic table by
        default."""
        return standings_generic(season=season)

    def standings_counts(
        self, *, season_id: int, team_ids: Iterable[int]
    ) -> Mapping[int, dict[str, int]]:
        """``{team id: {key: int}}``: what the game's table counts of those teams' results in
        the season besides the generic record (Killpower's abandons), kept on their standings
        rows (``Standing.extra``) each time one of their results is written."""
        return {}


standings = PluginPoint(
    "matches.standings",
    Standings,
    doc="The game's own table: its download and the counts kept on the standings rows "
    "(``matches.exports``, ``matches.standings_keeping``).",
)


class Roster:
    """A team's roster download."""

    def roster_rows(self, *, team: "Team") -> "Table | None":
        """The roster as a ``core.exports.Table`` in the game's columns; ``None``: the game
        keeps no roster (the download answers 404)."""
        return None


roster = PluginPoint(
    "matches.roster",
    Roster,
    doc="A team's roster download (``matches.views.exports``).",
)


class ResultBook:
    """What the season's result book prints under a played match (a game that implements it
    has its match records loaded for the book)."""

    def result_book_lines(self, *, result: "Result") -> list[str]:
        """The key events of a played match, short lines for people; nothing by default."""
        return []


result_book = PluginPoint(
    "matches.result_book",
    ResultBook,
    doc="The key events printed in a season's result book (``matches.views.book``).",
)


class ProgressionSeries:
    """How a team's players grew over the season (its charts page)."""

    def progression_series(self, *, team: "Team") -> "Progression | None":
        """A ``core.progression.Progression`` (Killpower experience, Mythril star player
        points), or ``None``."""
        return None


progression = PluginPoint(
    "matches.progression",
    ProgressionSeries,
    doc="A team's players' growth on its charts page and API (``matches.views.charts``, "
    "``matches.api.charts``).",
)


class RecordFields:
    """What the game adds to the engine's match record in the API (``record`` of a result):
    the keys its own records carry besides the scores, the outcome, the seed and the rolls."""

    def record_api_fields(self) -> Mapping[str, Callable[[], "Field"]]:
        """Name -> field factory, added to ``matches.api.serializers.MatchRecordSerializer``."""
        return {}


record_fields = PluginPoint(
    "matches.record_fields",
    RecordFields,
    doc="The game's own keys of a match record in the API (``matches.api.serializers``).",
)


def record_api_fields() -> "dict[str, Field]":
    """Every game's record fields, built fresh (name -> serializer field)."""
    return {
        name: make()
        for item in record_fields.implementations()
        for name, make in item.record_api_fields().items()
    }
