"""What the tournaments hear from the apps below them."""

from typing import Any

from django.dispatch import receiver
from django.utils.translation import gettext_lazy as _

from core.refusals import Refused
from league.models import Season
from matches.signals import fixtures_generating
from tournaments.models import Tournament


@receiver(fixtures_generating)
def refuse_a_round_robin_over_a_tournament(sender: Any, season: Season, **kwargs: Any) -> None:
    """A season that holds a tournament gets its fixtures from the tournament's rounds only:
    a round robin generated beside them would mix two competitions in one table."""
    tournament = Tournament.objects.filter(season=season).only("pk", "name").first()
    if tournament is not None:
        raise Refused(
            "tournament_season",
            _("This season holds the tournament %(tournament)s: its rounds make the fixtures."),
            field="season",
            tournament=tournament.name,
        )
