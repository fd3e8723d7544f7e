"""The plug-in point the awards call: the awards a game gives at a season's finish, computed
from what it recorded of the season's matches (``awards.services.season_awards_grant``).

Every scored game gets the best attack and the best defence by default (``awards.scores``);
a game names its own (Mythril's season MVP on star player points, Killpower's most injuries
dealt) and reads them from its results and post-match sequences. A game whose awards go to
players says which players a commissioner may give a custom award to (``team_players``) and
where a player's page is.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING

from django.utils.translation import gettext_lazy as _

from awards.scores import Granted, scoring_awards
from core.plugins import PluginPoint

if TYPE_CHECKING:
    from django.utils.functional import _StrPromise

    from league.models import Season, Team

    Text = str | _StrPromise


@dataclass(frozen=True)
class AwardKind:
    """What an award is called and what it rewards, in the reader's language."""

    label: "Text"
    description: "Text"
    player: bool = False
    """Given to a player (else to a team)."""


BEST_ATTACK = AwardKind(_("Best attack"), _("The team that scored the most over the season."))
BEST_DEFENCE = AwardKind(
    _("Best defence"), _("The team that conceded the fewest per match played.")
)


class SeasonAwards:
    """A game's awards at a season's finish."""

    def award_kinds(self) -> Mapping[str, AwardKind]:
        """``{code: AwardKind}`` of every award the game gives, in the order pages list them.
        By default the best attack and the best defence."""
        return {"best_attack": BEST_ATTACK, "best_defence": BEST_DEFENCE}

    def season_awards(self, *, season: "Season") -> list[Granted]:
        """The awards of a finished ``season``, read from its recorded matches (ties share an
        award). By default from the scores of the results played on the pitch."""
        return scoring_awards(season, attack="best_attack", defence="best_defence")

    def team_players(self, *, team: "Team") -> Sequence[tuple[str, str]]:
        """``(player ref, name)`` of the players of ``team`` a custom award may name, in
        roster order. By default none: the game's awards go to teams."""
        return ()

    def player_url(self, *, player_ref: str) -> str:
        """The address of a player's page, or ``""`` where the game has none."""
        return ""


season_awards = PluginPoint(
    "awards.season_awards",
    SeasonAwards,
    doc="The awards a game gives at a season's finish, from its recorded matches, and the "
    "players a custom award may name (``awards.services``).",
)
