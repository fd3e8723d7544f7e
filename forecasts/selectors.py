"""Reads of the forecasts: a season's stored forecast with its teams, and the title chances by
round for the chart. A season never forecast yet is forecast first by the caller
(``forecasts.services.forecast_ensure``)."""

from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet

from forecasts.models import ForecastRound, SeasonForecast
from league.models import Season, Team


def seasons() -> QuerySet[Season]:
    """The seasons whose forecast anyone may read: every season, with its league."""
    return Season.objects.select_related("league")


@dataclass(frozen=True)
class TeamLine:
    team: Team
    title: float
    top: float
    bottom: float
    title_se: float
    top_se: float
    bottom_se: float
    clinched_title: bool
    eliminated_title: bool

    @property
    def title_percent(self) -> float:
        return 100 * self.title

    @property
    def top_percent(self) -> float:
        return 100 * self.top

    @property
    def bottom_percent(self) -> float:
        return 100 * self.bottom

    @property
    def title_se_percent(self) -> float:
        return 100 * self.title_se


@dataclass(frozen=True)
class SeasonOutlook:
    season: Season
    stored: SeasonForecast
    teams: list[TeamLine]
    """Best title chance first, then top places, then the table's order by name."""
    history: list[ForecastRound]

    @property
    def finished(self) -> bool:
        return self.stored.fixtures_left == 0

    @property
    def history_rows(self) -> list[tuple[int, Team, float | None]]:
        """(round, team, title chance in percent) for the chart's table."""
        return [
            (
                point.round,
                line.team,
                100 * point.titles[str(line.team.pk)]
                if str(line.team.pk) in point.titles
                else None,
            )
            for point in self.history
            for line in self.teams
        ]


def _lines(stored: SeasonForecast) -> list[TeamLine]:
    entries: list[dict[str, Any]] = stored.teams
    teams = Team.objects.in_bulk([e["team"] for e in entries])
    lines = [
        TeamLine(
            team=teams[e["team"]],
            **{k: e[k] for k in TeamLine.__dataclass_fields__ if k != "team"},
        )
        for e in entries
        if e["team"] in teams
    ]
    return sorted(lines, key=lambda line: (-line.title, -line.top, line.bottom))


def season_outlook(*, season: Season, stored: SeasonForecast) -> SeasonOutlook:
    return SeasonOutlook(
        season=season,
        stored=stored,
        teams=_lines(stored),
        history=list(ForecastRound.objects.filter(season=season).order_by("round")),
    )
