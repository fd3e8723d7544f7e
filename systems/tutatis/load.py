"""Tutatis in bulk, for ``manage.py generate_load`` (the ``load_teams``, ``load_kick_off`` and
``load_results`` of ``loadgen.plugins.load``).

* Teams: through the roster services' bulk variants (``teams_register``,
  ``team_lists_choose``, ``rosters_set``, which ``team_list_choose`` and ``roster_set`` call
  for one team), on the shipped sample lists as the demo builds them.
* Kick-off: the kick-off's own ``fixtures_freeze``, each team's sheet built once.
* Results: a plausible score per fixture (goals and shots over the bar drawn on the dice,
  nobody badly hurt) entered by the home coach and confirmed by the away coach, read by the
  engine as ``report_enter`` and ``report_confirm`` read it; the post-match sequence is run by
  the engine on each result and its witness stored: with nobody hurt it carries nothing over,
  exactly as the worker would.
"""

from collections.abc import Mapping, Sequence
from typing import Any

from django.contrib.auth.models import User
from django.utils import timezone

from core.bulk import rows_insert
from league.models import League, Team
from league.services import teams_register
from matches.models import Fixture, Result
from rules_engine import Dice, MatchOutcome
from rules_engine.tutatis import SYSTEM
from systems.tutatis import kickoff
from systems.tutatis.demo import ROSTER, TEAMS
from systems.tutatis.models import PostMatchRun, ResultReport, TeamList
from systems.tutatis.services import lists, rosters

SIDES = ("home", "away")


def team_lists_draw(*, teams: int, dice: Dice) -> list[TeamList]:
    """The sample list each of ``teams`` teams hires from, as their coaches might choose."""
    lists.samples_install()
    samples = {name: TeamList.objects.get(league=None, name=name) for _n, name, *_r in TEAMS}
    return [samples[TEAMS[dice.roll(len(TEAMS), "team list") - 1][1]] for _team in range(teams)]


def roster_counts(team_list: TeamList) -> dict[int, tuple[int, int]]:
    """The demo's roster counts on ``team_list``: entry id -> (on the pitch, on the bench)."""
    entries = list(team_list.entries.order_by("pk"))
    return {entries[index].pk: (pitch, bench) for index, pitch, bench in ROSTER}


def load_teams(*, league: League, teams: Sequence[Mapping[str, Any]], dice: Dice) -> list[Team]:
    """The teams, each on one of the demo's sample lists with the demo's roster counts, built
    by the commissioner through the roster services' bulk variants."""
    chosen = team_lists_draw(teams=len(teams), dice=dice)
    rows = teams_register(league=league, teams=teams)
    user = league.commissioner
    rosters.team_lists_choose(user=user, choices=list(zip(rows, chosen, strict=True)))
    counts = {team_list.pk: roster_counts(team_list) for team_list in chosen}
    rosters.rosters_set(
        user=user,
        rosters=[
            (team, counts[team_list.pk]) for team, team_list in zip(rows, chosen, strict=True)
        ],
    )
    return rows


def load_kick_off(*, fixtures: Sequence[Fixture], dice: Dice) -> None:
    """Freeze the fixtures as ``kick_off`` does (``kickoff.fixtures_freeze``), on the objects
    only."""
    for _fixture, error in kickoff.fixtures_freeze(fixtures=fixtures):
        raise error


def load_results(*, fixtures: Sequence[Fixture], dice: Dice, by: User) -> list[Result]:
    """Entered and confirmed results, their post-match witnesses; the unsaved results."""
    outcomes, reports = [], []
    now = timezone.now()
    for fixture in fixtures:
        entered = {
            side: {
                "goals": dice.roll(4, f"{side} goals") - 1,
                "over_bar": dice.roll(4, f"{side} over the bar") - 1,
                "badly_hurt": [],
            }
            for side in SIDES
        }
        outcome = SYSTEM.record_result(  # type: ignore[attr-defined]
            fixture.home_sheet, fixture.away_sheet, entered, dice=Dice(0)
        )
        outcomes.append(outcome)
        reports.append(
            ResultReport(
                fixture=fixture,
                submitted_by_id=fixture.home.coach_id or by.pk,
                payload=outcome.record["result"],
                status=ResultReport.Status.CONFIRMED,
                reviewed_by_id=fixture.away.coach_id or by.pk,
                reviewed_at=now,
            )
        )
    rows_insert(ResultReport, reports)
    results, runs = [], []
    for fixture, outcome, report in zip(fixtures, outcomes, reports, strict=True):
        record = {**outcome.record, "result_report": report.pk}
        results.append(
            Result(
                fixture=fixture,
                home_score=outcome.home_score,
                away_score=outcome.away_score,
                winner=outcome.winner or Result.Winner.DRAW,
                decided_by=outcome.decided_by,
                seed=outcome.seed,
                record=record,
            )
        )
        carried = SYSTEM.post_match(
            MatchOutcome(
                home_score=outcome.home_score,
                away_score=outcome.away_score,
                winner=outcome.winner,
                decided_by=outcome.decided_by,
                seed=outcome.seed,
                record=record,
            ),
            dice=Dice(outcome.seed),
            options={},
        )
        runs.append(
            PostMatchRun(
                fixture=fixture,
                status=PostMatchRun.Status.DONE,
                done_at=now,
                seed=outcome.seed,
                log=carried,
            )
        )
    rows_insert(PostMatchRun, runs)
    return results
