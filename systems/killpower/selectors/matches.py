"""Read-side queries for Killpower Ball matches: result reports and the commissioner's queue,
the referee sheet, the post-match report and the tournament bracket, and what the match
pages show, read from the records (the views get ready rows)."""

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Case, IntegerField, QuerySet, Value, When

from league.models import League, Season, Team
from matches.models import Fixture
from rules_engine.killpower.power import MATCH_UP
from rules_engine.killpower.report import able_to_shoot, gladiator_entry
from systems.killpower import RULE_SYSTEM, SIDES
from systems.killpower.models import GladiatorEvent, PostMatchRun, ResultReport, Tournament
from systems.killpower.selectors.gladiators import living_gladiators
from systems.killpower.selectors.tournaments import tournament_bracket

TURNS = 20


def report_list(
    *, fixture: Fixture | None = None, league: League | None = None
) -> QuerySet[ResultReport]:
    """Result reports, newest first, with their fixture's teams and the people involved."""
    reports = ResultReport.objects.select_related(
        "fixture__home",
        "fixture__away",
        "fixture__season__league",
        "fixture__result",
        "submitted_by",
        "reviewed_by",
        "disputed_by",
    )
    if fixture is not None:
        reports = reports.filter(fixture=fixture)
    if league is not None:
        reports = reports.filter(fixture__season__league=league)
    return reports.order_by("-created_at", "-pk")


def report_queue(*, user: User | AnonymousUser) -> QuerySet[ResultReport]:
    """The commissioner's queue: reports of their leagues still open (disputed first, then
    those waiting for confirmation), oldest first."""
    reports = report_list().filter(status__in=ResultReport.OPEN)
    if not user.is_authenticated:
        return reports.none()
    if not user.is_superuser:
        reports = reports.filter(fixture__season__league__commissioner=user)
    disputed_first = Case(
        When(status=ResultReport.Status.DISPUTED, then=Value(0)),
        default=Value(1),
        output_field=IntegerField(),
    )
    return reports.order_by(disputed_first, "created_at", "pk")


def open_report(*, fixture: Fixture) -> ResultReport | None:
    """The fixture's report waiting for confirmation or a decision, if any."""
    return report_list(fixture=fixture).filter(status__in=ResultReport.OPEN).first()


def report_history(*, report: ResultReport) -> QuerySet[ResultReport]:
    """The fixture's other reports (superseded, settled), newest first."""
    return report_list(fixture=report.fixture).exclude(pk=report.pk)


def confirm_choices(*, report: ResultReport, side: str | None) -> dict[str, Any]:
    """What the coach confirming for ``side`` (None: nobody may choose) chooses for his own
    side, as ``ConfirmForm`` takes it: in a championship, equipment redraws of his gladiators
    who ``played``; in a tournament draw on points, his free-throw ``shooters`` (those who
    played, not in a coma nor out) and their ``team``; nothing otherwise."""
    payload = report.payload or {}
    own = payload.get(side) or {} if side else {}
    league = report.fixture.season.league
    if league.competition_format != League.CompetitionFormat.TOURNAMENT:
        return {"side": side, "played": own.get("played", [])}
    if payload.get("result") != "draw" or payload.get("decided_by") != "points":
        return {}
    team = getattr(report.fixture, side).name if side else ""
    return {"side": side, "shooters": able_to_shoot(own), "team": team}


def frozen_gladiators(fixture: Fixture, side: str) -> list[dict[str, Any]]:
    """``side``'s gladiators as the kick-off froze them (the engine's sheets; none before)."""
    return (getattr(fixture, f"{side}_sheet") or {}).get("gladiators", [])


def sheet_rows(
    fixture: Fixture, side: str, own: dict[str, Any], hurt: list[str]
) -> list[dict[str, Any]]:
    """``side``'s gladiators in the sheet's order (frozen at kick-off), each with what its
    report ``own`` and its badly wounded ``hurt`` say of him (``gladiator_entry``)."""
    return [
        {"name": g["name"], "number": g.get("number"), "id": g.get("id")}
        | gladiator_entry(own, hurt, g["name"])
        for g in frozen_gladiators(fixture, side)
    ]


