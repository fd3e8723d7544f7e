"""The plug-in point the statistics call: what each game's results record, as numbers per team
and per player (``stats.selectors``). Every game gets its score by default; a game declares
its own statistics (Mythril's touchdowns, casualties, completions and star player points) and
reads them from its stored results, a batch at a time."""

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from django.utils.translation import gettext_lazy as _

from core.plugins import PluginPoint

if TYPE_CHECKING:
    from django.utils.functional import _StrPromise

    from matches.models import Result

SIDES = ("home", "away")
TEAM: Literal["team"] = "team"
PLAYER: Literal["player"] = "player"


@dataclass(frozen=True, slots=True)
class Statistic:
    """One statistic a game's results hold. ``per`` is ``"team"`` (counted for a side) or
    ``"player"`` (counted for each player; the team's total is their sum). ``record`` is the
    label of the single-match record it sets ("Most casualties in a match"), or ``None``."""

    name: str
    label: "str | _StrPromise"
    per: Literal["team", "player"] = TEAM
    record: "str | _StrPromise | None" = None


@dataclass(frozen=True, slots=True)
class Line:
    """What one side, or one of its players, did of one statistic in one result. ``player`` is
    the game's stable key for the player (its id, or its name where the record only names
    players); empty for a team statistic."""

    fixture_id: int
    side: Literal["home", "away"]
    statistic: str
    value: int
    player: str = ""
    player_name: str = ""


class Statistics:
    """A game's statistics: their declaration and their values in stored results."""

    record_keys: tuple[str, ...] = ()
    """The top-level keys of ``Result.record`` that :meth:`lines` reads: the core loads only
    those (the rest of the JSON, a match's whole roll log, is left in the database); none by
    default."""

    def statistics(self) -> Sequence[Statistic]:
        """The game's statistics, in the order the pages show them. By default the score."""
        return (Statistic("score", _("Score")),)

    def lines(self, results: Sequence["Result"]) -> Iterable[Line]:
        """Every :class:`Line` of ``results`` (a batch of one league's results, forfeits left
        out); a zero may be left out. By default each side's score."""
        return score_lines(results, "score")

    def player_url(self, *, team_id: int, player: str) -> str | None:
        """The page of the player ``player`` of the team ``team_id``, if the game has one."""
        return None


def score_lines(results: Sequence["Result"], name: str) -> Iterable[Line]:
    """Each side's score as the statistic ``name`` (Rotzball's goals, Tutatis's points)."""
    for result in results:
        fixture_id = result.fixture.pk  # read with the result (``stats.selectors.results``)
        yield Line(fixture_id, "home", name, result.home_score)
        yield Line(fixture_id, "away", name, result.away_score)


def other(side: str) -> Literal["home", "away"]:
    return "away" if side == "home" else "home"


statistics = PluginPoint(
    "stats.statistics",
    Statistics,
    doc="A game's own statistics per team and per player, read from its stored results, for "
    "the leaderboards and records (``stats.selectors``).",
)
