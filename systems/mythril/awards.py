"""Mythril's awards at a season's finish (``awards.plugins.season_awards``).

The house rules give one award per match, the MVP title ("titre de JPV", drawn at random
after the match among the players who played, never a champion); Blood Bowl counts each
player's star player points. A season's awards read what the league recorded:

* season MVP: the player who earned the most star player points over the season (the points
  of the post-match sequences, the MVP's included);
* top scorer, the most casualties, the best passer: the most touchdowns, casualties and
  completions of the confirmed match reports;
* the most MVP titles of the season's matches;
* and every game's best attack and best defence (touchdowns for and against).

Ties share an award. A player's awards count the matches played on the pitch: a forfeit
conceded during the match counts what was played (its lines, its sequence's points and MVP);
one before any turn, or a fixture awarded by the commissioner (even after a voided result
whose sequence ran), counts for none.
"""

from collections import Counter
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from django.utils.translation import gettext_lazy as _

from awards.plugins import AwardKind, SeasonAwards
from awards.scores import Granted, player_awards, season_totals
from systems.mythril import SIDES
from systems.mythril.models import Player, PlayerStatus, PostMatchRun
from systems.mythril.statistics import lines, played_on_the_pitch

if TYPE_CHECKING:
    from league.models import Season, Team

COUNTED = {
    "touchdowns": "top_scorer",
    "casualties": "most_casualties",
    "completions": "best_passer",
}

KINDS = {
    "season_mvp": AwardKind(
        _("Season MVP"),
        _("The player who earned the most star player points over the season."),
        player=True,
    ),
    "top_scorer": AwardKind(
        _("Top scorer"), _("The player who scored the most touchdowns."), player=True
    ),
    "most_casualties": AwardKind(
        _("Bone breaker"), _("The player who caused the most casualties."), player=True
    ),
    "best_passer": AwardKind(
        _("Best passer"), _("The player who made the most completions."), player=True
    ),
    "most_mvps": AwardKind(
        _("Most MVP titles"),
        _("The player named MVP of a match the most times this season."),
        player=True,
    ),
}

Key = tuple[int, str]


def _season_counts(season: "Season") -> dict[str, Counter[Key]]:
    """``{count: Counter((team id, player id) -> total)}`` over the season's matches: the
    statistics' lines (:func:`~systems.mythril.statistics.lines`) and the MVP titles of the
    post-match sequences."""
    counts = season_totals(season, lines, (*COUNTED, "spp"), players=True, forfeits=True)
    counts["mvps"] = Counter()
    runs = PostMatchRun.objects.filter(
        fixture__season=season, status=PostMatchRun.Status.DONE
    ).values_list("fixture__home_id", "fixture__away_id", "log", "fixture__result__record")
    for home_id, away_id, log, record in runs:
        if not played_on_the_pitch(record):  # a voided result's sequence, the fixture awarded
            continue
        for side, team_id in zip(SIDES, (home_id, away_id), strict=True):
            mvp = ((log or {}).get(side) or {}).get("mvp")
            if mvp:
                counts["mvps"][team_id, str(mvp)] += 1
    return counts


def _names(keys: set[Key]) -> dict[Key, str]:
    ids = {int(ref) for _team, ref in keys if ref.isdigit()}
    rows = Player.objects.filter(pk__in=ids).values_list("team_id", "pk", "name")
    found = {(team, str(pk)): name for team, pk, name in rows}
    return {key: found.get(key, f"#{key[1]}") for key in keys}


class MythrilAwards(SeasonAwards):
    def award_kinds(self) -> Mapping[str, AwardKind]:
        return {**KINDS, **super().award_kinds()}

    def season_awards(self, *, season: "Season") -> list[Granted]:
        counts = _season_counts(season)
        names = _names({key for counter in counts.values() for key in counter})
        granted = player_awards("season_mvp", counts["spp"], names)
        for name, code in COUNTED.items():
            granted += player_awards(code, counts[name], names)
        granted += player_awards("most_mvps", counts["mvps"], names)
        return granted + super().season_awards(season=season)

    def team_players(self, *, team: "Team") -> Sequence[tuple[str, str]]:
        rows = Player.objects.filter(team=team).exclude(status=PlayerStatus.FIRED)
        return [(str(pk), name) for pk, name in rows.values_list("pk", "name")]
