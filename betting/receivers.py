"""What the betting app hears from the layers below it: a result stored or a fixture cancelled
(settle its bets), a result corrected or voided (pay them again), fixtures scheduled, a
line-up changed or a league's ratings changed (price them again). The work goes to a worker
once the transaction commits; the sweeper catches what a lost message leaves."""

from typing import Any

from django.db.models import Q, QuerySet
from django.db.models.signals import post_save
from django.dispatch import receiver

from betting.models import Bet, BettingSettings, Resettlement, Settlement
from core.enqueue import enqueue_on_commit
from core.events import Event
from core.prepared_query import PreparedQuery
from core.signals import (
    domain_event,
    domain_events,
    fixture_cancelled,
    fixtures_scheduled,
    lineup_changed,
    result_corrected,
    result_voided,
    results_created,
)
from forecasts.signals import forecast_stored
from league.models import Season, Team
from matches.models import Fixture, Result, ResultCorrection
from ratings.signals import team_ratings_changed

SETTLE = "betting.tasks.fixture_settle_task"
RESETTLE = "betting.tasks.correction_resettle_task"
ODDS = "betting.tasks.odds_refresh_task"
RATINGS = "betting.tasks.ratings_changed_task"
SEASON_SETTLE = "betting.tasks.season_settle_task"


def _fixed_odds(**league: Any) -> bool:
    return BettingSettings.objects.filter(mode=BettingSettings.Mode.FIXED, **league).exists()


def _has_open_bets(fixture_id: int) -> bool:
    return Bet.objects.filter(fixture_id=fixture_id, status=Bet.Status.OPEN).exists()


@receiver(post_save, sender=Result, dispatch_uid="betting.result_saved")
def result_saved(sender: Any, instance: Result, created: bool, **kwargs: Any) -> None:
    if created and _has_open_bets(instance.fixture_id):
        enqueue_on_commit(SETTLE, instance.fixture_id)


@receiver(results_created, dispatch_uid="betting.results_created")
def results_saved(sender: Any, results: list[Result], **kwargs: Any) -> None:
    """Results written together (a chunk of simulations): as :func:`result_saved` for each,
    the fixtures with open bets found in one query."""
    fixture_ids = [result.fixture_id for result in results]
    open_bets = Bet.objects.filter(fixture_id__in=fixture_ids, status=Bet.Status.OPEN)
    with_bets = set(open_bets.values_list("fixture_id", flat=True).distinct())
    for fixture_id in fixture_ids:
        if fixture_id in with_bets:
            enqueue_on_commit(SETTLE, fixture_id)


@receiver(result_corrected, dispatch_uid="betting.result_corrected")
@receiver(result_voided, dispatch_uid="betting.result_voided")
def corrected(sender: Any, correction: ResultCorrection, **kwargs: Any) -> None:
    """A result voided, or given another winner, after its fixture's bets were paid: the
    witness of the re-settlement owed (``Resettlement``) is written in the correction's
    transaction, under the fixture's lock, and the task sent after commit (the sweep sends it
    again if the message is lost or the task fails). A new score with the same winner changes
    no bet; a fixture not settled yet is paid by its result as it stands, by its own
    settlement."""
    voided = correction.kind == ResultCorrection.Kind.VOIDED
    if not voided and correction.before["winner"] == correction.after["winner"]:
        return
    if Settlement.objects.filter(fixture_id=correction.fixture_id, reversed_at=None).exists():
        Resettlement.objects.create(correction=correction, fixture_id=correction.fixture_id)
        enqueue_on_commit(RESETTLE, correction.pk)


@receiver(fixture_cancelled, dispatch_uid="betting.fixture_cancelled")
def cancelled(sender: Any, fixture_id: int, **kwargs: Any) -> None:
    if _has_open_bets(fixture_id):
        enqueue_on_commit(SETTLE, fixture_id)


@receiver(fixtures_scheduled, dispatch_uid="betting.fixtures_scheduled")
def scheduled(sender: Any, fixture_ids: list[int], **kwargs: Any) -> None:
    if fixture_ids and _fixed_odds(league__seasons__fixtures=fixture_ids[0]):
        for fixture_id in fixture_ids:
            enqueue_on_commit(ODDS, fixture_id)


def _priced_ahead(home_id: int, away_id: int) -> QuerySet[Fixture]:
    return Fixture.objects.filter(
        Q(home_id=home_id) | Q(away_id=away_id),
        status=Fixture.Status.SCHEDULED,
        season__league__betting__mode=BettingSettings.Mode.FIXED,
    ).only("pk")


_priced_ahead_rows = PreparedQuery(_priced_ahead, (int, int))
"""A team's (its id given twice: home, away), after each roster write: compiled once per
connection, which costs less than compiling its four tables each time."""


@receiver(lineup_changed, dispatch_uid="betting.lineup_changed")
def team_lineup_changed(sender: Any, team: Team, **kwargs: Any) -> None:
    """The team's fixtures ahead are priced again, in a league with fixed odds (one query: the
    league's mode is read with them)."""
    for fixture in _priced_ahead_rows(team.pk, team.pk):
        enqueue_on_commit(ODDS, fixture.pk)


@receiver(team_ratings_changed, dispatch_uid="betting.team_ratings_changed")
def ratings_changed(sender: Any, league_id: int, **kwargs: Any) -> None:
    """The league's ratings changed: its draw model fitted again and, at fixed odds, its
    fixtures ahead priced again, by a worker once the new ratings are committed."""
    enqueue_on_commit(RATINGS, league_id)


@receiver(forecast_stored, dispatch_uid="betting.forecast_stored")
def forecast_stored_heard(
    sender: Any, season_id: int, generation: int, teams: list[dict[str, Any]], **kwargs: Any
) -> None:
    """A new forecast of the season: its champion market priced again, in the forecast's
    transaction, where the league bets."""
    betting_on = Season.objects.filter(
        pk=season_id,
        league__betting__mode__in=[BettingSettings.Mode.FIXED, BettingSettings.Mode.POOL],
    )
    if betting_on.exists():
        from betting.futures import season_odds_refresh

        season_odds_refresh(season_id=season_id, generation=generation, teams=teams)


@receiver(domain_event, dispatch_uid="betting.season_finished")
def season_finished(sender: Any, event: Event, **kwargs: Any) -> None:
    """A season finished (the event is sent once its transaction committed): its champion
    bets are paid by a worker (the sweep sends it again if the message is lost)."""
    if event.kind != "season.finished":
        return
    season_id = event.data["season"]
    if Bet.objects.filter(season_id=season_id, status=Bet.Status.OPEN).exists():
        enqueue_on_commit(SEASON_SETTLE, season_id)


@receiver(domain_events, dispatch_uid="betting.seasons_finished")
def seasons_finished(sender: Any, events: Any, **kwargs: Any) -> None:
    """Events sent together (``core.events.publish_many``): each heard as alone."""
    for event in events:
        season_finished(sender, event=event)
