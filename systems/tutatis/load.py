"""Tutatis in bulk, for ``manage.py generate_load`` (the ``load_teams``, ``load_kick_off`` and
``load_results`` of ``loadgen.plugins.load``).

* Teams: the rows the roster services (``team_list_choose``, ``roster_set``) write, from the
  shipped sample lists as the demo builds them, each roster checked by the engine.
* Kick-off: each team's sheet built once, the league's rules frozen with it.
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
from matches.models import Fixture, Result
from rules_engine import Dice, MatchOutcome
from rules_engine.tutatis import SYSTEM
from systems.tutatis import engine, selectors
from systems.tutatis.demo import ROSTER, TEAMS
from systems.tutatis.models import Player, PostMatchRun, ResultReport, TeamList, TutatisTeam
from systems.tutatis.services import lists, rosters

SIDES = ("home", "away")


def load_teams(*, league: League, teams: Sequence[Mapping[str, Any]], dice: Dice) -> list[Team]:
    """The teams, each on one of the demo's sample lists with the demo's roster counts: the
    rows ``team_list_choose`` and ``roster_set`` write, each roster checked by the engine's
    team-building rules as ``roster_set`` checks it, in a few statements for all."""
    lists.samples_install()
    samples = {name: TeamList.objects.get(league=None, name=name) for _n, name, *_r in TEAMS}
    entries = {name: list(team_list.entries.order_by("pk")) for name, team_list in samples.items()}
    budget = engine.league_rules(league).budget
    chosen = [TEAMS[dice.roll(len(TEAMS), "team list") - 1][1] for _spec in teams]
    rows = Team.objects.bulk_create([Team(league=league, **spec) for spec in teams])
    TutatisTeam.objects.bulk_create(
        TutatisTeam(team=team, team_list=samples[name])
        for team, name in zip(rows, chosen, strict=True)
    )
    players: list[Player] = []
    for team, name in zip(rows, chosen, strict=True):
        taken: set[str] = set()
        squad = [
            rosters._hired(entry, team, rosters._free_name(entry.name, taken), on_pitch)
            for index, pitch, bench in ROSTER
            for entry in [entries[name][index]]
            for on_pitch in [True] * pitch + [False] * bench
        ]
        rosters._refuse(engine.team_check(squad, budget=budget))
        players += squad
    Player.objects.bulk_create(players)
    return rows


def load_kick_off(*, fixtures: Sequence[Fixture], dice: Dice) -> None:
    """Freeze the fixtures as ``kick_off`` does, on the objects only."""
    if not fixtures:
        return
    rules = engine.league_rules(fixtures[0].season.league)
    teams = {team.pk: team for f in fixtures for team in (f.home, f.away)}
    sheets = {pk: selectors.team_sheet(team) for pk, team in teams.items()}
    options = {"budget": rules.budget, "time_warp_tokens": rules.time_warp_tokens}
    now = timezone.now()
    for fixture in fixtures:
        fixture.home_sheet = sheets[fixture.home_id]
        fixture.away_sheet = sheets[fixture.away_id]
        fixture.options = dict(options)
        fixture.status = Fixture.Status.LOCKED
        fixture.locked_at = now


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
