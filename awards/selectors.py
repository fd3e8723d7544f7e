"""The reads of the awards: a season's, a team's and a player's awards as pages, tags and the
API show them, each worded in the reader's language (a game award's label comes from its game,
never stored)."""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import F, QuerySet

from awards import plugins
from awards.models import Award
from league.models import Season, Team


@dataclass(frozen=True)
class AwardRow:
    award: Award
    label: Any
    description: Any
    player_url: str

    @property
    def is_custom(self) -> bool:
        return self.award.kind == Award.Kind.CUSTOM


def awards() -> QuerySet[Award]:
    """Every award, with its season, league and team."""
    return Award.objects.select_related("season__league", "team")


def seasons() -> QuerySet[Season]:
    """The seasons a page or the API may show the awards of."""
    return Season.objects.select_related("league", "champion")


def teams() -> QuerySet[Team]:
    return Team.objects.select_related("league")


def _rows(awards_: Iterable[Award]) -> list[AwardRow]:
    rows = []
    for award in awards_:
        game = plugins.season_awards.of(award.season.league.rule_system)
        url = game.player_url(player_ref=award.player_ref) if award.player_ref else ""
        if award.kind == Award.Kind.GAME:
            kind = game.award_kinds().get(award.code)
            label = kind.label if kind else award.code
            description = kind.description if kind else ""
        else:
            label, description = award.name, award.description
        rows.append(AwardRow(award=award, label=label, description=description, player_url=url))
    return rows


def _order(row: AwardRow) -> tuple[Any, ...]:
    award = row.award
    codes = list(plugins.season_awards.of(award.season.league.rule_system).award_kinds())
    place = codes.index(award.code) if award.code in codes else len(codes)
    return (award.kind != Award.Kind.GAME, place, award.name.casefold(), award.team.name, award.pk)


def season_awards_get(*, season: Season) -> list[AwardRow]:
    """The season's awards: the game's in its order, then the commissioner's by name."""
    return sorted(_rows(awards().filter(season=season)), key=_order)


def team_awards_get(*, team: Team) -> list[AwardRow]:
    """Every award of the team and its players, the latest season first."""
    rows = _rows(awards().filter(team=team))
    rows.sort(key=_order)
    rows.sort(key=lambda row: (row.award.season.created_at, row.award.season_id), reverse=True)
    return rows


def player_awards_get(*, team: Team, player_ref: str) -> list[AwardRow]:
    """The awards of one player of ``team``, the latest season first."""
    return [row for row in team_awards_get(team=team) if row.award.player_ref == str(player_ref)]


def team_players(*, team: Team) -> Sequence[tuple[str, str]]:
    """The players a custom award may name, as the team's game lists them."""
    return plugins.season_awards.of(team.league.rule_system).team_players(team=team)


def season_teams(*, season: Season) -> QuerySet[Team]:
    """The teams a custom award of ``season`` may go to: the league's, active ones first."""
    return Team.objects.filter(league_id=season.league_id).order_by(
        F("retired_at").asc(nulls_first=True), "name", "pk"
    )
