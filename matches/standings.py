"""League tables: each team's totals as kept with the results (``matches.models.Standing``,
``matches.standings_keeping``), ordered by the league's tie-breakers.

Tie-breakers are metric objects with a key and a label, applied in the order the league
sets. ``head_to_head`` ranks teams still level on the previous keys by the points they took
off each other (a mini-table of their mutual results, read only for the teams still level).

A read costs two queries (the teams with their kept rows; the mutual results of teams level
before ``head_to_head``, when there are any) whatever the number of rounds.
:func:`standings_recount` counts the same totals from the results themselves in SQL: the
independent recomputation the tests check the kept rows against (``manage.py
standings_rebuild --check`` compares them with :func:`~matches.standings_keeping.standings_drift`).
"""

from collections import defaultdict
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from django.db.models import (
    Count,
    F,
    FilteredRelation,
    IntegerField,
    OuterRef,
    Q,
    Subquery,
    Sum,
    Value,
)
from django.db.models.functions import Coalesce
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from core.numbers import signed
from league.models import League, Season, Team
from matches.models import Result
from matches.selectors import season_teams


@dataclass(frozen=True)
class Metric:
    key: str
    label: str | Promise
    abbr: str | Promise


METRICS = {
    "points": Metric("points", _("Points"), _("Pts")),
    "goal_difference": Metric("goal_difference", _("Goal difference"), _("GD")),
    "goals_for": Metric("goals_for", _("Goals for"), _("GF")),
    "wins": Metric("wins", _("Wins"), _("W")),
    "head_to_head": Metric("head_to_head", _("Head-to-head"), _("H2H")),
}


@dataclass
class StandingRow:
    team: Team
    played: int
    wins: int
    draws: int
    losses: int
    goals_for: int
    goals_against: int
    points: int
    position: int = 0
    head_to_head: int = 0
    tied_on: list[str] = field(default_factory=list)

    @property
    def goal_difference(self) -> int:
        return self.goals_for - self.goals_against


def side_totals(season: Season | None, side: str, other: str) -> dict[str, Coalesce]:
    """A team's results on one side (``home`` or ``away``) counted in the database: in
    ``season``, or in every season with None (the all-time table)."""
    results = Result.objects.filter(**{f"fixture__{side}": OuterRef("pk")})
    if season is not None:
        results = results.filter(fixture__season=season)
    grouped = results.order_by().values(f"fixture__{side}")

    def total(expression: Count | Sum) -> Coalesce:
        return Coalesce(
            Subquery(grouped.annotate(v=expression).values("v")[:1]),
            Value(0),
            output_field=IntegerField(),
        )

    return {
        f"{side}_played": total(Count("pk")),
        f"{side}_wins": total(Count("pk", filter=Q(winner=side))),
        f"{side}_draws": total(Count("pk", filter=Q(winner=Result.Winner.DRAW))),
        f"{side}_for": total(Sum(f"{side}_score")),
        f"{side}_against": total(Sum(f"{other}_score")),
    }


def _kept_totals(season: Season) -> list[StandingRow]:
    """The season's teams with their kept totals (one query); a team without a result has
    none kept and counts zero."""
    league: League = season.league

    def kept(name: str) -> Coalesce:
        return Coalesce(F(f"kept__{name}"), Value(0), output_field=IntegerField())

    teams = (
        Team.objects.filter(league=league)
        .filter(season_teams(season=season))
        .annotate(kept=FilteredRelation("standings", condition=Q(standings__season=season)))
        .annotate(
            played=kept("played"),
            wins=kept("wins"),
            draws=kept("draws"),
            losses=kept("losses"),
            goals_for=kept("goals_for"),
            goals_against=kept("goals_against"),
        )
        .select_related("coach")
        .order_by("name", "pk")
    )
    return [
        _row(
            t,
            t.wins * league.points_win
            + t.draws * league.points_draw
            + t.losses * league.points_loss,
        )
        for t in teams
    ]


def _row(team: Team, points: int) -> StandingRow:
    """A table row from a team annotated with its totals."""
    return StandingRow(
        team=team,
        played=team.played,
        wins=team.wins,
        draws=team.draws,
        losses=team.losses,
        goals_for=team.goals_for,
        goals_against=team.goals_against,
        points=points,
    )


def standings_recount(*, season: Season) -> list[StandingRow]:
    """Every team's totals in ``season`` counted from its results (one query, a subquery per
    side and figure): the full recomputation, not used by the pages."""
    league: League = season.league
    teams = (
        Team.objects.filter(league=league)
        .filter(season_teams(season=season))
        .annotate(**side_totals(season, "home", "away"), **side_totals(season, "away", "home"))
        .annotate(
            played=F("home_played") + F("away_played"),
            wins=F("home_wins") + F("away_wins"),
            draws=F("home_draws") + F("away_draws"),
            goals_for=F("home_for") + F("away_for"),
            goals_against=F("home_against") + F("away_against"),
        )
        .annotate(losses=F("played") - F("wins") - F("draws"))
        .annotate(
            points=F("wins") * league.points_win
            + F("draws") * league.points_draw
            + F("losses") * league.points_loss
        )
        .select_related("coach")
        .order_by("name", "pk")
    )
    return [_row(t, t.points) for t in teams]


