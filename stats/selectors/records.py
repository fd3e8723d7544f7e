"""The records of a scope, each with the fixture that set it.

The score's records are read in SQL, one ordered query each (the highest score by a team,
the biggest win, the most scored by both teams); the longest unbeaten run from the results in
kick-off order; and each statistic a game declares with a record label from its lines (the
most of it by a team in one match). A tie keeps the earliest: the fixture that set the record
first holds it."""

from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.db.models import Case, F, QuerySet, Value, When
from django.db.models.functions import Greatest
from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from league.models import Team
from matches.models import Result
from stats.selectors.leaderboards import team_totals
from stats.selectors.scope import Played, Scope, results

if TYPE_CHECKING:
    from django.utils.functional import _StrPromise


@dataclass
class Record:
    key: str
    label: "str | _StrPromise"
    value: int
    team: Team
    played: Played
    """The fixture that set it (for a run: the match that made it that long)."""
    home: Team
    away: Team
    since: Played | None = None
    """A run's first match."""

    @property
    def fixture_id(self) -> int:
        return self.played.fixture_id

    @property
    def fixture_url(self) -> str:
        return reverse("matches:fixture", args=[self.played.fixture_id])

    @property
    def team_url(self) -> str:
        return reverse("league:team", args=[self.team.pk])


SCORE_RECORDS = (
    ("highest_score", _("Highest score by a team in a match")),
    ("biggest_win", _("Biggest win")),
    ("most_scored", _("Most scored by both teams in a match")),
)
UNBEATEN = ("longest_unbeaten_run", _("Longest unbeaten run (matches)"))


def _first(rows: QuerySet[Result], value: str) -> Result | None:
    return rows.defer("record").order_by(F(value).desc(), "fixture__kickoff", "fixture_id").first()


def _score_records(scope: Scope) -> list[tuple[str, object, int, int, int]]:
    """``(key, label, value, fixture id, team id)`` of each score record set in the scope."""
    rows = results(league=scope.league, season=scope.season)
    found = []
    highest = _first(rows.annotate(top=Greatest("home_score", "away_score")), "top")
    if highest is not None and max(highest.home_score, highest.away_score) > 0:
        home = highest.home_score >= highest.away_score
        team_id = highest.fixture.home_id if home else highest.fixture.away_id
        value = max(highest.home_score, highest.away_score)
        found.append((*SCORE_RECORDS[0], value, highest.fixture_id, team_id))
    # The winner's score less the loser's: a side can win with fewer points (a Killpower match
    # won by elimination, or by the other side abandoning), and such a win sets no margin.
    margin = Case(
        When(winner=Result.Winner.HOME, then=F("home_score") - F("away_score")),
        When(winner=Result.Winner.AWAY, then=F("away_score") - F("home_score")),
        default=Value(0),
    )
    win = _first(rows.annotate(margin=margin).filter(margin__gt=0), "margin")
    if win is not None:
        home = win.winner == Result.Winner.HOME
        winner_id = win.fixture.home_id if home else win.fixture.away_id
        value = win.home_score - win.away_score if home else win.away_score - win.home_score
        found.append((*SCORE_RECORDS[1], value, win.fixture_id, winner_id))
    most = _first(rows.annotate(total=F("home_score") + F("away_score")), "total")
    if most is not None and most.home_score + most.away_score > 0:
        team_id = most.fixture.home_id if most.winner != "away" else most.fixture.away_id
        value = most.home_score + most.away_score
        found.append((*SCORE_RECORDS[2], value, most.fixture_id, team_id))
    return found


def _unbeaten(scope: Scope) -> tuple[int, int, int, int] | None:
    """``(length, team id, first fixture id, fixture id that made it that long)`` of the
    longest run of matches without a defeat (wins and draws), the earliest on a tie."""
    current: dict[int, tuple[int, int]] = {}
    best: tuple[int, int, int, int] | None = None
    for played in scope.played.values():
        for team_id, lost in (
            (played.home_id, played.winner == "away"),
            (played.away_id, played.winner == "home"),
        ):
            if lost:
                current.pop(team_id, None)
                continue
            length, since = current.get(team_id, (0, played.fixture_id))
            current[team_id] = (length + 1, since)
            if best is None or length + 1 > best[0]:
                best = (length + 1, team_id, since, played.fixture_id)
    return best


def _game_records(scope: Scope) -> list[tuple[str, object, int, int, int]]:
    order = {fixture_id: index for index, fixture_id in enumerate(scope.played)}
    totals = team_totals(scope)
    found = []
    for statistic in scope.game.statistics():
        sides = totals.get(statistic.name)
        if statistic.record is None or not sides:
            continue
        fixture_id, team_id = min(sides, key=lambda key: (-sides[key], order[key[0]]))
        if sides[(fixture_id, team_id)] > 0:
            value = sides[(fixture_id, team_id)]
            found.append((statistic.name, statistic.record, value, fixture_id, team_id))
    return found


def records(*, scope: Scope) -> list[Record]:
    """The scope's records: the score's, the longest unbeaten run, then the game's own."""
    found = _score_records(scope)
    run = _unbeaten(scope)
    if run is not None:
        found.append((*UNBEATEN, run[0], run[3], run[1]))
    found.extend(_game_records(scope))
    team_ids = {row[4] for row in found}
    for fixture_id in (row[3] for row in found):
        team_ids |= {scope.played[fixture_id].home_id, scope.played[fixture_id].away_id}
    teams = Team.objects.in_bulk(team_ids)
    made = []
    for key, label, value, fixture_id, team_id in found:
        played = scope.played[fixture_id]
        made.append(
            Record(
                key=key,
                label=label,  # type: ignore[arg-type]
                value=value,
                team=teams[team_id],
                played=played,
                home=teams[played.home_id],
                away=teams[played.away_id],
                since=scope.played[run[2]] if run is not None and key == UNBEATEN[0] else None,
            )
        )
    return made
