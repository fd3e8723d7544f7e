"""Rotzball's awards at a season's finish (``awards.plugins.season_awards``).

The scenario's rules name no award, and a match is played team against team (attack against
defence, turn by turn): no goal belongs to a player. The season's awards are the team's, as
a table of players would hand them out:

* best attack: the most goals; best defence: the fewest goals conceded per match played;
* masters of the ball: the most turns started with the initiative (the possession count the
  engine records, which also breaks a tie after extra time).

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
from systems.rotzball.models import Player

if TYPE_CHECKING:
    from league.models import Season, Team

BALL_MASTERS = AwardKind(
    _("Masters of the ball"), _("The team that started the most turns with the initiative.")
)


def possessions(season: "Season") -> Counter[int]:
    """Per team, the turns it started with the initiative over the season."""
    counts: Counter[int] = Counter()
    rows = (
        Result.objects.filter(fixture__season=season)
        .exclude(decided_by=FORFEIT)
        .values_list("fixture__home_id", "fixture__away_id", "record__possessions")
    )
    for home_id, away_id, held in rows:
        counts[home_id] += int((held or {}).get("home") or 0)
        counts[away_id] += int((held or {}).get("away") or 0)
    return counts


class RotzballAwards(SeasonAwards):
    def award_kinds(self) -> Mapping[str, AwardKind]:
        return {**super().award_kinds(), "ball_masters": BALL_MASTERS}

    def season_awards(self, *, season: "Season") -> list[Granted]:
        return super().season_awards(season=season) + team_awards(
            "ball_masters", possessions(season)
        )

    def team_players(self, *, team: "Team") -> Sequence[tuple[str, str]]:
        return [
            (str(pk), name)
            for pk, name in Player.objects.filter(team=team).values_list("pk", "name")
        ]
