"""Results as coaches enter them, built from the line-ups frozen at kick-off."""

from django.test.testcases import TestCase

from matches.models import Fixture
from matches.table_results.services import report_confirm, report_enter


def ids(fixture: Fixture, side: str) -> list[str]:
    """The ids of a side's players in the frozen line-up (number order)."""
    fixture.refresh_from_db()
    return [p["id"] for p in getattr(fixture, f"{side}_sheet")["players"]]


def side(player_ids: list[str], **lines: dict) -> dict:
    """Every player played; ``lines`` maps a player's index to what he did (``{0: {...}}``)."""
    return {
        "stats": [
            {"player": pid, "played": True, **lines.get(f"p{index}", {})}
            for index, pid in enumerate(player_ids)
        ]
    }


def kick_off(fixture: Fixture) -> None:
    from django.db import transaction

    from matches import locking
    from systems.mythril.kickoff import kick_off as freeze

    with transaction.atomic():
        freeze(locking.lock_fixture_with_teams(fixture.pk))
    fixture.refresh_from_db()


def enter_and_confirm(fixture: Fixture, result: dict, *, by, confirm_by, run: bool = False):
    report = report_enter(fixture=fixture, user=by, result=result)
    with TestCase.captureOnCommitCallbacks(execute=run):
        return report_confirm(report=report, user=confirm_by)
