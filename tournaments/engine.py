"""The one adapter between the tournament's rows and ``rules_engine.tournaments``: the
standings through ``tiebreaks.rank``, the next round through ``swiss.pair``. Teams are named
by their id as a string."""

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from league.models import Team
from matches.models import Result
from matches.scheduling import round_robin
from rules_engine.errors import InvalidInput
from rules_engine.systems import PointsTable
from rules_engine.tournaments import double_elimination, groups, swiss, tiebreaks
from rules_engine.tournaments.seeding import seed_order
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


@dataclass(frozen=True)
class BracketMatch:
    """A match of a double-elimination bracket as it stands: its entrants (team ids, ``None``
    unknown yet, ``0`` a bye), its winner when decided, and the pairing that plays it."""

    id: str
    bracket: str
    round: int
    home: int | None
    away: int | None
    winner: int | None
    walkover: bool
    needed: bool
    pairing: Pairing | None


@dataclass(frozen=True)
class Bracket:
    matches: list[BracketMatch]
    champion: int | None
    undecided: list[Pairing]  # published games drawn (or cancelled): a knock-out needs a winner
    stale: list[Pairing]  # games whose teams no longer follow from the results (a correction)

    def ready(self) -> list[BracketMatch]:
        """The matches whose two entrants are known and that no pairing plays yet."""
        return [
            m
            for m in self.matches
            if m.needed and m.pairing is None and m.home and m.away and m.winner is None
        ]


def _team(entrant: str | None) -> int | None:
    if entrant is None:
        return None
    return int(entrant) if entrant != double_elimination.EMPTY else 0


def bracket(
    tournament: Tournament, entries: Sequence[Entry], pairings: Sequence[Pairing]
) -> Bracket:
    """The double elimination of ``entries`` (in seed order) with the results of
    ``pairings`` (every round's, drafts included) applied."""
    seeds = [str(entry.team_id) for entry in entries]
    matches = double_elimination.bracket(len(seeds), reset=tournament.bracket_reset)
    return _resolve(seeds, matches, pairings)


def _resolve(
    seeds: Sequence[str], matches: Sequence[double_elimination.Match], pairings: Sequence[Pairing]
) -> Bracket:
    """``matches`` with ``seeds`` placed and the results of ``pairings`` applied. A game with
    a result names its winner; a drawn or cancelled game is undecided, and the matches after
    it wait."""
    ids = {m.id for m in matches}
    by_match = {p.match: p for p in pairings if p.match in ids}
    results: dict[str, str] = {}
    undecided: list[Pairing] = []
    for match_id, pairing in by_match.items():
        fixture = pairing.fixture
        if fixture is None or pairing.away_id is None:
            continue
        result = getattr(fixture, "result", None)
        if result is not None and result.winner != Result.Winner.DRAW:
            home_won = (result.winner == Result.Winner.HOME) == (fixture.home_id == pairing.home_id)
            results[match_id] = str(pairing.home_id if home_won else pairing.away_id)
        elif (result is not None) or fixture.status == "cancelled":
            undecided.append(pairing)
    stale: list[Pairing] = []
    while True:
        try:
            played = double_elimination.play(seeds, matches, results)
            break
        except InvalidInput as error:
            # a result corrected after the bracket moved on: a later game's teams no longer
            # follow from the results; left out, and the bracket does not move on
            match_id = error.field.removeprefix("results.")
            if match_id not in results:
                raise
            del results[match_id]
            stale.append(by_match[match_id])
    rows = [
        BracketMatch(
            id=p.match.id,
            bracket=p.match.bracket,
            round=p.match.round,
            home=_team(p.home),
            away=_team(p.away),
            winner=_team(p.winner),
            walkover=double_elimination.EMPTY in (p.home, p.away),
            needed=p.needed,
            pairing=by_match.get(p.match.id),
        )
        for p in played
    ]
    champion = None if stale or not rows else rows[-1].winner
    return Bracket(rows, champion or None, undecided, stale)


# Groups then knock-out: each group a round robin, then a single-elimination bracket (the
# winners' bracket of ``double_elimination``) seeded by ``groups.seed``. A group game's
# pairing names its match ``G<group>.<round>``; a knock-out's ``W<round>.<match>``.


def groups_of(entries: Sequence[Entry]) -> dict[int, list[Entry]]:
    """The entries of each group, in entry order."""
    by_group: dict[int, list[Entry]] = {}
    for entry in entries:
        if entry.group is not None:
            by_group.setdefault(entry.group, []).append(entry)
    return dict(sorted(by_group.items()))


def group_of_seed(index: int, group_count: int) -> int:
    """The group (from 1) of the ``index``-th entry (from 0), snaking: 1, 2, 3, 3, 2, 1, 1..."""
    lap, place = divmod(index, group_count)
    return place + 1 if lap % 2 == 0 else group_count - place


def group_schedule(entries: Sequence[Entry]) -> list[list[tuple[int, int, int]]]:
    """The group stage's rounds: ``(group, home, away)`` for every group's round n, the
    groups played side by side (a group with fewer rounds rests at the end)."""
    per_group = {
        group: round_robin([e.team_id for e in members])
        for group, members in groups_of(entries).items()
    }
    count = max((len(rounds) for rounds in per_group.values()), default=0)
    return [
        [
            (group, home, away)
            for group, rounds in per_group.items()
            if number < len(rounds)
            for home, away in rounds[number]
        ]
        for number in range(count)
    ]


def group_tables(
    tournament: Tournament, entries: Sequence[Entry], pairings: Sequence[Pairing]
) -> dict[int, list[Row]]:
    """Each group's standings from its own games, by the tournament's tie-breakers."""
    return {
        group: standings(
            tournament,
            members,
            played(tournament, [p for p in pairings if p.match.startswith(f"G{group}.")]),
        )
        for group, members in groups_of(entries).items()
    }


def knockout(
    tournament: Tournament, tables: dict[int, list[Row]], pairings: Sequence[Pairing]
) -> Bracket:
    """The knock-out of the first ``qualifiers`` of each group, seeded by ``groups.seed``."""
    orders = [[str(row.entry.team_id) for row in rows] for rows in tables.values()]
    places = groups.seed(orders, tournament.qualifiers)
    size = len(places)
    seeds = [double_elimination.EMPTY] * size
    for place, seed in enumerate(seed_order(size)):
        seeds[seed - 1] = places[place] or double_elimination.EMPTY
    matches = [m for m in double_elimination.bracket(size, reset=False) if m.bracket == "winners"]
    return _resolve(seeds, matches, pairings)


def group_rounds(teams: int, group_count: int) -> int:
    """The group stage's rounds: the largest group's round robin."""
    largest = -(-teams // group_count)
    return largest if largest % 2 else largest - 1


def knockout_rounds(qualified: int) -> int:
    size, rounds = 2, 1
    while size < qualified:
        size, rounds = size * 2, rounds + 1
    return rounds


def bracket_rounds(entrants: int, *, reset: bool) -> int:
    """The most rounds of play a double elimination of ``entrants`` can take: one per
    winners', losers' and final round."""
    return len({(m.bracket, m.round) for m in double_elimination.bracket(entrants, reset=reset)})
