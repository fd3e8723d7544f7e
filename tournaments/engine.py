"""The one adapter between the tournament's rows and ``rules_engine.tournaments``: the
standings through ``tiebreaks.rank``, the next round through ``swiss.pair``. Teams are named
by their id as a string."""

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from league.models import Team
from matches.models import Result
from rules_engine.systems import PointsTable
from rules_engine.tournaments import swiss, tiebreaks
from tournaments import plugins
from tournaments.models import Entry, Pairing, Tournament

BUILT_IN = tiebreaks.BUILT_IN
SHARE = {Result.Winner.HOME: Fraction(1), Result.Winner.DRAW: Fraction(1, 2)}


@dataclass(frozen=True)
class Played:
    """What the published rounds hold so far: the games with a result, the byes per team,
    who met whom, and how often each team was at home."""

    games: list[tiebreaks.Game]
    byes: Counter[int]
    met: dict[int, set[int]]
    home: Counter[int]
    away: Counter[int]


@dataclass(frozen=True)
class Row:
    entry: Entry
    place: int
    values: dict[str, float]
    byes: int


def points_table(tournament: Tournament) -> PointsTable:
    league = tournament.season.league
    return PointsTable(win=league.points_win, draw=league.points_draw, loss=league.points_loss)


def metric_names(rule_system: str) -> list[str]:
    """Every tie-breaker an organiser may list for a league of ``rule_system``."""
    return [*BUILT_IN, *plugins.metrics.of(rule_system).metric_labels()]


def played(tournament: Tournament, pairings: Sequence[Pairing]) -> Played:
    """``pairings``: the published rounds' pairings, with their fixtures and results."""
    reader = plugins.metrics.of(tournament.season.league.rule_system)
    games: list[tiebreaks.Game] = []
    byes: Counter[int] = Counter()
    met: dict[int, set[int]] = {}
    home: Counter[int] = Counter()
    away: Counter[int] = Counter()
    for pairing in pairings:
        if pairing.away_id is None:
            byes[pairing.home_id] += 1
            continue
        met.setdefault(pairing.home_id, set()).add(pairing.away_id)
        met.setdefault(pairing.away_id, set()).add(pairing.home_id)
        fixture = pairing.fixture
        if fixture is None:
            continue
        home[fixture.home_id] += 1
        away[fixture.away_id] += 1
        result = getattr(fixture, "result", None)
        if result is None:
            continue
        games.append(
            tiebreaks.Game(
                home=str(fixture.home_id),
                away=str(fixture.away_id),
                home_share=SHARE.get(result.winner, Fraction(0)),
                metrics=reader.result_metrics(result),
            )
        )
    return Played(games, byes, met, home, away)


def standings(tournament: Tournament, entries: Sequence[Entry], history: Played) -> list[Row]:
    """The entries ranked by the tournament's tie-breakers, in order."""
    ranked = tiebreaks.rank(
        [str(entry.team_id) for entry in entries],
        history.games,
        tournament.tiebreakers,
        table=points_table(tournament),
        byes={str(team): count for team, count in history.byes.items()},
        bye_points=tournament.bye_points,
    )
    by_team = {str(entry.team_id): entry for entry in entries}
    return [
        Row(
            entry=by_team[row.player],
            place=row.place,
            values=dict(row.values),
            byes=history.byes[by_team[row.player].team_id],
        )
        for row in ranked
    ]


def pair(
    tournament: Tournament, rows: Sequence[Row], history: Played, playing: set[int]
) -> swiss.Pairing:
    """The next round of the teams in ``playing``, ``rows`` giving the ranking order. The
    score is the standings points (byes included)."""
    table = points_table(tournament)
    wins: Counter[int] = Counter()
    points: Counter[int] = Counter()
    for game in history.games:
        for me, share in ((int(game.home), game.home_share), (int(game.away), 1 - game.home_share)):
            points[me] += table.win if share == 1 else table.loss if share == 0 else table.draw
            wins[me] += 1
    players = [
        swiss.Player(
            id=str(row.entry.team_id),
            score=float(
                points[row.entry.team_id] + history.byes[row.entry.team_id] * tournament.bye_points
            ),
            opponents=frozenset(str(other) for other in history.met.get(row.entry.team_id, ())),
            byes=history.byes[row.entry.team_id],
        )
        for row in rows
        if row.entry.team_id in playing
    ]
    return swiss.pair(
        players, avoid_rematch=tournament.avoid_rematch, shape=swiss.Shape(tournament.shape)
    )


def sides(first: int, second: int, history: Played) -> tuple[int, int]:
    """Home and away for a pair, the better-ranked ``first``: the team that was at home less
    often (home minus away) is at home; ``first`` when level."""
    balance = {team: history.home[team] - history.away[team] for team in (first, second)}
    if balance[second] < balance[first]:
        return second, first
    return first, second


def round_rule_breaks(
    pairings: Sequence[Pairing], history: Played
) -> list[tuple[str, Team, Team | None]]:
    """The draft's pairings that break a rule: ``("rematch", home, away)`` or
    ``("repeated_bye", team, None)`` (a team given a second bye while another entrant of the
    round has had fewer)."""
    breaks: list[tuple[str, Team, Team | None]] = []
    fewest = min(
        (history.byes[p.home_id] for p in pairings),
        default=0,
    )
    fewest = min([fewest, *(history.byes[p.away_id] for p in pairings if p.away_id)])
    for pairing in pairings:
        if pairing.away_id is None:
            if history.byes[pairing.home_id] > fewest:
                breaks.append(("repeated_bye", pairing.home, None))
        elif pairing.away_id in history.met.get(pairing.home_id, set()):
            breaks.append(("rematch", pairing.home, pairing.away))
    return breaks
