"""Mythril in bulk, for ``manage.py generate_load`` (the ``load_teams``, ``load_kick_off`` and
``load_results`` of ``loadgen.plugins.load``).

* Teams: the rows ``mythril_team_register`` writes, on the demo's four drafts (the engine
  checks each draft once, the treasury is granted its gold and pays for the players through
  the ledger).
* Kick-off: each team's sheet built once, the league's settings frozen with it.
* Results: a plausible report per fixture (touchdowns drawn on the dice, scored by the first
  players of each side) validated by ``report_checks.validated`` as ``report_enter`` does,
  entered by the home coach and confirmed by the away coach, recorded as ``_record`` records
  it. The post-match witness is written done with an empty log: generated history carries no
  star player points, level-ups or winnings (the treasuries keep their starting gold).
"""

from collections.abc import Mapping, Sequence
from typing import Any

from django.contrib.auth.models import User
from django.utils import timezone

from core.bulk import rows_insert
from league.models import League, Team
from ledger import services as ledger
from ledger.models import Account
from ledger.services import Leg, Posting
from matches.models import Fixture, Result
from rules_engine import Dice
from systems.mythril import engine, selectors
from systems.mythril.demo import TEAMS, _players
from systems.mythril.models import (
    PitchType,
    Player,
    Position,
    PostMatchRun,
    ResultReport,
    TeamList,
    TeamProfile,
)
from systems.mythril.report_checks import validated
from systems.mythril.services.settings import engine_settings_input, settings_of
from systems.mythril.services.teams import RuleRefused, draft_check
from systems.mythril.services.treasury import Reason

SIDES = ("home", "away")


def load_teams(*, league: League, teams: Sequence[Mapping[str, Any]], dice: Dice) -> list[Team]:
    """The teams, each on one of the demo's drafts: the rows ``mythril_team_register`` writes
    (profile, players, a treasury granted the starting gold that pays for the players), each
    draft checked by the engine once, in a few statements for all."""
    drafts = [TEAMS[dice.roll(len(TEAMS), "draft") - 1] for _spec in teams]
    costs = {}
    for _name, race, picks, pitch in {draft[1]: draft for draft in drafts}.values():
        verdict = draft_check(
            league=league, team_list=race, players=_players(picks), popularity=1, home_pitch=pitch
        )
        if not verdict["ok"]:
            raise RuleRefused(verdict["errors"])
        costs[race] = verdict["cost"]
    lists = {tl.race: tl for tl in TeamList.objects.filter(league=league)}
    positions = {
        (p.team_list_id, p.name): p for p in Position.objects.filter(team_list__league=league)
    }
    pitches = {p.name.lower(): p for p in PitchType.objects.filter(league=league)}
    rows = Team.objects.bulk_create([Team(league=league, **spec) for spec in teams])
    TeamProfile.objects.bulk_create(
        TeamProfile(team=team, team_list=lists[race], popularity=1, home_pitch=pitches.get(pitch))
        for team, (_name, race, _picks, pitch) in zip(rows, drafts, strict=True)
    )
    players = []
    for team, (_name, race, picks, _pitch) in zip(rows, drafts, strict=True):
        team_list = lists[race]
        for number, item in enumerate(_players(picks), start=1):
            position = positions[(team_list.pk, item["position"])]
            profile = engine.profile_input(position)
            players.append(
                Player(
                    team=team,
                    number=number,
                    name=f"{position.name} {number}",
                    position=position,
                    race=race,
                    big_guy=position.big_guy,
                    cost=position.cost,
                    profile=profile,
                    start=profile,
                    skills=list(position.skills),
                )
            )
    rows_insert(Player, players)
    treasuries = Account.objects.bulk_create(
        Account(league=league, kind=Account.Kind.TREASURY, team=team) for team in rows
    )
    accounts = ledger.system_accounts(league)
    gold = settings_of(league).starting_gold
    postings = []
    for treasury, (_name, race, _picks, _pitch) in zip(treasuries, drafts, strict=True):
        if gold:
            postings.append(
                Posting(
                    Reason.GRANT, [Leg(accounts[Account.Kind.SUPPLY], -gold), Leg(treasury, gold)]
                )
            )
        if costs[race]:
            postings.append(
                Posting(
                    Reason.PURCHASE,
                    [Leg(treasury, -costs[race]), Leg(accounts[Account.Kind.HOUSE], costs[race])],
                )
            )
    ledger.post(league, postings)
    return rows


def load_kick_off(*, fixtures: Sequence[Fixture], dice: Dice) -> None:
    """Freeze the fixtures as ``kick_off`` does, on the objects only."""
    if not fixtures:
        return
    settings = engine_settings_input(fixtures[0].season.league)
    teams = {team.pk: team for f in fixtures for team in (f.home, f.away)}
    sheets = {pk: selectors.team_sheet(team) for pk, team in teams.items()}
    now = timezone.now()
    for fixture in fixtures:
        fixture.home_sheet = sheets[fixture.home_id]
        fixture.away_sheet = sheets[fixture.away_id]
        fixture.options = {"settings": settings}
        fixture.status = Fixture.Status.LOCKED
        fixture.locked_at = now


def _entered(fixture: Fixture, dice: Dice) -> dict[str, Any]:
    score = {side: dice.roll(4, f"{side} touchdowns") - 1 for side in SIDES}
    entered: dict[str, Any] = {"score": score}
    for side in SIDES:
        players = [p["id"] for p in getattr(fixture, f"{side}_sheet")["players"]]
        entered[side] = {
            "stats": [
                {
                    "player": pid,
                    "touchdowns": score[side] if i == 0 else 0,
                    "completions": 1 if i == 1 and score[side] else 0,
                }
                for i, pid in enumerate(players)
            ]
        }
    return entered


def load_results(*, fixtures: Sequence[Fixture], dice: Dice, by: User) -> list[Result]:
    """Entered and confirmed results, their post-match witnesses; the unsaved results."""
    now = timezone.now()
    reports = [
        ResultReport(
            fixture=fixture,
            submitted_by_id=fixture.home.coach_id or by.pk,
            payload=validated(fixture, _entered(fixture, dice)),
            status=ResultReport.Status.CONFIRMED,
            reviewed_by_id=fixture.away.coach_id or by.pk,
            reviewed_at=now,
        )
        for fixture in fixtures
    ]
    rows_insert(ResultReport, reports)
    results = []
    for fixture, report in zip(fixtures, reports, strict=True):
        counted = report.payload["verdict"]
        results.append(
            Result(
                fixture=fixture,
                home_score=counted["score"]["home"],
                away_score=counted["score"]["away"],
                winner=counted["winner"] or Result.Winner.DRAW,
                decided_by="regulation",
                seed=0,
                record={**report.payload, "result_report": report.pk},
            )
        )
    PostMatchRun.objects.bulk_create(
        PostMatchRun(fixture=fixture, status=PostMatchRun.Status.DONE, done_at=now)
        for fixture in fixtures
    )
    return results
