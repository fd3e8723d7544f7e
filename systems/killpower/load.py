"""Killpower Ball in bulk, for ``manage.py generate_load`` (the ``load_teams``,
``load_kick_off`` and ``load_results`` of ``loadgen.plugins.load``): a championship's teams, kick-offs and
entered results for a whole season at once.

* Teams: seven gladiators each, registered by ``killpower_teams_register`` (the bulk variant
  of the coaches' ``killpower_team_register``), each team drawn on a seed of its own.
* Kick-off: each team's sheet built once, the RAP drawn per fixture on its own seed (stored in
  ``options["kickoff"]`` with its rolls).
* Results: a plausible report per fixture (scores 0-5, four to six gladiators played, nobody
  hurt) entered by the home coach and confirmed by the away coach, recorded by the engine with
  its seed; the post-match sequence is run by the engine on the result, its witness
  (``PostMatchRun``) stored with its log and rolls, and what it gives (ranking points, +5 XP
  per match played) added up per team and gladiator. The sheets frozen at each kick-off are
  the season's starting rosters: generated history does not carry each match's experience
  into the next kick-off. Kick-offs and results are not yet played through the result-report
  workflow's round-level variants (``matches.table_results.bulk``, as Tutatis's are): the
  Killpower kick-off and post-match sequence have no set-based form yet.
"""

from collections import defaultdict
from collections.abc import Mapping, Sequence
from typing import Any

from django.contrib.auth.models import User
from django.db.models import F
from django.utils import timezone

from core import documents
from core.bulk import rows_insert
from league.models import League, Team
from matches.models import Fixture, Result
from rules_engine import Dice, MatchOutcome
from rules_engine.dice import MAX_SEED
from rules_engine.killpower import (
    SYSTEM,
    KillpowerSettings,
    division,
    draw_rapidity,
    parse_report,
    parse_team,
    targets,
)
from systems.killpower import SIDES, engine
from systems.killpower.demo import EQUIPMENT, NAMES, SPECIALIZATIONS
from systems.killpower.documents import RESULT_REPORT
from systems.killpower.kickoff import fixture_settings
from systems.killpower.models import (
    Gladiator,
    KillpowerTeam,
    PostMatchRun,
    ResultReport,
)
from systems.killpower.report_checks import WOUNDED
from systems.killpower.selectors import gladiators as selectors
from systems.killpower.services.teams import killpower_teams_register


def _seed(dice: Dice, purpose: str) -> int:
    return dice.roll(MAX_SEED, purpose) - 1


def load_teams(*, league: League, teams: Sequence[Mapping[str, Any]], dice: Dice) -> list[Team]:
    """The teams, each with seven gladiators chosen as the demo's coaches choose them,
    registered by ``killpower_teams_register`` (the bulk variant ``killpower_team_register``
    calls), each team drawn on a seed of its own."""
    gladiators = [
        {"name": f"{name} {number}", "specialization": spec, "equipment": kit}
        for number, (name, spec, kit) in enumerate(
            zip(NAMES, SPECIALIZATIONS, EQUIPMENT, strict=True), start=1
        )
    ]
    return killpower_teams_register(
        league=league,
        teams=[
            {**spec, "gladiators": gladiators, "seed": _seed(dice, "team seed")} for spec in teams
        ],
    )


def load_kick_off(*, fixtures: Sequence[Fixture], dice: Dice) -> None:
    """Freeze the fixtures as ``kick_off`` does (sheets, settings, the RAP drawn per fixture
    on its own seed), on the objects only."""
    if not fixtures:
        return
    settings = engine.league_settings(fixtures[0].season.league)
    teams = {team.pk: team for f in fixtures for team in (f.home, f.away)}
    sheets = {pk: selectors.team_sheet(team=team) for pk, team in teams.items()}
    parsed = {pk: parse_team(sheet, "team").gladiators for pk, sheet in sheets.items()}
    now = timezone.now()
    for fixture in fixtures:
        own = Dice(_seed(dice, "kick-off seed"))
        ids = {"home": fixture.home_id, "away": fixture.away_id}
        rapidity = {side: draw_rapidity(parsed[ids[side]], dice=own) for side in SIDES}
        powers = {side: sheets[ids[side]]["power"] for side in SIDES}
        fixture.home_sheet, fixture.away_sheet = sheets[fixture.home_id], sheets[fixture.away_id]
        fixture.options = {
            "settings": settings.to_dict(),
            "kickoff": {
                "seed": own.seed,
                "rolls": own.log(),
                "rapidity": rapidity,
                "power": powers,
                "division": {side: division(powers[side]) for side in SIDES},
                "points_to_score": targets(
                    powers["home"], powers["away"], settings.targets
                ).to_dict(),
            },
        }
        fixture.status = Fixture.Status.LOCKED
        fixture.locked_at = now


def _report(fixture: Fixture, dice: Dice) -> dict[str, Any]:
    report: dict[str, Any] = {
        "score": {side: dice.d6(f"{side} score") - 1 for side in SIDES},
    }
    for side in SIDES:
        names = [g["name"] for g in getattr(fixture, f"{side}_sheet")["gladiators"]]
        report[side] = {"played": names[: 3 + dice.roll(3, "gladiators played")]}
    return report


