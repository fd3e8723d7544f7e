"""What Mythril tells its coaches (``core.events``): level-ups waiting for their choice."""

from django.urls import reverse

from core.events import publish
from league.models import Team
from matches.models import Fixture


def level_ups_publish(*, team: Team, fixture: Fixture, players: list[str]) -> None:
    """After a match, the team's coach has a level-up to pick for each of ``players``."""
    if not players:
        return
    publish(
        "levelup.to_choose",
        key=f"levelup.to_choose:{fixture.pk}:{team.pk}",
        league_id=team.league_id,
        recipients=[team.coach_id],
        url=reverse("league:team", args=[team.pk]),
        data={"team": team.name, "player": ", ".join(players), "fixture": fixture.pk},
    )
