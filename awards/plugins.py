"""The plug-in point the awards call: the awards a game gives at a season's finish, computed
from what it recorded of the season's matches (``awards.services.season_awards_grant``).

Every scored game gets the best attack and the best defence by default (``awards.scores``);
a game names its own (Mythril's season MVP on star player points, Killpower's most injuries
dealt) and reads them from its results and post-match sequences. A team's award for the
highest season total of one of the game's statistics is a declaration: its ``AwardKind``
names the statistic (``kinds``) and the game gives its statistics' lines. A game whose awards go to
players says which players a commissioner may give a custom award to (``team_players``) and
where a player's page is.
"""

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from django.utils.translation import gettext_lazy as _

from awards.scores import Granted, result_score, scoring_awards, statistic_awards
from core.plugins import PluginPoint

if TYPE_CHECKING:
    from django.utils.functional import _StrPromise

    from league.models import Season, Team
    from matches.models import Result

    Text = str | _StrPromise


@dataclass(frozen=True)
class AwardKind:
    """What an award is called and what it rewards, in the reader's language."""

    label: "Text"
    description: "Text"
    player: bool = False
    """Given to a player (else to a team)."""
    statistic: str = ""
    """For a team's award declared in :attr:`SeasonAwards.kinds`: the game's statistic
    (``stats.statistics``) whose season total wins it, as :meth:`SeasonAwards.statistic_lines`
    counts it."""


BEST_ATTACK = AwardKind(_("Best attack"), _("The team that scored the most over the season."))
BEST_DEFENCE = AwardKind(
    _("Best defence"), _("The team that conceded the fewest per match played.")
)


class SeasonAwards:
    """A game's awards at a season's finish."""

    kinds: ClassVar[Mapping[str, AwardKind]] = {}
    """The game's own awards, listed after the best attack and the best defence; each one
    that names a ``statistic`` is granted by default to the teams with its highest season
    total."""

    def award_kinds(self) -> Mapping[str, AwardKind]:
        """``{code: AwardKind}`` of every award the game gives, in the order pages list them.
        By default the best attack, the best defence, then the game's :attr:`kinds`."""
        return {"best_attack": BEST_ATTACK, "best_defence": BEST_DEFENCE, **self.kinds}

    def season_awards(self, *, season: "Season") -> list[Granted]:
        """The awards of a finished ``season``, read from its recorded matches (ties share an
        award). By default from the scores of the results played on the pitch, then each of
        the game's :attr:`kinds` that names a statistic from its season totals."""
        counted = {code: kind.statistic for code, kind in self.kinds.items() if kind.statistic}
        granted = scoring_awards(
            season,
            attack="best_attack",
            defence="best_defence",
            score=self.match_score,
            fields=self.score_fields,
        )
        return granted + statistic_awards(season, self.statistic_lines, counted)

    score_fields: ClassVar[tuple[str, ...]] = ()
    """The fields of a result (``values()`` paths) :meth:`match_score` reads besides its
    ``home_score``, ``away_score`` and ``decided_by``."""

    def match_score(self, result: Mapping[str, Any]) -> tuple[int, int]:
        """The ``(home, away)`` score a played result counts for the best attack and the best
        defence (``result``: its fields as plain values, :attr:`score_fields` included). By
        default the result's score."""
        return result_score(result)

    def statistic_lines(self, results: Sequence["Result"]) -> Iterable[Any]:
        """The lines of the game's statistics in ``results`` (its ``stats.statistics``
        lines), which the awards of :attr:`kinds` that name a statistic count. By default
        none."""
        return ()

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