ResultLine = tuple[int, int, str]  # home id, away id, winner


def _head_to_head(
    league: League, results: Sequence[ResultLine], group: Sequence[StandingRow]
) -> dict[int, int]:
    """Points each team of ``group`` took in the results between teams of ``group``."""
    ids = {row.team.pk for row in group}
    points: dict[int, int] = defaultdict(int)
    for home_id, away_id, winner in results:
        if home_id not in ids or away_id not in ids:
            continue
        if winner == Result.Winner.DRAW:
            points[home_id] += league.points_draw
            points[away_id] += league.points_draw
        else:
            points[home_id] += league.points_win if winner == "home" else league.points_loss
            points[away_id] += league.points_win if winner == "away" else league.points_loss
    return points


def _metric_values(
    league: League, results: Sequence[ResultLine], key: str, group: Sequence[StandingRow]
) -> Callable[[StandingRow], int]:
    if key == "head_to_head":
        h2h = _head_to_head(league, results, group)
        for row in group:
            row.head_to_head = h2h[row.team.pk]
        return lambda row: h2h[row.team.pk]
    return lambda row: int(getattr(row, key))


def standings_get(*, season: Season) -> list[StandingRow]:
    """The season's table, best first, ordered by the league's tie-breakers in turn."""
    league = season.league
    rows = _kept_totals(season)
    return standings_rank(league=league, rows=rows, results=_mutual_results(season, rows))


def _mutual_results(season: Season, rows: Sequence[StandingRow]) -> list[ResultLine]:
    """The results between teams level on every tie-breaker before ``head_to_head`` (all that
    ranking by it reads); none when the league does not use it or no two teams are level."""
    level = head_to_head_shown(season.league.tiebreakers, rows)
    if not level:
        return []
    played = Result.objects.filter(
        fixture__season=season, fixture__home__in=level, fixture__away__in=level
    )
    return list(played.values_list("fixture__home", "fixture__away", "winner"))


def standings_rank(
    *, league: League, rows: list[StandingRow], results: Sequence[ResultLine]
) -> list[StandingRow]:
    """``rows`` (totals already counted) best first by the league's tie-breakers, each given
    its position; ``results`` are the games played so far, for ``head_to_head``."""
    groups: list[list[StandingRow]] = [rows]
    for key in league.tiebreakers:
        refined: list[list[StandingRow]] = []
        for group in groups:
            if len(group) == 1:
                refined.append(group)
                continue
            value = _metric_values(league, results, key, group)
            ordered = sorted(group, key=value, reverse=True)
            current: list[StandingRow] = []
            for row in ordered:
                if current and value(current[-1]) != value(row):
                    refined.append(current)
                    current = []
                current.append(row)
            refined.append(current)
        groups = refined
    table: list[StandingRow] = []
    for group in groups:
        for row in group:
            row.tied_on = [] if len(group) == 1 else [r.team.name for r in group if r is not row]
            table.append(row)
    for position, row in enumerate(table, start=1):
        row.position = position
    return table


def standings_metrics(*, league: League) -> list[Metric]:
    return [METRICS[key] for key in league.tiebreakers if key in METRICS]


def standings_cells(
    rows: Sequence[StandingRow], metrics: Sequence[Metric], shown: set[int]
) -> list[tuple[StandingRow, list[int | str]]]:
    """Each row with its tie-breaker columns as the table shows them, ready to print: the goal
    difference signed, a dash for head-to-head points that do not count (``shown``: the teams
    of :func:`head_to_head_shown`), else the row's value (a page of 20 rows chose among them
    per cell in the template)."""
    return [(row, [_cell(row, metric.key, shown) for metric in metrics]) for row in rows]


def _cell(row: StandingRow, key: str, shown: set[int]) -> int | str:
    if key == "goal_difference":
        return signed(row.goal_difference)
    if key == "head_to_head" and row.team.pk not in shown:
        return "\N{EN DASH}"
    return getattr(row, key, "")


def head_to_head_shown(tiebreakers: list[str], standings: Sequence) -> set[int]:
    """Teams whose head-to-head points count: level with another team on every tie-breaker
    before ``head_to_head``. The column shows a dash for the others."""
    if "head_to_head" not in tiebreakers or not any(row.played for row in standings):
        return set()
    before = tiebreakers[: tiebreakers.index("head_to_head")]
    groups: dict[tuple, list[int]] = {}
    for row in standings:
        groups.setdefault(tuple(getattr(row, key) for key in before), []).append(row.team.pk)
    return {pk for members in groups.values() if len(members) > 1 for pk in members}
