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

from collections.abc import Mapping
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from awards.plugins import AwardKind
from league.models import Team
from rules_engine.killpower import DecidedBy
from systems.killpower.models import Gladiator

KINDS = {
    "butchers": AwardKind(
        _("Butchers"),
        _("The team that left the most opponents in a coma or badly wounded over the season."),
        statistic="injuries",
    ),
}
"""Besides every game's best attack and best defence; counted from the statistics' lines."""


SCORE_FIELDS = ("record__report__score",)
"""What :func:`match_score` reads of a result: the report's score after the 20 turns."""


def match_score(result: Mapping[str, Any]) -> tuple[int, int]:
    """The score the best attack and the best defence count: after the 20 turns, free throws
    aside. A tournament's draw decided by free throws stores the score with their points (the
    result's columns); its report keeps the score of the 20 turns."""
    score = result["record__report__score"]
    if result["decided_by"] == DecidedBy.FREE_THROWS and isinstance(score, dict):
        return score["home"], score["away"]
    return result["home_score"], result["away_score"]


def team_players(*, team: Team) -> list[tuple[str, str]]:
    rows = Gladiator.objects.filter(team=team).values_list("pk", "name")
    return [(str(pk), name) for pk, name in rows]


def player_url(*, player_ref: str) -> str:
    return reverse("league:gladiator", args=[int(player_ref)]) if player_ref.isdigit() else ""
