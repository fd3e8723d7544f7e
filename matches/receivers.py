"""What the matches app hears of its own rows: every write of a ``Result`` (created, changed,
deleted) keeps its two teams' standings (``matches.standings_keeping``) in the same
transaction. Results written in bulk (a chunk of simulated fixtures, ``results_created``)
count each season once, for the teams they touched."""

from typing import Any

from django.db.models import QuerySet
from django.db.models.signals import post_delete, post_save
from django.dispatch import receiver

from core.signals import results_created
from league.models import Season
from matches.models import Fixture, Result
from matches.standings_keeping import standings_refresh

COUNTED_FIELDS = frozenset({"fixture", "fixture_id", "home_score", "away_score", "winner"})


def _refresh_teams_of(result: Result) -> None:
    if Result.fixture.is_cached(result):
        fixture = result.fixture
        season_id, teams = fixture.season_id, (fixture.home_id, fixture.away_id)
    else:
        row = (
            Fixture.objects.filter(pk=result.fixture_id)
            .values_list("season_id", "home_id", "away_id")
            .first()
        )
        if row is None:
            return
        season_id, teams = row[0], row[1:]
    standings_refresh(season_id=season_id, team_ids=teams)


@receiver(post_save, sender=Result, dispatch_uid="matches.result_saved")
def result_saved(sender: Any, instance: Result, update_fields: Any = None, **kwargs: Any) -> None:
    if update_fields is not None and not COUNTED_FIELDS & set(update_fields):
        return  # the record or a date changed: nothing the standings count
    _refresh_teams_of(instance)


@receiver(post_delete, sender=Result, dispatch_uid="matches.result_deleted")
def result_deleted(sender: Any, instance: Result, origin: Any = None, **kwargs: Any) -> None:
    """A result removed by itself or with its fixture; not one deleted with its season, league
    or team, whose standings go with them."""
    model = origin.model if isinstance(origin, QuerySet) else type(origin)
    if origin is not None and model not in (Result, Fixture):
        return
    _refresh_teams_of(instance)


@receiver(results_created, dispatch_uid="matches.results_created")
def results_saved(sender: Any, results: list[Result], **kwargs: Any) -> None:
    """A chunk's results: each season's touched teams counted once, in team order (the
    fixtures read in one query, or none when the results carry them with their league)."""
    teams: dict[int, set[int]] = {}
    systems: dict[int, str] = {}
    missing = []
    for result in results:
        if Result.fixture.is_cached(result) and Fixture.season.is_cached(result.fixture):
            fixture = result.fixture
            teams.setdefault(fixture.season_id, set()).update((fixture.home_id, fixture.away_id))
            if Season.league.is_cached(fixture.season):
                systems[fixture.season_id] = fixture.season.league.rule_system
        else:
            missing.append(result.fixture_id)
    fixtures = Fixture.objects.filter(pk__in=missing).values_list("season_id", "home_id", "away_id")
    for season_id, home_id, away_id in fixtures if missing else ():
        teams.setdefault(season_id, set()).update((home_id, away_id))
    for season_id in sorted(teams):
        standings_refresh(
            season_id=season_id, team_ids=teams[season_id], rule_system=systems.get(season_id)
        )
