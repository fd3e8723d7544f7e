"""What the worker does when a result is stored, corrected or voided: the periods it belongs
to rated again, the teams' from its round on, the coaches' from its week on."""

from collections import defaultdict
from datetime import date

from django.db import transaction

from league.models import League
from matches.models import Fixture
from ratings.models import CoachRating, TeamRating
from ratings.services.coaches import coach_first_mismatch, coach_pools_rerate, coaches_lock
from ratings.services.played import marks, played_where
from ratings.services.teams import league_rerate


@transaction.atomic
def results_rate(*, fixture_ids: list[int]) -> dict[str, int]:
    """Rate the results of ``fixture_ids`` (new or corrected): each league again from the
    earliest of its periods among them, each coach pool from their weeks. A fixture without a
    rated result (a forfeit, or voided since) is left out. Returns the rows written."""
    results = played_where(f"f.id IN ({marks(fixture_ids)})", fixture_ids) if fixture_ids else []
    first: dict[int, tuple[int, int]] = {}
    forced: dict[str, dict[date, set[int]]] = defaultdict(lambda: defaultdict(set))
    for p in results:
        first[p.league_id] = min(
            first.get(p.league_id, (p.season_id, p.round)), (p.season_id, p.round)
        )
        if p.coached:
            for game in (p.game, CoachRating.EVERY_GAME):
                forced[game][p.week].update((p.home_coach, p.away_coach))
    teams = 0
    for league_id, (season_id, round_) in sorted(first.items()):
        teams += league_rerate(
            league=League(pk=league_id), from_season_id=season_id, from_round=round_
        )
    if forced:
        coaches_lock()
    coaches = coach_pools_rerate(forced=forced)
    return {"teams": teams, "coaches": coaches}


@transaction.atomic
def result_void_rerate(*, fixture_id: int) -> dict[str, int]:
    """Rate again after the result of ``fixture_id`` was voided: its league from the fixture's
    round on; each of its coaches from the first week their stored rows disagree with their
    games (the voided result's week: the void may have moved the fixture's kick-off)."""
    fixture = Fixture.objects.select_related("season__league", "home", "away").get(pk=fixture_id)
    league = fixture.season.league
    teams = league_rerate(league=league, from_season_id=fixture.season_id, from_round=fixture.round)
    coaches_lock()
    forced: dict[str, dict[date, set[int]]] = defaultdict(lambda: defaultdict(set))
    for game in (league.rule_system, CoachRating.EVERY_GAME):
        for coach in {fixture.home.coach_id, fixture.away.coach_id} - {None}:
            week = coach_first_mismatch(game=game, coach=coach)
            if week is not None:
                forced[game][week].add(coach)
    coaches = coach_pools_rerate(forced=forced)
    return {"teams": teams, "coaches": coaches}


def league_tau_check(*, league: League) -> bool:
    """Whether the league's rows were rated with another tau than its setting (changed since):
    then they must all be rated again."""
    return TeamRating.objects.filter(season__league=league).exclude(tau=league.rating_tau).exists()
