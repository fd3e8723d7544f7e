"""The post-match sequence of a Killpower Ball fixture, run once, in a worker.

The result-report workflow (:mod:`matches.table_results.post_match`) holds both teams' row
locks, then the fixture's, and claims the fixture's ``PostMatchRun`` once; it calls
:func:`sequences_apply` (through :class:`systems.killpower.table_results.KillpowerResults`).
The engine (:func:`rules_engine.killpower.post_match`) runs the sequence for both teams, home
first, on one :class:`~rules_engine.Dice`: ranking points, death-risk rolls, the dead removed,
recruits up to seven, +5 XP for those who played (raises then become available, the coach
takes them with ``gladiator_raise``), the equipment redraws the coaches chose with the result,
normal armour restored. What it returns is applied to the rows as changes (ranking points,
statuses, XP, equipment, recruits), each written to the gladiators' history with its rolls.

Gladiator status after a match: ``dead`` for the dead; ``coma`` for a coma survived;
``badly_wounded`` for those the report lists so; ``fit`` for every other living gladiator.

Tournament mode (13.2): the engine restores both teams as they were before the match, so only
"played" events are written; then ``tournament_advance`` creates the next bracket fixture.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from django.utils import timezone

from core import history
from core.bulk import rows_insert, rows_update_values
from core.history import record_saves
from league.models import Team
from matches.models import Fixture, Result
from matches.table_results import post_match as table_post_match
from rules_engine import Dice
from rules_engine.killpower import SYSTEM, Mode
from systems.killpower import RULE_SYSTEM, SIDES
from systems.killpower.engine import DEATH_RISK_ROLLS, gladiator_row, rolls_for
from systems.killpower.kickoff import fixture_settings
from systems.killpower.models import (
    Gladiator,
    GladiatorEvent,
    KillpowerTeam,
    PostMatchRun,
    ResultReport,
)
from systems.killpower.report_checks import WOUNDED

Event = GladiatorEvent.Kind
HISTORY_FIELDS = ["status", "died_at", "xp", "equipment"]
"""What a post-match sequence writes on gladiators (in one statement: recorded per gladiator)."""


def post_match_run(*, fixture_id: int, seed: int | None = None) -> PostMatchRun | None:
    """Run the post-match sequence of a played Killpower fixture, exactly once (the workflow's
    :func:`matches.table_results.post_match.post_match_run`, read as this game's run)."""
    run = table_post_match.post_match_run(fixture_id=fixture_id, seed=seed)
    return None if run is None else PostMatchRun.objects.filter(pk=run.pk).first()


def sequences_apply(
    *, played: Sequence[tuple[Fixture, Result, ResultReport | None, Dice]]
) -> list[dict[str, Any]]:
    """For each of ``played`` (one fixture, or a round's, each team in one of them, its rows
    locked), the engine's sequence for both teams, home first, on its dice, written to the
    rows in a few statements; in a tournament the next bracket fixture follows. Returns each
    one's account from the engine, in order."""
    teams = [team for fixture, *_rest in played for team in (fixture.home, fixture.away)]
    gladiators = Gladiator.objects.filter(team__in=teams).order_by("number")
    living: dict[int, dict[str, Gladiator]] = {team.pk: {} for team in teams}
    dead: dict[int, set[str]] = {team.pk: set() for team in teams}
    for gladiator in gladiators:
        if gladiator.status == Gladiator.Status.DEAD:
            dead[gladiator.team_id].add(gladiator.name)
        else:
            living[gladiator.team_id][gladiator.name] = gladiator
    before = history.snapshot(
        [g for team in living.values() for g in team.values()], HISTORY_FIELDS
    )
    ranking = {row.pk: row for row in KillpowerTeam.objects.filter(team__in=teams)}
    write = _Writes()
    accounts, seasons = [], {}
    for fixture, result, report, dice in played:
        match_settings = fixture_settings(fixture)
        sides = SYSTEM.post_match(
            table_post_match.result_outcome(result),
            dice=dice,
            options={
                **match_settings,
                "decisions": dict(report.decisions) if report is not None else {},
                "used_names": {
                    side: sorted(dead[getattr(fixture, f"{side}_id")]) for side in SIDES
                },
            },
        )
        tournament = match_settings.get("mode") == Mode.TOURNAMENT
        for side in SIDES:
            team = getattr(fixture, side)
            write.side(fixture, result, team, side, sides[side], living[team.pk], tournament)
            points, row = sides[side]["team"]["ranking_points"], ranking.get(team.pk)
            if not tournament and (row is None or row.ranking_points != points):
                write.teams.append((row, KillpowerTeam(team=team, ranking_points=points)))
        if tournament:
            seasons[fixture.season_id] = fixture.season
        accounts.append(sides)
    write.save(before)
    if seasons:
        from systems.killpower.services.tournaments import tournament_advance

        for season in seasons.values():
            tournament_advance(season=season)
    return accounts


@dataclass
class _Writes:
    """What a round's post-match sequences write, gathered, then saved in a few statements."""

    events: list[GladiatorEvent] = field(default_factory=list)
    changed: dict[int, list[Gladiator]] = field(default_factory=dict)  # by league
    recruits: list[Gladiator] = field(default_factory=list)
    teams: list[tuple[KillpowerTeam | None, KillpowerTeam]] = field(default_factory=list)

    def side(
        self,
        fixture: Fixture,
        result: Result,
        team: Team,
        side: str,
        done: dict[str, Any],
        living: dict[str, Gladiator],
        tournament: bool,
    ) -> None:
        """One team's post-match sequence, as changes to its rows and its history."""
        report = result.record["report"][side]

        def event(name: str, kind: str, /, **detail: Any) -> None:
            """An event in the history of the gladiator the engine's log names."""
            self.events.append(
                GladiatorEvent(gladiator=living[name], kind=kind, fixture=fixture, detail=detail)
            )

        out, armour_lost = set(report["out"]), report["armour_lost"]
        for name in report["played"]:
            event(
                name,
                Event.PLAYED,
                outcome=done["outcome"],
                out=name in out,
                armour_lost=armour_lost.get(name, 0),
            )
        if tournament:
            return
        steps, rolls = done["log"], done["rolls"]
        status = {name: Gladiator.Status.FIT for name in living}
        for name in result.record.get(WOUNDED, {}).get(side, []):
            status[name] = Gladiator.Status.BADLY_WOUNDED
            event(name, Event.INJURED)
        for coma in report["comas"]:
            event(coma["gladiator"], Event.COMA, state=coma["state"], location=coma["location"])
        for risk in steps["death_risk"]:
            name = risk["gladiator"]
            event(name, Event.DEATH_RISK, **risk, rolls=rolls_for(rolls, name, DEATH_RISK_ROLLS))
            status[name] = Gladiator.Status.COMA
        for removed in steps["removed"]:
            name = removed["gladiator"]
            status[name] = Gladiator.Status.DEAD
            event(name, Event.DIED, reason=removed["reason"])
        for entry in steps["experience"]:
            name, xp = entry["gladiator"], entry["xp"]
            gained = xp - living[name].xp
            living[name].xp = xp
            event(name, Event.XP, gained=gained, xp=xp, raises_available=entry["raises_available"])
        for entry in steps["equipment"]:
            name = entry["gladiator"]
            living[name].equipment = entry["after"]
            changed = {key: entry[key] for key in ("before", "after", "forced")}
            event(name, Event.EQUIPMENT, **changed, rolls=rolls_for(rolls, name))
        now = timezone.now()
        for name, gladiator in living.items():
            gladiator.status = status[name]
            if gladiator.status == Gladiator.Status.DEAD:
                gladiator.died_at = now
        self.changed.setdefault(team.league_id, []).extend(living.values())
        self._recruit(fixture, team, done, living)

    def _recruit(
        self, fixture: Fixture, team: Team, done: dict[str, Any], before: dict[str, Gladiator]
    ) -> None:
        """Rows for the recruits, each in the place (number) of the gladiator who left it."""
        recruits = set(done["log"]["recruits"])
        numbered = {g.number: g.name for g in before.values()}
        for number, sheet in enumerate(done["team"]["gladiators"], start=1):
            if sheet["name"] not in recruits:
                continue
            gladiator = gladiator_row(team, number, sheet)
            detail = {
                "replaces": numbered.get(number),
                "equipment": sheet["equipment"],
                "rolls": rolls_for(done["rolls"], sheet["name"]),
            }
            self.recruits.append(gladiator)
            self.events.append(
                GladiatorEvent(
                    gladiator=gladiator, kind=Event.RECRUITED, fixture=fixture, detail=detail
                )
            )

    def save(self, before: dict[int, dict[str, str]]) -> None:
        """Everything gathered written, with the history each row's ``save()`` would have
        written."""
        for league_id, rows in self.changed.items():
            rows_update_values(Gladiator, rows, HISTORY_FIELDS)
            history.record_changes(rows=rows, before=before, league_id=league_id)
        rows_insert(Gladiator, self.recruits)
        for event in self.events:
            event.gladiator = event.gladiator  # a recruit's id, now drawn
        rows_insert(GladiatorEvent, self.events, ids=False)
        KillpowerTeam.objects.bulk_create(
            [after for _before, after in self.teams],
            update_conflicts=True,
            unique_fields=["team"],
            update_fields=["ranking_points"],
        )
        record_saves(saves=[*self.teams, *((None, gladiator) for gladiator in self.recruits)])


def post_match_sweep() -> dict[str, int]:
    """The workflow's sweep (:func:`matches.table_results.post_match.post_match_sweep`) for
    Killpower fixtures only."""
    return table_post_match.post_match_sweep(game=RULE_SYSTEM)
