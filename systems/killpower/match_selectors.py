"""Read-side queries for Killpower Ball matches: result reports and the commissioner's queue,
the referee sheet, the post-match report and the tournament bracket."""

from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.db.models import Case, IntegerField, QuerySet, Value, When

from league.models import League, Season, Team
from matches.models import Fixture
from systems.killpower.kickoff import SIDES
from systems.killpower.models import PostMatchRun, ResultReport, Tournament
from systems.killpower.services.tournaments import tournament_bracket

TURNS = 20


def report_list(
    *, fixture: Fixture | None = None, league: League | None = None, status: str | None = None
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
    if status is not None:
        reports = reports.filter(status=status)
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


def post_match_get(*, fixture: Fixture) -> PostMatchRun | None:
    """The fixture's post-match sequence, once it has run."""
    return PostMatchRun.objects.filter(fixture=fixture).first()


def referee_sheet_get(*, fixture: Fixture) -> dict[str, Any]:
    """What the printable referee sheet shows: both teams as frozen at kick-off (gladiators
    with the RAP drawn for this match), powers, divisions, the points each side must score,
    the turn track (20 down to 1) and, once played, the score. Before kick-off the teams are
    not frozen yet and ``kicked_off`` is false."""
    kickoff = (fixture.options or {}).get("kickoff")
    sides: dict[str, Any] = {}
    for side in SIDES:
        sheet = getattr(fixture, f"{side}_sheet") or {}
        rapidity = (kickoff or {}).get("rapidity", {}).get(side, {})
        sides[side] = {
            "team": getattr(fixture, side),
            "power": (kickoff or {}).get("power", {}).get(side),
            "division": (kickoff or {}).get("division", {}).get(side),
            "points_to_score": (kickoff or {}).get("points_to_score", {}).get(side),
            "gladiators": [
                {**gladiator, "rapidity": rapidity.get(gladiator["name"])}
                for gladiator in sheet.get("gladiators", [])
            ],
        }
    result = getattr(fixture, "result", None) if fixture.status == Fixture.Status.PLAYED else None
    return {
        "fixture": fixture,
        "kicked_off": kickoff is not None,
        "home": sides["home"],
        "away": sides["away"],
        "turns": list(range(TURNS, 0, -1)),
        "kickoff_seed": (kickoff or {}).get("seed"),
        "kickoff_rolls": (kickoff or {}).get("rolls", []),
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
    rounds: list[list[BracketMatchView]] = field(default_factory=list)
    champion: Team | None = None


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

    def slot(data: Any) -> BracketSlot | None:
        if data is None:
            return None
        return BracketSlot(teams.get(data.entrant), data.seed, data.winner_of)

    view = BracketView(season=season, size=bracket.size)
    for matches in bracket.rounds:
        row = []
        for match in matches:
            fixture = fixtures.get(match.id)
            winner = None
            if match.bye:
                winner = teams.get(match.home.entrant)
            elif fixture is not None and hasattr(fixture, "result"):
                winner = fixture.home if fixture.result.winner == "home" else fixture.away
            home = slot(match.home)
            assert home is not None
            row.append(
                BracketMatchView(match.id, match.round, home, slot(match.away), fixture, winner)
            )
        view.rounds.append(row)
    view.champion = view.rounds[-1][0].winner if view.rounds else None
    return view
