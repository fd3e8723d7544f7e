"""A commissioner's changes to a fixture's result after the fact, for every game at once.

* ``result_correct``: a played result gets another score or winner, with a reason;
* ``result_void``: the result is removed and the fixture scheduled again, to be replayed;
* ``fixture_award``: a fixture not played yet is given to one side by forfeit, with the
  league's forfeit score and its points for a win and a loss.

Each writes a ``ResultCorrection`` row (who, when, why, before and after) under the teams' and
the fixture's row locks (``matches.locking``), asks the league's game to undo what its
post-match sequence did on the old result or to flag it for review (``matches.plugins.results``:
``result_corrected``, ``result_voided``), and tells the layers above: ``core.signals``
(betting records in the same transaction that a market paid on the old result is owed its
re-settlement, done by a worker after commit) and ``core.events`` (``result.corrected``, ``result.voided``: both coaches, keyed
by the correction). The teams' kept standings are counted again in the same transaction
(``matches.receivers`` hears the result saved or deleted), so the table follows at once. Bad input raises ``ValidationError`` naming the field
before anything is written; a fixture in the wrong state raises :class:`WrongState` (409).
"""

from datetime import datetime
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core import registry
from core.refusals import Refused
from core.signals import fixtures_scheduled, result_corrected, result_voided
from league.services import season_check_open
from matches import locking, plugins
from matches.events import fixture_publish
from matches.models import MAX_SCORE, Fixture, Result, ResultCorrection, kickoff_in_range
from matches.table_results.services import reports_supersede

REASON_MAX = 500
SIDES = ("home", "away")


class WrongState(Refused):
    """The fixture is not in a state the command applies to (played, or not yet)."""

    status_code = 409


def result_snapshot(result: Result) -> dict[str, Any]:
    """What a correction records of a result, before and after."""
    return {
        "home_score": result.home_score,
        "away_score": result.away_score,
        "winner": result.winner,
        "decided_by": result.decided_by,
    }


def _reason(reason: str | None) -> str:
    text = (reason or "").strip()
    if not text:
        raise Refused(
            "reason_required", _("Give the reason: it is kept with the history."), field="reason"
        )
    if len(text) > REASON_MAX:
        raise Refused(
            "reason_too_long",
            _("Keep the reason under %(max)s characters."),
            field="reason",
            max=REASON_MAX,
        )
    return text


def _check_score(
    fixture: Fixture, *, home_score: Any, away_score: Any, winner: Any, decided_by: str
) -> None:
    errors: dict[str, str] = {}
    for name, value in (("home_score", home_score), ("away_score", away_score)):
        if isinstance(value, bool) or not isinstance(value, int):
            errors[name] = _("Give a whole number.")
        elif not 0 <= value <= MAX_SCORE:
            errors[name] = _("A score is from 0 to %(max)s.") % {"max": MAX_SCORE}
    outcomes = plugins.outcomes_of(fixture)
    if winner not in outcomes:
        errors["winner"] = _("Choose one of %(outcomes)s.") % {"outcomes": ", ".join(outcomes)}
    if not errors:
        check = plugins.results.of(fixture.season.league.rule_system).result_check
        errors = dict(
            check(
                fixture=fixture,
                home_score=home_score,
                away_score=away_score,
                winner=winner,
                decided_by=decided_by,
            )
        )
    if errors:
        raise ValidationError(errors)


def _locked(fixture_id: int) -> Fixture:
    """The fixture with both teams locked (``matches.locking``), of a season not archived."""
    fixture = locking.lock_fixture_with_teams(fixture_id)
    if fixture is None:
        raise Refused("not_found", _("No such fixture."), field="fixture")
    season_check_open(season=fixture.season)
    return fixture


def _publish(kind: str, correction: ResultCorrection, fixture: Fixture) -> None:
    """Both coaches told, once per correction (its own key)."""
    fixture_publish(
        kind,
        fixture=fixture,
        key=f"{kind}:{correction.pk}",
        extra={
            "correction": correction.pk,
            "reason": correction.reason,
            "before": correction.before,
            "after": correction.after,
        },
    )


