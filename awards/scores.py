"""The readings every game shares: who leads a count over a season, and the awards any
scored game can give from its results alone (the best attack and the best defence).

A result decided by forfeit counts for no award: its score is the league's forfeit score, not
a match played. Ties share the award; a count nobody scored in gives none (an attack award
needs a goal, a player's award a point).
"""

from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from core.registry import FORFEIT
from matches.models import Result

if TYPE_CHECKING:
    from league.models import Season


@dataclass(frozen=True)
class Granted:
    """One award a game grants: its code, the team, and for a player's award the player's
    id in the game's table (``player_ref``) and name. ``value``: the count it was won with
    (goals, star player points); ``matches``: over how many matches, where it says."""

    code: str
    team_id: int
    value: int | None = None
    matches: int | None = None
    player_ref: str = ""
    player_name: str = ""


def leaders[K: Hashable](counts: Mapping[K, int | Fraction], *, fewest: bool = False) -> list[K]:
    """The keys with the highest count (the lowest with ``fewest``), every one of a tie; none
    when ``counts`` is empty or, for the highest, when the best is not above zero."""
    if not counts:
        return []
    best = min(counts.values()) if fewest else max(counts.values())
    if not fewest and best <= 0:
        return []
    return [key for key, count in counts.items() if count == best]


ROW = ("fixture_id", "fixture__home_id", "fixture__away_id", "home_score", "away_score")


def played_results(season: "Season", *fields: str) -> Iterable[dict[str, Any]]:
    """The season's results played on the pitch (no forfeit), as plain rows with the teams,
    how each was decided, and ``fields``."""
    return (
        Result.objects.filter(fixture__season=season)
        .exclude(decided_by=FORFEIT)
        .values(*ROW, "decided_by", *fields)
        .order_by("fixture_id")
    )


@dataclass
class Totals:
    scored: int = 0
    conceded: int = 0
    played: int = 0


def result_score(result: Mapping[str, Any]) -> tuple[int, int]:
    """A played result's ``(home, away)`` score, as its row holds it."""
    return result["home_score"], result["away_score"]


def team_totals(
    season: "Season",
    score: Callable[[Mapping[str, Any]], tuple[int, int]] = result_score,
    fields: Sequence[str] = (),
) -> dict[int, Totals]:
    """Each team's score for and against over the season's played results, each result's
    ``(home, away)`` as ``score`` reads it from its row (with ``fields``)."""
    totals: dict[int, Totals] = {}
    for row in played_results(season, *fields):
        home = totals.setdefault(row["fixture__home_id"], Totals())
        away = totals.setdefault(row["fixture__away_id"], Totals())
        home_score, away_score = score(row)
        for side, scored, conceded in (
            (home, home_score, away_score),
            (away, away_score, home_score),
        ):
            side.scored += scored
            side.conceded += conceded
            side.played += 1
    return totals


def scoring_awards(
    season: "Season",
    *,
    attack: str,
    defence: str,
    score: Callable[[Mapping[str, Any]], tuple[int, int]] = result_score,
    fields: Sequence[str] = (),
) -> list[Granted]:
    """``attack``: the team that scored the most; ``defence``: the team that conceded the
    fewest per match played (so a team that played fewer matches is not favoured); each
    result's score as ``score`` reads it (:func:`team_totals`)."""
    totals = team_totals(season, score, fields)
    granted = [
        Granted(attack, team, value=totals[team].scored, matches=totals[team].played)
        for team in leaders({team: t.scored for team, t in totals.items()})
    ]
    per_match = {team: Fraction(t.conceded, t.played) for team, t in totals.items() if t.played}
    granted += [
        Granted(defence, team, value=totals[team].conceded, matches=totals[team].played)
        for team in leaders(per_match, fewest=True)
    ]
    return granted


def player_awards(
    code: str, counts: Mapping[tuple[int, str], int], names: Mapping[tuple[int, str], str]
) -> list[Granted]:
    """A player's award to the leaders of ``counts`` (keyed by ``(team id, player ref)``)."""
    return [
        Granted(code, team, value=counts[team, ref], player_ref=ref, player_name=names[team, ref])
        for team, ref in leaders(counts)
    ]


def team_awards(code: str, counts: Mapping[int, int]) -> list[Granted]:
    """A team's award to the leaders of ``counts`` (keyed by team id)."""
    return [Granted(code, team, value=counts[team]) for team in leaders(counts)]


Lines = Callable[[Sequence[Result]], Iterable[Any]]
"""A game's statistics lines of some results (``stats.plugins.Statistics.lines``)."""


def season_totals(
    season: "Season",
    lines: Lines,
    statistics: Iterable[str],
    *,
    players: bool = False,
    forfeits: bool = False,
) -> dict[str, Counter[Any]]:
    """``{statistic: Counter(team id -> total)}`` of ``statistics`` over the season's results
    played on the pitch (``forfeits`` too where asked), added up from the game's ``lines``;
    with ``players``, per ``(team id, player)`` instead."""
    totals: dict[str, Counter[Any]] = {name: Counter() for name in statistics}
    rows = Result.objects.filter(fixture__season=season).select_related("fixture")
    results = list(rows if forfeits else rows.exclude(decided_by=FORFEIT))
    teams = {r.fixture_id: {"home": r.fixture.home_id, "away": r.fixture.away_id} for r in results}
    for line in lines(results):
        if line.statistic in totals:
            team = teams[line.fixture_id][line.side]
            totals[line.statistic][(team, line.player) if players else team] += line.value
    return totals


def statistic_awards(season: "Season", lines: Lines, counted: Mapping[str, str]) -> list[Granted]:
    """For each ``{code: statistic}`` of ``counted``, a team's award to the teams with the
    highest season total of that statistic (:func:`season_totals`)."""
    if not counted:
        return []
    totals = season_totals(season, lines, counted.values())
    return [won for code, name in counted.items() for won in team_awards(code, totals[name])]
