"""Tutatis's awards at a season's finish (``awards.plugins.season_awards``).

The rule text names no award. A match report records each side's goals (3 points), shots
over the bar (1 point) and its badly hurt players, not who scored. So the season's awards are
the team's, as a table of players would hand them out:

* best attack: the most points scored; best defence: the fewest conceded per match played;
* sharpshooters: the most goals (shots under the bar, worth 3);
* bone crushers: the most opponents badly hurt ("casser le plus d'os possible").

Ties share an award; a custom award may name one of the team's players.
"""

from django.utils.translation import gettext_lazy as _

from awards.plugins import AwardKind
from league.models import Team
from systems.tutatis.models import Player

KINDS = {
    "sharpshooters": AwardKind(
        _("Sharpshooters"), _("The team that scored the most goals."), statistic="goals"
    ),
    "bone_crushers": AwardKind(
        _("Bone crushers"),
        _("The team that left the most opponents badly hurt."),
        statistic="injuries",
    ),
}
"""Besides every game's best attack and best defence; counted from the statistics' lines."""


def team_players(*, team: Team) -> list[tuple[str, str]]:
    rows = Player.objects.filter(team=team).order_by("name", "pk").values_list("pk", "name")
    return [(str(pk), name) for pk, name in rows]