@transaction.atomic
def result_correct(
    *,
    result: Result,
    home_score: int,
    away_score: int,
    winner: str,
    reason: str,
    by: User | None,
) -> ResultCorrection:
    """Give a played result another score or winner (how it was decided stays)."""
    reason = _reason(reason)
    fixture = _locked(result.fixture_id)
    current = Result.objects.select_for_update().filter(fixture=fixture).first()
    if current is None or current.pk != result.pk:
        raise WrongState("not_played", _("This fixture has no result to correct."), field="result")
    _check_score(
        fixture,
        home_score=home_score,
        away_score=away_score,
        winner=winner,
        decided_by=current.decided_by,
    )
    before = result_snapshot(current)
    if (home_score, away_score, winner) == (current.home_score, current.away_score, current.winner):
        raise Refused(
            "result_unchanged",
            _("This is the result already stored: change the score or winner."),
            field="home_score",
        )
    current.home_score, current.away_score, current.winner = home_score, away_score, winner
    current.save(update_fields=["home_score", "away_score", "winner"])
    correction = ResultCorrection.objects.create(
        fixture=fixture,
        result=current,
        kind=ResultCorrection.Kind.CORRECTED,
        reason=reason,
        by=by,
        before=before,
        after=result_snapshot(current),
    )
    game = plugins.results.of(fixture.season.league.rule_system)
    correction.flags = list(game.result_corrected(result=current, before=before))
    if correction.flags:
        correction.save(update_fields=["flags"])
    result_corrected.send(sender=ResultCorrection, correction=correction)
    _publish("result.corrected", correction, fixture)
    return correction


@transaction.atomic
def result_void(
    *, result: Result, reason: str, by: User | None, kickoff: datetime | None = None
) -> ResultCorrection:
    """Remove a played result: the fixture is scheduled again (at ``kickoff`` when given), out
    of its simulation batches, and replayed at its kick-off; bets already paid on it are
    reversed (by a worker, after commit) and stay open for the replay."""
    reason = _reason(reason)
    if kickoff is not None:
        try:
            kickoff_in_range(kickoff)
        except ValidationError as error:  # the model's validator, named on this field
            raise Refused("kickoff_range", error.messages[0], field="kickoff") from None
    fixture = _locked(result.fixture_id)
    current = Result.objects.select_for_update().filter(fixture=fixture).first()
    if current is None or current.pk != result.pk:
        raise WrongState("not_played", _("This fixture has no result to void."), field="result")
    before = result_snapshot(current)
    current.delete()
    fixture.status = Fixture.Status.SCHEDULED
    fixture.locked_at = None
    fixture.problem = ""
    fixture.sweep_attempts = 0
    if kickoff is not None:
        fixture.kickoff = kickoff
    fixture.save(update_fields=["status", "locked_at", "problem", "sweep_attempts", "kickoff"])
    # out of its simulation batches, whose sweep would kick it off at once: the replay waits
    # for its kick-off
    fixture.batches.clear()
    correction = ResultCorrection.objects.create(
        fixture=fixture,
        kind=ResultCorrection.Kind.VOIDED,
        reason=reason,
        by=by,
        before=before,
    )
    game = plugins.results.of(fixture.season.league.rule_system)
    correction.flags = list(game.result_voided(fixture=fixture, before=before))
    if correction.flags:
        correction.save(update_fields=["flags"])
    result_voided.send(sender=ResultCorrection, correction=correction)
    fixtures_scheduled.send(sender=Fixture, fixture_ids=[fixture.pk])  # priced again
    _publish("result.voided", correction, fixture)
    return correction


@transaction.atomic
def fixture_award(
    *, fixture: Fixture, winner: str, reason: str, by: User | None
) -> ResultCorrection:
    """Give a fixture not played yet (scheduled, or kicked off without a result) to
    ``winner`` by forfeit: the league's forfeit scores, its points for a win and a loss. Bets
    on it settle on the awarded winner and ``fixture.played`` is told, as for any result
    stored (the betting and notifications receivers of a new ``Result``)."""
    reason = _reason(reason)
    if winner not in SIDES:
        raise Refused(
            "winner_required", _("Award the fixture to the home or the away side."), field="winner"
        )
    locked = _locked(fixture.pk)
    if locked.status not in (Fixture.Status.SCHEDULED, Fixture.Status.LOCKED) or (
        Result.objects.filter(fixture=locked).exists()
    ):
        raise WrongState(
            "not_open",
            _("Only a fixture not played yet (nor cancelled) can be awarded."),
            field="fixture",
        )
    league = locked.season.league
    reports_supersede(fixture=locked)  # a report entered at the table can no longer apply
    scores = {winner: league.forfeit_score_for}
    scores["away" if winner == "home" else "home"] = league.forfeit_score_against
    result = Result.objects.create(
        fixture=locked,
        home_score=scores["home"],
        away_score=scores["away"],
        winner=winner,
        decided_by=registry.FORFEIT,
        seed=0,
        record={
            "awarded": {"winner": winner, "reason": reason, "by": by.get_username() if by else ""}
        },
    )
    locked.status = Fixture.Status.PLAYED
    if locked.locked_at is None:
        locked.locked_at = timezone.now()
    locked.save(update_fields=["status", "locked_at"])
    correction = ResultCorrection.objects.create(
        fixture=locked,
        result=result,
        kind=ResultCorrection.Kind.AWARDED,
        reason=reason,
        by=by,
        after=result_snapshot(result),
    )
    plugins.results.of(league.rule_system).fixture_awarded(fixture=locked, result=result)
    return correction
