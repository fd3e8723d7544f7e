"""Reads of Mythril teams: the roster, the team sheet, what a team may still hire."""

from typing import Any

from league.models import Season, Team
from matches.models import Fixture
from systems.mythril import engine
from systems.mythril.models import LevelUp, Player, PlayerStatus, TeamProfile
from systems.mythril.services.treasury import gold_of

ON_ROSTER = (PlayerStatus.ACTIVE, PlayerStatus.INJURED)


def profile_of(team: Team) -> TeamProfile | None:
    try:
        return team.mythril
    except TeamProfile.DoesNotExist:
        return None


def roster(team: Team) -> list[Player]:
    return list(
        Player.objects.filter(team=team, status__in=ON_ROSTER)
        .select_related("position", "champion")
        .order_by("number")
    )


def player_row(player: Player) -> dict[str, Any]:
    return {
        "id": player.pk,
        "number": player.number,
        "name": player.name,
        "position": player.position.name if player.position_id else None,
        "champion": player.champion.name if player.champion_id else None,
        "race": player.race,
        "ally": player.ally,
        "big_guy": player.big_guy,
        "cost": player.cost,
        "profile": player.profile,
        "start": player.start,
        "skills": list(player.skills),
        "spp": player.spp,
        "levels": player.levels_taken,
        "touchdowns": player.touchdowns,
        "completions": player.completions,
        "casualties": player.casualties,
        "interceptions": player.interceptions,
        "mvps": player.mvps,
        "status": player.status,
    }


def apothecary_kind(team: Team, players: list[Player]) -> str:
    """The team's apothecary for a match (none, beginner or real), as the engine says."""
    from rules_engine.mythril.hiring import apothecary_for

    profile = profile_of(team)
    if profile is None:
        return "none"
    rating = sum(p.cost for p in players) // 10_000
    return apothecary_for(
        engine.engine_team_list(profile.team_list), real_bought=profile.apothecary, rating=rating
    ).value


def team_sheet(team: Team) -> dict[str, Any]:
    """The team as its sheet shows it, frozen on a fixture at kick-off and answered by the
    API's ``/teams/<id>/sheet/``: ``players`` are the engine's player dicts; ``rows`` the
    same players with their number and statistics."""
    profile = profile_of(team)
    players = roster(team)
    return {
        "team": team.pk,
        "name": team.name,
        "race": profile.team_list.race if profile else None,
        "popularity": profile.popularity if profile else 0,
        "home_pitch": profile.home_pitch.name if profile and profile.home_pitch else "lawn",
        "apothecary": apothecary_kind(team, players),
        "gold": gold_of(team),
        "value": sum(p.cost for p in players),
        "players": [engine.player_input(p) for p in players],
        "rows": [player_row(p) for p in players],
    }


def pending_level_ups(team: Team) -> list[LevelUp]:
    return list(
        LevelUp.objects.filter(player__team=team, chosen_at__isnull=True)
        .select_related("player")
        .order_by("player__number", "level")
    )


def team_unsettled_fixture(team: Team, *, exclude: Fixture | None = None) -> Fixture | None:
    """A kicked-off or played fixture of the team whose post-match sequence has not run."""
    from django.db.models import Q

    fixtures = Fixture.objects.filter(Q(home=team) | Q(away=team)).filter(
        Q(status=Fixture.Status.LOCKED)
        | Q(status=Fixture.Status.PLAYED, post_match__status="pending")
    )
    if exclude is not None:
        fixtures = fixtures.exclude(pk=exclude.pk)
    return fixtures.select_related("home", "away").first()


def season_post_match_pending(*, season: Season) -> list[Fixture]:
    """The season's played fixtures whose post-match sequence is still pending."""
    return list(
        Fixture.objects.filter(
            season=season,
            status=Fixture.Status.PLAYED,
            post_match__status="pending",
        )
        .select_related("home", "away")
        .order_by("round", "pk")
    )
