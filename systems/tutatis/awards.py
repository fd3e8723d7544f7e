"""Tutatis's awards at a season's finish (``awards.plugins.season_awards``).

The rule text names no award. A match report records each side's goals (3 points), shots
over the bar (1 point) and its badly hurt players, not who scored. So the season's awards are
the team's, as a table of players would hand them out:

* best attack: the most points scored; best defence: the fewest conceded per match played;
* sharpshooters: the most goals (shots under the bar, worth 3);
* bone crushers: the most opponents badly hurt ("casser le plus d'os possible").

Ties share an award; a custom award may name one of the team's players.
"""

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from django.utils.translation import gettext_lazy as _

from awards.plugins import AwardKind, SeasonAwards
from awards.scores import Granted, team_awards
from core.registry import FORFEIT
from matches.models import Result
from systems.tutatis.models import Player

if TYPE_CHECKING:
    from league.models import Season, Team

KINDS = {
    "sharpshooters": AwardKind(_("Sharpshooters"), _("The team that scored the most goals.")),
    "bone_crushers": AwardKind(
        _("Bone crushers"), _("The team that left the most opponents badly hurt.")
    ),
}


def season_counts(season: "Season") -> tuple[Counter[int], Counter[int]]:
    """Per team: goals scored, and opponents badly hurt."""
    goals: Counter[int] = Counter()
    hurt: Counter[int] = Counter()
    rows = (
        Result.objects.filter(fixture__season=season)
        .exclude(decided_by=FORFEIT)
        .values_list("fixture__home_id", "fixture__away_id", "record__result")
    )
    for home_id, away_id, result in rows:
        for team_id, side, other in ((home_id, "home", "away"), (away_id, "away", "home")):
            goals[team_id] += int(((result or {}).get(side) or {}).get("goals") or 0)
            hurt[team_id] += len(((result or {}).get(other) or {}).get("badly_hurt") or [])
    return goals, hurt


class TutatisAwards(SeasonAwards):
    def award_kinds(self) -> Mapping[str, AwardKind]:
        return {**super().award_kinds(), **KINDS}

    def season_awards(self, *, season: "Season") -> list[Granted]:
        goals, hurt = season_counts(season)
        return (
            super().season_awards(season=season)
            + team_awards("sharpshooters", goals)
            + team_awards("bone_crushers", hurt)
        )

    def team_players(self, *, team: "Team") -> Sequence[tuple[str, str]]:
        rows = Player.objects.filter(team=team).order_by("name", "pk").values_list("pk", "name")
        return [(str(pk), name) for pk, name in rows]
