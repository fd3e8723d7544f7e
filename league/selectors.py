"""Read-side queries for leagues, teams and rosters."""

from typing import Any

from django.db.models import Count, Prefetch, Q, QuerySet
from django.db.models.functions import Now

from league.models import League, LineupSlot, Player, Team
from matches.models import Fixture

ROTZBALL_POSITIONS = LineupSlot.Position


def league_list() -> QuerySet[League]:
    return League.objects.select_related("commissioner").annotate(
        team_count=Count("teams", distinct=True)
    )


def team_list(*, league: League | None = None) -> QuerySet[Team]:
    teams = Team.objects.select_related("league", "coach")
    return teams.filter(league=league) if league is not None else teams


def team_with_roster(*, team_id: int) -> Team:
    slots = LineupSlot.objects.select_related("player")
    return (
        Team.objects.select_related("league", "coach")
        .prefetch_related("players", Prefetch("lineup_slots", queryset=slots))
        .get(pk=team_id)
    )


def lineup_get(*, team: Team) -> dict[str, Player]:
    """Position -> player for the filled positions of ``team``'s line-up."""
    return {slot.position: slot.player for slot in team.lineup_slots.all()}


def team_in_play_fixture(*, team: Team) -> Fixture | None:
    """A fixture of ``team`` that has kicked off (by the database's clock) but has no result."""
    return (
        Fixture.objects.filter(Q(home=team) | Q(away=team))
        .filter(
            Q(status=Fixture.Status.LOCKED) | Q(status=Fixture.Status.SCHEDULED, kickoff__lte=Now())
        )
        .order_by("kickoff")
        .first()
    )


def _player_attacker(player: Player) -> dict[str, Any]:
    return {"name": player.name, "E": player.endurance, "Ag": player.agility, "F": player.strength}


def team_sheet_get(*, team: Team) -> dict[str, Any]:
    """The engine's Rotzball team sheet for ``team``'s current line-up and match plan.

    Missing positions are left out, so the engine names them when it validates the sheet.
    """
    lineup = lineup_get(team=team)
    P = ROTZBALL_POSITIONS
    sheet: dict[str, Any] = {"name": team.name, "tactic": team.tactic}
    if P.PASSER in lineup:
        sheet["passer"] = _player_attacker(lineup[P.PASSER])
    attackers = [lineup[p] for p in (P.ATTACKER_1, P.ATTACKER_2) if p in lineup]
    sheet["attackers"] = [_player_attacker(p) for p in attackers]
    defenders = [lineup[p] for p in (P.DEFENDER_1, P.DEFENDER_2, P.DEFENDER_3) if p in lineup]
    sheet["defenders"] = [{"name": p.name, "E": p.endurance, "Ag": p.agility} for p in defenders]
    if P.COACH in lineup:
        coach = lineup[P.COACH]
        sheet["coach"] = {"name": coach.name, "Ag": coach.agility, "Int": coach.intelligence}
    return sheet
