"""The scores a simulated result is given by default: those of the league's own latest
results, by outcome (``forecasts.plugins.Chances.typical_scores``)."""

from league.models import Season
from matches.models import Result

SCORES_READ = 500
DEFAULT_SCORES = {"home": [(1, 0)], "draw": [(0, 0)], "away": [(0, 1)]}


def league_scores(season: Season) -> dict[str, list[tuple[int, int]]]:
    """The scores of the league's latest results, by outcome (the default score model)."""
    rows = (
        Result.objects.filter(fixture__season__league_id=season.league_id)
        .order_by("-pk")
        .values_list("winner", "home_score", "away_score")[:SCORES_READ]
    )
    scores: dict[str, list[tuple[int, int]]] = {"home": [], "draw": [], "away": []}
    for winner, home, away in rows:
        scores[winner].append((home, away))
    return {o: scores[o] or DEFAULT_SCORES[o] for o in scores}
