"""A Mythril team's players' star player points after each match, read from the post-match
sequences (each holds the roster after it): ``matches.plugins.progression``, drawn
on the team's charts page. Two queries whatever the number of matches."""

from django.db.models import Q
from django.utils.translation import gettext_lazy

from core.progression import PlayerSeries, Progression, round_labels
from league.models import Team
from systems.mythril.models import Player, PostMatchRun

MEASURE = gettext_lazy("Star player points (SPP)")


def progression_series(*, team: Team) -> Progression | None:
    """Each player's SPP after each of the team's matches whose sequence is done; ``None``
    where the player was not on the roster (not hired yet, or dead)."""
    runs = list(
        PostMatchRun.objects.filter(status=PostMatchRun.Status.DONE)
        .filter(Q(fixture__home=team) | Q(fixture__away=team))
        .order_by("fixture__kickoff", "fixture_id")
        .values_list("fixture__home_id", "fixture__round", "fixture__season__name", "log")
    )
    if not runs:
        return None
    sides = [log.get("home" if home_id == team.pk else "away", {}) for home_id, *_, log in runs]
    rosters = [{str(p["id"]): p["spp"] for p in side.get("players", [])} for side in sides]
    players = []
    for pk, name in (
        Player.objects.filter(team=team).order_by("number", "pk").values_list("pk", "name")
    ):
        values = [roster.get(str(pk)) for roster in rosters]
        if any(value is not None for value in values):
            players.append(PlayerSeries(name=name, values=values))
    labels = round_labels([(season, number) for _home, number, season, _log in runs])
    return Progression(measure=MEASURE, steps=labels, players=players)
