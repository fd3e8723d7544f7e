"""Mythril for ``manage.py generate_load`` (``loadgen.plugins.load``): the demo's drafts
registered through the coaches' service (the engine checks each, the treasuries pay through
the ledger), the sheets frozen as at kick-off, and results entered by the home coach,
confirmed by the away coach and recorded as the workflow records them.

The post-match witness is written done with an empty log: generated history carries no star
player points, level-ups or winnings (the treasuries keep their starting gold). Not yet through
the round-level variants of the result-report workflow (``matches.table_results.bulk``, as
Tutatis is): the Mythril kick-off and post-match sequence have no set-based form yet, and one
fixture at a time costs forty times today's generation.
"""

from collections.abc import Mapping, Sequence
from typing import Any

from django.contrib.auth.models import User
from django.utils import timezone

from core.bulk import rows_insert
from league.models import League, Team
from matches.models import Fixture, Result
from matches.table_results.services import result_of
from rules_engine import Dice
from systems.mythril import SIDES
from systems.mythril.demo import TEAMS, _players, result_entry
from systems.mythril.kickoff import KICK_OFF
from systems.mythril.models import PostMatchRun, ResultReport
from systems.mythril.report_checks import validated
from systems.mythril.services.teams import mythril_teams_register
from systems.mythril.table_results import MythrilResults


def load_teams(*, league: League, teams: Sequence[Mapping[str, Any]], dice: Dice) -> list[Team]:
    """The teams, each on one of the demo's drafts, registered as their coaches would."""
    drafts = [TEAMS[dice.roll(len(TEAMS), "draft") - 1] for _spec in teams]
    return mythril_teams_register(
        league=league,
        teams=[
            {**spec, "team_list": race, "players": _players(picks), "home_pitch": pitch}
            for spec, (_name, race, picks, pitch) in zip(teams, drafts, strict=True)
        ],
    )


def load_kick_off(*, fixtures: Sequence[Fixture], dice: Dice) -> None:
    """Freeze the fixtures as ``kick_off`` does, on the objects only."""
    KICK_OFF.fixtures_freeze(fixtures=fixtures)


def load_results(*, fixtures: Sequence[Fixture], dice: Dice, by: User) -> list[Result]:
    """Entered and confirmed results, their post-match witnesses; the unsaved results."""
    now = timezone.now()
    reports = [
        ResultReport(
            fixture=fixture,
            submitted_by_id=fixture.home.coach_id or by.pk,
            payload=validated(
                fixture,
                result_entry(fixture, *(dice.roll(4, f"{s} touchdowns") - 1 for s in SIDES)),
            ),
            status=ResultReport.Status.CONFIRMED,
            reviewed_by_id=fixture.away.coach_id or by.pk,
            reviewed_at=now,
        )
        for fixture in fixtures
    ]
    rows_insert(ResultReport, reports)
    plugin = MythrilResults()
    results = [
        result_of(fixture, plugin, report, dice=Dice(0))
        for fixture, report in zip(fixtures, reports, strict=True)
    ]
    PostMatchRun.objects.bulk_create(
        PostMatchRun(fixture=fixture, status=PostMatchRun.Status.DONE, done_at=now)
        for fixture in fixtures
    )
    return results