def post_match_get(*, fixture: Fixture) -> PostMatchRun | None:
    """The fixture's post-match sequence, once it has run."""
    return PostMatchRun.objects.filter(fixture=fixture).first()


def referee_sheet_get(*, fixture: Fixture) -> dict[str, Any]:
    """What the printable referee sheet shows: both teams as frozen at kick-off (gladiators
    with the RAP drawn for this match), powers, divisions, the points each side must score,
    the turn track (20 down to 1) and, once played, the score. Before kick-off the teams are
    not frozen yet and ``kicked_off`` is false."""
    kickoff = (fixture.options or {}).get("kickoff")
    frozen = kickoff or {}
    sides: dict[str, Any] = {}
    for side in SIDES:
        rapidity = frozen.get("rapidity", {}).get(side, {})
        sides[side] = {
            "team": getattr(fixture, side),
            **{key: frozen.get(key, {}).get(side) for key in MATCH_UP},
            "gladiators": [
                {**gladiator, "rapidity": rapidity.get(gladiator["name"])}
                for gladiator in frozen_gladiators(fixture, side)
            ],
        }
    result = getattr(fixture, "result", None) if fixture.status == Fixture.Status.PLAYED else None
    return {
        "fixture": fixture,
        "kicked_off": kickoff is not None,
        **sides,
        "turns": list(range(TURNS, 0, -1)),
        "kickoff_seed": frozen.get("seed"),
        "kickoff_rolls": frozen.get("rolls", []),
        "score": {"home": result.home_score, "away": result.away_score} if result else None,
    }


@dataclass
class BracketSlot:
    team: Team | None
    seed: int | None
    winner_of: str | None


@dataclass
class BracketMatchView:
    id: str
    round: int
    home: BracketSlot
    away: BracketSlot | None  # None: a bye
    fixture: Fixture | None
    winner: Team | None

    @property
    def bye(self) -> bool:
        return self.away is None


@dataclass
class BracketView:
    season: Season
    size: int
    rounds: list[list[BracketMatchView]]
    champion: Team | None


def bracket_get(*, season: Season) -> BracketView | None:
    """The season's bracket round by round (each match with its fixture, result and winner),
    and the champion once the final is played; None when the season is no tournament."""
    tournament = Tournament.objects.filter(season=season).first()
    if tournament is None:
        return None
    bracket = tournament_bracket(tournament)
    teams = {
        team.pk: team for team in Team.objects.filter(tournament_entries__tournament=tournament)
    }
    fixtures = {
        f.bracket_position: f
        for f in season.fixtures.filter(bracket_position__gt="")
        .select_related("season", "home", "away", "result")
        .defer("home_sheet", "away_sheet", "options", "result__record")
    }

    def slot(data: Any) -> BracketSlot:
        return BracketSlot(teams.get(data.entrant), data.seed, data.winner_of)

    def shown(match: Any, fixture: Fixture | None) -> BracketMatchView:
        winner = teams.get(match.home.entrant) if match.bye else None
        if fixture is not None and hasattr(fixture, "result"):
            winner = fixture.home if fixture.result.winner == "home" else fixture.away
        away = None if match.away is None else slot(match.away)
        return BracketMatchView(match.id, match.round, slot(match.home), away, fixture, winner)

    rounds = [[shown(match, fixtures.get(match.id)) for match in row] for row in bracket.rounds]
    champion = rounds[-1][0].winner if rounds else None
    return BracketView(season, bracket.size, rounds, champion)


# --- the match pages -------------------------------------------------------------------------


def fixtures_for_pages() -> QuerySet[Fixture]:
    """Killpower fixtures with what their pages show (league, coaches, result)."""
    return Fixture.objects.select_related(
        "season__league__commissioner", "home__coach", "away__coach", "result"
    ).filter(season__league__rule_system=RULE_SYSTEM)


