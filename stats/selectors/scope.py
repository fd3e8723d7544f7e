"""What a statistics page or answer covers: one league, in one of its seasons or all time;
and the results it reads, each game's lines read from them once.

Nothing is stored: every number is computed from the results as they stand when asked. A
corrected result is read as corrected, a voided one is gone (its row deleted), so the
leaderboards and records can never disagree with the results. Forfeits are left out: an
awarded score says nothing about play (as for the ratings and head-to-head)."""

from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.db.models import QuerySet
from django.db.models.fields.json import KeyTransform
from django.utils.translation import gettext_lazy as _

from core.refusals import Refused
from core.registry import FORFEIT
from league.models import League, Season, Team
from matches.models import Result
from stats import plugins
from stats.plugins import Line

ALL = "all"
"""The ``season`` value of the all-time scope."""


def leagues() -> QuerySet[League]:
    """The leagues whose statistics anyone may read: every league, like its tables."""
    return League.objects.all()


def _named[M: (Season, Team)](rows: QuerySet[M], value: str, field: str, message: Any) -> M:
    """The row of ``rows`` whose id is ``value``; refused (``unknown_<field>``) otherwise."""
    row = rows.filter(pk=int(value)).first() if value.isdigit() else None
    if row is None:
        raise Refused(f"unknown_{field}", message, field, value=value[:40])
    return row


def season_of(*, league: League, season_id: str | None) -> Season | None:
    """The league's season ``season_id`` names; without an id its latest season; ``None``
    for all time (``"all"``, or a league without seasons). Refused when it names no season
    of the league."""
    if season_id == ALL:
        return None
    seasons = Season.objects.filter(league=league)
    if season_id in (None, ""):
        return seasons.first()
    message = _("%(value)s is no season of this league: give one of its seasons or “all”.")
    return _named(seasons, str(season_id), "season", message)


def team_of(*, league: League, team_id: str | None) -> Team | None:
    """The league's team ``team_id`` names, ``None`` without an id; refused when it names
    no team of the league."""
    if team_id in (None, ""):
        return None
    message = _("%(value)s is no team of this league.")
    return _named(Team.objects.filter(league=league), str(team_id), "team", message)


@dataclass(frozen=True, slots=True)
class Played:
    """A result as the statistics read it: who played, when, and the score."""

    fixture_id: int
    season_id: int
    season_name: str
    round: int
    kickoff: datetime
    home_id: int
    away_id: int
    home_score: int
    away_score: int
    winner: str


@dataclass
class Scope:
    league: League
    season: Season | None
    played: dict[int, Played] = field(default_factory=dict)
    """By fixture id, in kick-off order."""
    lines: list[Line] = field(default_factory=list)

    @property
    def game(self) -> plugins.Statistics:
        return plugins.statistics.of(self.league.rule_system)

    def team_of(self, line: Line) -> int:
        played = self.played[line.fixture_id]
        return played.home_id if line.side == "home" else played.away_id


def results(*, league: League, season: Season | None) -> QuerySet[Result]:
    """The results the statistics read: the league's (the season's), forfeits left out, in
    kick-off order."""
    rows = Result.objects.filter(fixture__season__league=league).exclude(decided_by=FORFEIT)
    if season is not None:
        rows = rows.filter(fixture__season=season)
    return rows.select_related("fixture", "fixture__season").order_by(
        "fixture__kickoff", "fixture_id"
    )


BATCH = 500
"""How many results a game reads at once (its record JSON can be large)."""


def scope_read(*, league: League, season: Season | None) -> Scope:
    """The scope with its results and every line the game reads from them."""
    scope = Scope(league, season)
    game = scope.game
    keys = {f"record_{index}": key for index, key in enumerate(game.record_keys)}
    rows = results(league=league, season=season).defer(
        "record", "fixture__home_sheet", "fixture__away_sheet", "fixture__options"
    )
    rows = rows.annotate(**{alias: KeyTransform(key, "record") for alias, key in keys.items()})
    batch: list[Result] = []
    for result in rows.iterator(chunk_size=BATCH):
        if keys:
            result.record = {
                key: getattr(result, alias)
                for alias, key in keys.items()
                if getattr(result, alias) is not None
            }
        fixture = result.fixture
        scope.played[result.fixture_id] = Played(
            result.fixture_id,
            fixture.season_id,
            fixture.season.name,
            fixture.round,
            fixture.kickoff,
            fixture.home_id,
            fixture.away_id,
            result.home_score,
            result.away_score,
            result.winner,
        )
        batch.append(result)
        if len(batch) == BATCH:
            scope.lines.extend(game.lines(batch))
            batch = []
    if batch:
        scope.lines.extend(game.lines(batch))
    return scope
