"""A Killpower team's gladiators' experience after each match they played, read from their
history (``GladiatorEvent``): ``matches.plugins.progression``, drawn on the team's
charts page. Two queries whatever the number of matches."""

from collections import defaultdict

from django.utils.translation import gettext_lazy

from core.progression import PlayerSeries, Progression, round_labels
from league.models import Team
from systems.killpower.models import Gladiator, GladiatorEvent

Event = GladiatorEvent.Kind
MEASURE = gettext_lazy("Experience (XP)")


def progression_series(*, team: Team) -> Progression | None:
    """Each gladiator's experience after each of the team's matches; ``None`` for the
    matches before a recruit joined and after a gladiator died."""
    gladiators = list(
        Gladiator.objects.filter(team=team)
        .order_by("number", "created_at", "pk")
        .values_list("pk", "name", "xp")
    )
    events = (
        GladiatorEvent.objects.filter(
            gladiator__team=team,
            fixture__isnull=False,
            kind__in=[Event.PLAYED, Event.XP, Event.RECRUITED, Event.DIED],
        )
        .order_by("fixture__kickoff", "fixture_id", "pk")
        .values_list(
            "gladiator_id",
            "kind",
            "detail",
            "fixture_id",
            "fixture__round",
            "fixture__season__name",
        )
    )
    steps: dict[int, tuple[str, int]] = {}  # fixture -> (season, round), in order of play
    after: dict[int, dict[int, int]] = defaultdict(dict)  # gladiator -> fixture -> xp
    first_xp: dict[int, int] = {}  # gladiator -> experience before its first gain
    joined: dict[int, int] = {}  # recruit -> the fixture after which it joined
    died: dict[int, int] = {}
    for gladiator_id, kind, detail, fixture_id, number, season_name in events:
        steps.setdefault(fixture_id, (season_name, number))
        if kind == Event.XP:
            after[gladiator_id][fixture_id] = detail["xp"]
            first_xp.setdefault(gladiator_id, detail["xp"] - detail.get("gained", 0))
        elif kind == Event.RECRUITED:
            joined[gladiator_id] = fixture_id
        elif kind == Event.DIED:
            died[gladiator_id] = fixture_id
    if not steps:
        return None
    order = list(steps)
    players = []
    for pk, name, xp in gladiators:
        value: int | None = None if pk in joined else first_xp.get(pk, xp)
        values: list[int | None] = []
        for fixture_id in order:
            if fixture_id == joined.get(pk):
                value = first_xp.get(pk, xp)
            value = after[pk].get(fixture_id, value)
            values.append(value)
            if fixture_id == died.get(pk):
                value = None
        players.append(PlayerSeries(name=name, values=values))
    return Progression(measure=MEASURE, steps=round_labels(list(steps.values())), players=players)