def _recruit_ids(fixture: Fixture) -> dict[str, dict[str, int]]:
    """Side -> recruit name -> id: the gladiators recruited after this match (a recruit may
    take the name of one who died in it)."""
    recruits: dict[str, dict[str, int]] = {side: {} for side in SIDES}
    events = GladiatorEvent.objects.filter(fixture=fixture, kind=GladiatorEvent.Kind.RECRUITED)
    for name, team_id, pk in events.values_list("gladiator__name", "gladiator__team", "gladiator"):
        recruits["home" if team_id == fixture.home_id else "away"][name] = pk
    return recruits


def match_report_get(*, fixture: Fixture) -> dict[str, Any]:
    """What a fixture's match report shows: its ``result`` once played and its post-match
    ``run`` once it ran, ``kickoff``, each side's ``powers``, per side (``sides``) the report
    as recorded (who played, how they left) and the post-match sequence (ranking, death risk,
    the dead, recruits with their ids, XP, equipment, armour), and ``links`` (side ->
    gladiator name -> id)."""
    result = getattr(fixture, "result", None) if fixture.status == Fixture.Status.PLAYED else None
    run = post_match_get(fixture=fixture) if result else None
    record = result.record if result else {}
    report = record.get("report") or {}
    wounded = record.get("badly_wounded") or {}
    kickoff = (fixture.options or {}).get("kickoff") or {}
    recruit_ids = _recruit_ids(fixture) if run else {}
    sides, links = [], {}  # links: side -> gladiator name -> id
    for side in SIDES:
        done = (run.log or {}).get(side) if run else None
        recruits = []
        if done:
            names = set(done["log"].get("recruits", []))
            recruits = [
                dict(g, id=recruit_ids[side].get(g["name"]))
                for g in done["team"]["gladiators"]
                if g["name"] in names
            ]
        # as the match left them: who played, the state each ended in
        rows = sheet_rows(fixture, side, report.get(side) or {}, wounded.get(side, []))
        links[side] = {row["name"]: row["id"] for row in rows if row["id"]}
        sides.append(
            {
                "side": side,
                "team": getattr(fixture, side),
                "rows": rows,
                "post": done,
                "recruits": recruits,
                "raises_available": any(
                    entry.get("raises_available")
                    for entry in (done or {}).get("log", {}).get("experience", [])
                ),
            }
        )
    return {
        "result": result,
        "run": run,
        "kickoff": kickoff,
        "powers": {
            side: report.get(f"{side}_power", (kickoff.get("power") or {}).get(side))
            for side in SIDES
        },
        "sides": sides,
        "links": links if result else {},
    }


def report_sides(*, report: ResultReport) -> list[dict[str, Any]]:
    """Per side, a report as entered: its ``rows`` in the sheet's order (``sheet_rows``),
    who stayed on the bench, the side's redraws and free-throw shooters and distances."""
    fixture = report.fixture
    payload = report.payload or {}
    free_throws = report.free_throws or {}
    sides = []
    for name in SIDES:
        own = payload.get(name) or {}
        rows = sheet_rows(fixture, name, own, own.get("badly_wounded", []))
        sides.append(
            {
                "side": name,
                "team": getattr(fixture, name),
                "rows": rows,
                "bench": [row["name"] for row in rows if not row["played"]],
                "redraw": ((report.decisions or {}).get(name) or {}).get("redraw", {}),
                "shooters": free_throws.get(name) or [],
                "distances": (free_throws.get("distances") or {}).get(name) or [],
            }
        )
    return sides


def entry_gladiators(*, fixture: Fixture) -> dict[str, list[dict[str, Any]]]:
    """Each side's gladiators for the result form: frozen at kick-off, or as the teams
    stand."""
    gladiators = {}
    for side in SIDES:
        rows = frozen_gladiators(fixture, side) or [
            {"number": g.number, "name": g.name, "id": g.pk}
            for g in living_gladiators(team=getattr(fixture, side))
        ]
        gladiators[side] = [
            {"number": row.get("number", index), "name": row["name"], "id": row.get("id")}
            for index, row in enumerate(rows, start=1)
        ]
    return gladiators
