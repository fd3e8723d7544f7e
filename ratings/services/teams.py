"""The teams' ratings: one rating period per round of a season, within the league.

Every team of the season (every team in one of its fixtures) is in each period's pool: a team
that did not play in the round has its deviation grow and still gets a row. A round without a
rated result is no period. Between seasons nothing happens: a team enters a season with its
last rating in the league.
"""

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from itertools import groupby

from django.db import transaction
from django.db.models import OuterRef, Q, Subquery

from league.models import League
from matches.models import Fixture
from ratings.models import TeamRating
from ratings.services.marks import marks_write, with_counts
from ratings.services.played import Played, played, rated_results
from ratings.services.writing import TEAM_COLUMNS, rows_write
from ratings.signals import team_ratings_changed
from rules_engine.ratings.glicko2 import NEW_ENTRANT, Rating, Result, rate_period

type Standing = tuple[Rating, int]
"""A rating and the rated games that led to it."""


def periods_rate(
    *,
    results: Iterable[Played],
    pools: Mapping[int, list[int]],
    entering: Mapping[int, Standing],
    tau: float,
) -> list[tuple]:
    """The rows of each period of ``results`` (one league's, ordered by season, round and
    fixture), every team of the season's pool (``pools``) rated, from the ratings the teams
    entered with (``entering``; a team missing is a new entrant): tuples in the order of
    ``writing.TEAM_COLUMNS``, not saved."""
    current = dict(entering)
    rows = []
    for (season_id, round_), group in groupby(results, key=lambda p: (p.season_id, p.round)):
        period = list(group)
        pool = pools[season_id]
        before = {team: current.get(team, (NEW_ENTRANT, 0))[0] for team in pool}
        after = rate_period(before, [Result(p.home, p.away, p.home_score) for p in period], tau=tau)
        counts = Counter([p.home for p in period] + [p.away for p in period])
        for team in pool:
            rating, games = after[team], current.get(team, (NEW_ENTRANT, 0))[1] + counts[team]
            current[team] = (rating, games)
            rows.append(
                (team, season_id, round_, rating.rating, rating.rd, rating.volatility, games, tau)
            )
    return rows


def season_pools(season_ids: Iterable[int]) -> dict[int, list[int]]:
    """The teams of each season: those in one of its fixtures, by id."""
    pools: dict[int, set[int]] = defaultdict(set)
    rows = Fixture.objects.filter(season_id__in=list(season_ids)).values_list(
        "season_id", "home_id", "away_id"
    )
    for season_id, home, away in rows.distinct():
        pools[season_id].update((home, away))
    return {season_id: sorted(teams) for season_id, teams in pools.items()}


def _entering(team_ids: list[int], *, season_id: int, round_: int) -> dict[int, Standing]:
    """Each team's latest row before the period (``season_id``, ``round_``): one query."""
    earlier = Q(season_id__lt=season_id) | Q(season_id=season_id, round__lt=round_)
    latest = (
        TeamRating.objects.filter(earlier, team_id=OuterRef("team_id"))
        .order_by("-season_id", "-round")
        .values("pk")[:1]
    )
    rows = TeamRating.objects.filter(team_id__in=team_ids, pk=Subquery(latest))
    return {row.team_id: (Rating(row.rating, row.rd, row.volatility), row.games) for row in rows}


@transaction.atomic(savepoint=False)  # inside a worker's transaction: no savepoint to pay for
def league_rerate(*, league: League, from_season_id: int | None = None, from_round: int = 1) -> int:
    """Rate the league's teams again from the period (``from_season_id``, ``from_round``) on
    (from its first season without a season): its rows from there deleted, each period rated
    again in order. Under the league's row lock, so two workers rate one after the other; the
    same results give the same rows, so running it twice changes nothing. Returns the rows
    written; ``team_ratings_changed`` is sent when rows were deleted or written."""
    # what the rows are rated from, counted before the results are read (``catch_up``)
    locked = with_counts(League.objects.select_for_update()).get(pk=league.pk)
    if from_season_id is None:
        from_season_id, from_round = 0, 1
    since = Q(season_id__gt=from_season_id) | Q(season_id=from_season_id, round__gte=from_round)
    deleted, _ = TeamRating.objects.filter(since, season__league=locked).delete()
    results = played(
        rated_results().filter(
            Q(fixture__season_id__gt=from_season_id)
            | Q(fixture__season_id=from_season_id, fixture__round__gte=from_round),
            fixture__season__league=locked,
        )
    )
    results.sort(key=lambda p: (p.season_id, p.round, p.fixture_id))
    rows: list[tuple] = []
    if results:
        pools = season_pools({p.season_id for p in results})
        first = results[0]
        teams = sorted({team for pool in pools.values() for team in pool})
        entering = _entering(teams, season_id=first.season_id, round_=first.round)
        rows = periods_rate(results=results, pools=pools, entering=entering, tau=locked.rating_tau)
        rows_write(TeamRating, TEAM_COLUMNS, rows)
    marks_write({locked.pk: (locked.seen_results, locked.seen_corrections)})
    if deleted or rows:
        team_ratings_changed.send(sender=TeamRating, league_id=locked.pk)
    return len(rows)
