"""Killpower helpers for the tests: reports as coaches enter them, and a whole match entered,
confirmed and followed by its post-match sequence."""

from django.test.testcases import TestCase

from matches.models import Fixture, Result
from matches.table_results.services import report_confirm, report_enter


def report(home_score: int, away_score: int, /, **sides) -> dict:
    """A match report: the score after 20 turns, and each side's details (``home={...}``)."""
    return {"score": {"home": home_score, "away": away_score}, **sides}


def play(
    fixture: Fixture,
    home_score: int,
    away_score: int,
    /,
    *,
    by,
    confirm_by,
    seed: int | None = None,
    free_throws: dict | None = None,
    **sides,
) -> Result:
    """Enter the score, confirm it and run what the confirmation enqueues after commit
    (the post-match sequence, and in a tournament the next bracket fixture)."""
    entered = report_enter(
        fixture=fixture,
        user=by,
        result=report(home_score, away_score, **sides),
        options=free_throws,
    )
    with TestCase.captureOnCommitCallbacks(execute=True):
        return report_confirm(report=entered, user=confirm_by, seed=seed)