def load_results(*, fixtures: Sequence[Fixture], dice: Dice, by: User) -> list[Result]:
    """Entered and confirmed results for saved, kicked-off fixtures, their post-match
    sequences run and applied; the unsaved results (``matches.bulk.results_write``)."""
    reports, payloads = [], []
    teams: dict[tuple[int, str], Any] = {}  # each team parsed once, as each side it plays
    table = (
        KillpowerSettings.parse(fixture_settings(fixtures[0]), "settings").targets
        if fixtures
        else None
    )
    for fixture in fixtures:
        for side in SIDES:
            key = (getattr(fixture, f"{side}_id"), side)
            if key not in teams:
                teams[key] = parse_team(getattr(fixture, f"{side}_sheet"), side)
        parsed = parse_report(
            _report(fixture, dice),
            teams[(fixture.home_id, "home")],
            teams[(fixture.away_id, "away")],
            table=table,
        )  # as ``report_checks.parsed_report`` reads what a coach enters
        payload = parsed.to_dict()
        for side in SIDES:
            payload[side][WOUNDED] = []
        payloads.append(payload)
    stamped = documents.stamp_many(RESULT_REPORT, payloads)
    now = timezone.now()
    for fixture, payload in zip(fixtures, stamped, strict=True):
        reports.append(
            ResultReport(
                fixture=fixture,
                submitted_by_id=fixture.home.coach_id or by.pk,
                payload=payload,
                status=ResultReport.Status.CONFIRMED,
                reviewed_by_id=fixture.away.coach_id or by.pk,
                reviewed_at=now,
            )
        )
    rows_insert(ResultReport, reports)
    results, runs = [], []
    ranking: dict[int, int] = defaultdict(int)
    xp: dict[tuple[int, str], int] = defaultdict(int)
    for fixture, report, payload in zip(fixtures, reports, payloads, strict=True):
        options = fixture_settings(fixture)
        recorded = Dice(_seed(dice, "result seed"))
        engine_report = {key: value for key, value in payload.items()}
        for side in SIDES:
            engine_report[side] = {k: v for k, v in payload[side].items() if k != WOUNDED}
        outcome = SYSTEM.record_result(
            fixture.home_sheet, fixture.away_sheet, engine_report, dice=recorded, options=options
        )
        record = {
            **outcome.record,
            "home_score": outcome.home_score,
            "away_score": outcome.away_score,
            "winner": outcome.winner,
            "decided_by": outcome.decided_by,
            "seed": outcome.seed,
            "rolls": recorded.log(),
            WOUNDED: {side: [] for side in SIDES},
            "result_report": report.pk,
        }
        result = Result(
            fixture=fixture,
            home_score=outcome.home_score,
            away_score=outcome.away_score,
            winner=outcome.winner or Result.Winner.DRAW,
            decided_by=outcome.decided_by,
            seed=outcome.seed,
            record=record,
        )
        results.append(result)
        sequence = Dice(_seed(dice, "post-match seed"))
        sides = SYSTEM.post_match(
            MatchOutcome(
                home_score=outcome.home_score,
                away_score=outcome.away_score,
                winner=outcome.winner,
                decided_by=outcome.decided_by,
                seed=outcome.seed,
                record=record,
            ),
            dice=sequence,
            options={**options, "decisions": {}, "used_names": {side: [] for side in SIDES}},
        )
        runs.append(
            PostMatchRun(
                fixture=fixture,
                status=PostMatchRun.Status.DONE,
                done_at=now,
                seed=sequence.seed,
                log=sides,
                rolls=sequence.log(),
            )
        )
        for side in SIDES:
            team_id = getattr(fixture, f"{side}_id")
            before = getattr(fixture, f"{side}_sheet")
            ranking[team_id] += sides[side]["team"]["ranking_points"] - before["ranking_points"]
            start = {g["name"]: g.get("xp", 0) for g in before["gladiators"]}
            for entry in sides[side]["log"]["experience"]:
                xp[(team_id, entry["gladiator"])] += entry["xp"] - start.get(entry["gladiator"], 0)
    rows_insert(PostMatchRun, runs)
    _apply(ranking, xp)
    return results


def _apply(ranking: Mapping[int, int], xp: Mapping[tuple[int, str], int]) -> None:
    """What the season's post-match sequences gave, added to the teams and gladiators."""
    known = set(KillpowerTeam.objects.filter(team_id__in=ranking).values_list("team_id", flat=True))
    KillpowerTeam.objects.bulk_create(
        KillpowerTeam(team_id=team_id, ranking_points=0)
        for team_id in ranking
        if team_id not in known
    )
    for team_id, points in ranking.items():
        if points:
            KillpowerTeam.objects.filter(team_id=team_id).update(
                ranking_points=F("ranking_points") + points
            )
    gladiators = Gladiator.objects.filter(team_id__in=ranking).only("pk", "team_id", "name", "xp")
    changed = []
    for gladiator in gladiators:
        gained = xp.get((gladiator.team_id, gladiator.name), 0)
        if gained:
            gladiator.xp += gained
            changed.append(gladiator)
    Gladiator.objects.bulk_update(changed, ["xp"], batch_size=500)
