"""Rotzball's awards at a season's finish (``awards.plugins.season_awards``).

The scenario's rules name no award, and a match is played team against team (attack against
defence, turn by turn): no goal belongs to a player. The season's awards are the team's, as
a table of players would hand them out:

* best attack: the most goals; best defence: the fewest goals conceded per match played;
* masters of the ball: the most turns started with the initiative (the possession count the
  engine records, which also breaks a tie after extra time).

Ties share an award; a custom award may name one of the team's players.
"""

from collections.abc import Sequence
from typing import TYPE_CHECKING

from django.utils.translation import gettext_lazy as _

from awards.plugins import AwardKind
from systems.rotzball.models import Player

if TYPE_CHECKING:
    from league.models import Team

KINDS = {
    "ball_masters": AwardKind(
        _("Masters of the ball"),
        _("The team that started the most turns with the initiative."),
        statistic="possessions",
    ),
}
"""Besides every game's best attack and best defence; counted from the statistics' lines."""


def team_players(*, team: "Team") -> Sequence[tuple[str, str]]:
    return [
        (str(pk), name) for pk, name in Player.objects.filter(team=team).values_list("pk", "name")
    ]
