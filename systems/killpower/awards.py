"""Killpower Ball's awards at a season's finish (``awards.plugins.season_awards``).

The rule text gives no award beyond the championship (ranking points) and a tournament's
final, and its match report does not say which gladiator scored or struck: points are the
team's, and the report lists the gladiators each side lost (in a coma, badly wounded). So the
season's awards are the team's, as a table of players would hand them out:

* best attack: the most points scored (after the 20 turns, free throws aside);
* best defence: the fewest points conceded per match played;
* the butchers: the most opponents left in a coma or badly wounded over the season.

Ties share an award. A custom award may name a gladiator, shown on his page.
"""

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from awards.plugins import AwardKind, SeasonAwards
from awards.scores import Granted, team_awards
from core.registry import FORFEIT
from matches.models import Result
from systems.killpower.models import Gladiator
from systems.killpower.statistics import injured

if TYPE_CHECKING:
    from league.models import Season, Team


BUTCHERS = AwardKind(
    _("Butchers"),
    _("The team that left the most opponents in a coma or badly wounded over the season."),
)


def injuries_dealt(season: "Season") -> Counter[int]:
    """Per team, the opponents it put in a coma or left badly wounded."""
    dealt: Counter[int] = Counter()
    rows = (
        Result.objects.filter(fixture__season=season)
        .exclude(decided_by=FORFEIT)
        .values_list("fixture__home_id", "fixture__away_id", "record")
    )
    for home_id, away_id, record in rows:
        dealt[home_id] += injured(record, "away")
        dealt[away_id] += injured(record, "home")
    return dealt


class KillpowerAwards(SeasonAwards):
    def award_kinds(self) -> Mapping[str, AwardKind]:
        return {**super().award_kinds(), "butchers": BUTCHERS}

    def season_awards(self, *, season: "Season") -> list[Granted]:
        return super().season_awards(season=season) + team_awards(
            "butchers", injuries_dealt(season)
        )

    def team_players(self, *, team: "Team") -> Sequence[tuple[str, str]]:
        rows = Gladiator.objects.filter(team=team).values_list("pk", "name")
        return [(str(pk), name) for pk, name in rows]

    def player_url(self, *, player_ref: str) -> str:
        return reverse("league:gladiator", args=[int(player_ref)]) if player_ref.isdigit() else ""
