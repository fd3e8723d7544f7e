"""Read-side queries for fixtures, results and simulation progress."""

from collections.abc import Iterable
from datetime import datetime
from typing import Any

from django.db.models import Count, Exists, F, FilteredRelation, OuterRef, Q, QuerySet
from django.db.models.functions import Now
from django.utils import timezone
from django.utils.formats import date_format

from core import registry
from core.prepared_query import PreparedQuery
from league.models import League, Season, Team
from matches.models import (
    Fixture,
    KickoffProposal,
    PostMatchRun,
    Result,
    ResultCorrection,
    RoundDeadline,
    SimulationBatch,
)
from matches.season_rounds import UNRESOLVED


def season_teams(*, season: Season) -> Q:
    """Teams of the season: those with a fixture in it and, while it is open, every active
    team of its league (a retired team keeps its past seasons but plays no new one)."""
    fixtures = Fixture.objects.filter(season=season)
    played = Q(pk__in=fixtures.values("home_id")) | Q(pk__in=fixtures.values("away_id"))
    return played if season.finished_at is not None else played | Q(retired_at__isnull=True)


def teams_with_kept(*, season: Season, figures: Iterable[str]) -> QuerySet[Team]:
    """The season's teams (:func:`season_teams`), each annotated ``kept_<figure>`` with the
    figures its standings row keeps for ``season`` (``None`` before its first result)."""
    teams = Team.objects.filter(league_id=season.league_id).filter(season_teams(season=season))
    teams = teams.annotate(
        kept=FilteredRelation("standings", condition=Q(standings__season=season))
    )
    return teams.annotate(**{f"kept_{figure}": F(f"kept__{figure}") for figure in figures})


def fixture_with_league() -> QuerySet[Fixture]:
    """Fixtures with their season's league and teams: what a page's role gate asks about."""
    return Fixture.objects.select_related("season__league", "home", "away")


def season_list(*, league: League) -> QuerySet[Season]:
    """The league's seasons, newest first, with their champion."""
    return Season.objects.filter(league=league).select_related("champion")


def season_unresolved(*, season: Season) -> QuerySet[Fixture]:
    """The season's fixtures still to resolve (scheduled or kicked off), with their teams."""
    return season.fixtures.filter(status__in=UNRESOLVED).select_related("home", "away")


def fixture_get(*, fixture_id: int) -> Fixture:
    return Fixture.objects.get(pk=fixture_id)


def fixture_plain() -> QuerySet[Fixture]:
    """Every fixture, nothing joined: a command that reads only the fixture's own columns."""
    return Fixture.objects.all()


def result_of(*, fixture: Fixture) -> Result | None:
    return Result.objects.filter(fixture=fixture).first()


def corrections_standing(*, fixtures: Iterable[Fixture]) -> dict[int, ResultCorrection]:
    """For each fixture (by id), the correction that explains what its page shows now, in one
    query: the latest correction or award of the result it has, or the void that took its
    result away while it waits for the replay. A result played again after a void, or a
    fixture never corrected, has none (its history still lists the old corrections)."""
    by_id = {fixture.pk: fixture for fixture in fixtures}
    latest: dict[int, ResultCorrection] = {}
    rows = ResultCorrection.objects.filter(fixture_id__in=by_id).select_related("by")
    for row in rows.order_by("created_at", "pk"):
        latest[row.fixture_id] = row
    standing = {pk: correction_standing(by_id[pk], row) for pk, row in latest.items()}
    return {fixture_id: row for fixture_id, row in standing.items() if row is not None}


def correction_standing(
    fixture: Fixture, latest: ResultCorrection | None
) -> ResultCorrection | None:
    """:func:`corrections_standing` of one fixture whose ``latest`` correction is read already
    (the fixture page lists them all): it, if it still explains the page, else None."""
    if latest is None:
        return None
    played = fixture.status == Fixture.Status.PLAYED
    if latest.kind == ResultCorrection.Kind.VOIDED:
        return None if played else latest
    return latest if played and latest.result_id is not None else None


def results_corrected(results: QuerySet[Result]) -> QuerySet[Result]:
    """``results`` with ``corrected``: whether a commissioner changed the score or winner of
    this result after it was played."""
    corrections = ResultCorrection.objects.filter(
        result=OuterRef("pk"), kind=ResultCorrection.Kind.CORRECTED
    )
    return results.annotate(corrected=Exists(corrections))


def fixture_list(
    *, season: Season | None = None, league: League | None = None
) -> QuerySet[Fixture]:
    fixtures = Fixture.objects.select_related("home", "away", "season__league", "result")
    if league is not None:
        fixtures = fixtures.filter(season__league=league)
    return fixtures.filter(season=season) if season is not None else fixtures


def team_fixtures(*, team: Team) -> QuerySet[Fixture]:
    return fixture_list().filter(Q(home=team) | Q(away=team))


def result_list() -> QuerySet[Result]:
    return Result.objects.select_related(
        "fixture__home", "fixture__away", "fixture__season__league"
    )


def batch_progress(*, batch: SimulationBatch) -> dict[str, int]:
    """How many of the batch's fixtures are played: read from the fixtures, never counted twice."""
    counts = batch.fixtures.aggregate(
        total=Count("pk"), played=Count("pk", filter=Q(status=Fixture.Status.PLAYED))
    )
    return {"total": counts["total"], "played": counts["played"]}


def batch_list() -> QuerySet[SimulationBatch]:
    """Simulation batches with their progress (``total``, ``played``) annotated, in one query."""
    played = Count("fixtures", filter=Q(fixtures__status=Fixture.Status.PLAYED))
    return SimulationBatch.objects.select_related("requested_by").annotate(
        total=Count("fixtures"), played=played
    )


HEAVY_FIELDS = ("home_sheet", "away_sheet", "options", "result__record")


def fixture_rows() -> QuerySet[Fixture]:
    """Fixtures as the API lists them: teams, result and season (for its league's id), without
    the league's row, the season's archive or the heavy JSON (a page of 50 built 50 leagues
    and decoded their JSON for one id each)."""
    fixtures = Fixture.objects.select_related("home", "away", "season", "result")
    return fixtures.defer(*HEAVY_FIELDS, "season__archive")


def result_rows() -> QuerySet[Result]:
    """Results as the API lists them (:func:`fixture_rows`' reading), without the record."""
    results = Result.objects.select_related("fixture__home", "fixture__away", "fixture__season")
    return results.defer(
        "record", "fixture__home_sheet", "fixture__away_sheet", "fixture__options",
        "fixture__season__archive",
    )  # fmt: skip


def fixture_table(*, season: Season) -> QuerySet[Fixture]:
    """A season's fixtures for listing: teams and scores, without the line-up snapshots and the
    turn logs (the heavy JSON only the match report reads)."""
    return fixture_list(season=season).defer(*HEAVY_FIELDS).order_by("round", "kickoff", "pk")


def team_fixture_table(*, team: Team, season: Season | None = None) -> QuerySet[Fixture]:
    """``team``'s fixtures for listing, in kick-off order: of ``season``, or of every season."""
    fixtures = team_fixtures(team=team).defer(*HEAVY_FIELDS).order_by("kickoff", "pk")
    return fixtures.filter(season=season) if season is not None else fixtures


def team_fixture_rows(*, team: Team, season: Season | None = None) -> QuerySet[Fixture]:
    """:func:`team_fixture_table` as a team page lists it: teams and score, without the season
    and league rows a row never reads (38 rows built 76 models for nothing)."""
    return (
        team_fixture_table(team=team, season=season)
        .select_related(None)
        .select_related("home", "away", "result")
    )


def team_fixture_sides(
    *, team: Team, season: Season | None = None
) -> list[tuple[Fixture, Team, str]]:
    """:func:`team_fixture_rows` seen from ``team``: each fixture with the opponent and the
    venue (``"home"`` or ``"away"``), so a team page's table renders its rows in one loop."""
    return [
        (fixture, fixture.away, "home")
        if fixture.home_id == team.pk
        else (fixture, fixture.home, "away")
        for fixture in team_fixture_rows(team=team, season=season)
    ]


def team_fixture_seasons(*, team: Team, wanted: str | None) -> dict[str, Any]:
    """What a team page's fixtures show, one season at a time (a season's fixtures, not every
    season's: the page stays the same size from year to year): ``fixture_seasons``, the league's
    seasons in which ``team`` has fixtures, the newest first; ``fixture_season``, the one
    ``wanted`` names (``?season=``, a season's id) or else the newest (``None``: no fixture yet).
    """
    its_fixtures = Fixture.objects.filter(Q(home=team) | Q(away=team), season=OuterRef("pk"))
    seasons = list(season_list(league=team.league).filter(Exists(its_fixtures)))
    shown = next((s for s in seasons if str(s.pk) == wanted), seasons[0] if seasons else None)
    return {"fixture_seasons": seasons, "fixture_season": shown}


def batch_get(*, batch_id: int) -> SimulationBatch:
    return SimulationBatch.objects.select_related("season__league").get(pk=batch_id)


def batch_fixtures(*, batch: SimulationBatch) -> QuerySet[Fixture]:
    """The batch's fixtures with their teams and scores, for the progress page."""
    return fixture_list().filter(batches=batch).defer(*HEAVY_FIELDS).order_by("round", "pk")


def teams_unsettled(*, teams: Iterable[Team]) -> set[int]:
    """The ids of ``teams`` of which a played match still waits for its post-match sequence
    (one awarded by forfeit has none), in one query: a game whose sequence carries something
    to the next match kicks them off after it (``SheetKickOff.unsettled``)."""
    ids = {team.pk for team in teams}
    pending = (
        Fixture.objects.filter(
            Q(home_id__in=ids) | Q(away_id__in=ids), status=Fixture.Status.PLAYED
        )
        .exclude(post_match__status=PostMatchRun.Status.DONE)
        .exclude(result__decided_by=registry.FORFEIT)
        .values_list("home_id", "away_id")
    )
    return {team_id for pair in pending for team_id in pair} & ids


def _in_play(teams: Q) -> QuerySet[Fixture]:
    """The fixtures of ``teams`` kicked off or due to, without a result, earliest first."""
    return (
        Fixture.objects.filter(teams)
        .filter(
            Q(status=Fixture.Status.LOCKED)
            | Q(status=Fixture.Status.SCHEDULED, kickoff__lte=Now(), problem="")
        )
        .select_related("home", "away")
        .order_by("kickoff", "pk")
    )


_in_play_of_one = PreparedQuery(
    lambda home_id, away_id: _in_play(Q(home_id=home_id) | Q(away_id=away_id)), (int, int)
)
"""One team's (its id given twice: home, away): compiling the query cost more CPU than
running it."""


def teams_in_play_fixtures(*, teams: Iterable[Team]) -> dict[int, Fixture]:
    """By team id, the earliest fixture of each of ``teams`` that has kicked off, or is past
    its kick-off time by the database's clock and about to, but has no result yet (one query).

    A fixture that could not kick off because a line-up is incomplete (its ``problem`` says
    why) does not count: the coaches must be able to mend the line-up so it can kick off.
    """
    ids = {team.pk for team in teams}
    if not ids:
        return {}
    if len(ids) == 1:  # a coach's roster write: the query compiled once per connection
        (team_id,) = ids
        fixtures: Iterable[Fixture] = _in_play_of_one(team_id, team_id)
    else:
        fixtures = _in_play(Q(home_id__in=ids) | Q(away_id__in=ids))
    found: dict[int, Fixture] = {}
    for fixture in fixtures:
        for team_id in (fixture.home_id, fixture.away_id):
            if team_id in ids:
                found.setdefault(team_id, fixture)
    return found


def season_fixture_index(*, season: Season) -> list[tuple]:
    """Every fixture of ``season`` as (id, round, kick-off, status), in round order: enough
    to sum up its rounds without loading teams or results (``matches.season_rounds``)."""
    return list(
        Fixture.objects.filter(season=season)
        .order_by("round", "kickoff", "pk")
        .values_list("pk", "round", "kickoff", "status")
    )


def fixtures_of_round_and(*, season: Season, round_number: int, ids: list[int]) -> list[Fixture]:
    """The fixtures of one round of ``season`` and those of ``ids``, for listing (one query):
    their teams and results, each with ``season`` itself rather than its own copy of the
    season and its league (a season's archive decoded again for each row)."""
    wanted = Q(round=round_number) | Q(pk__in=ids)
    fixtures = fixture_table(season=season).filter(wanted)
    fixtures = list(fixtures.select_related(None).select_related("home", "away", "result"))
    for fixture in fixtures:
        fixture.season = season
    return fixtures


# --- deadlines -----------------------------------------------------------------------------


def season_round_numbers(*, season: Season) -> list[int]:
    return sorted(set(Fixture.objects.filter(season=season).values_list("round", flat=True)))


def round_deadlines(*, season: Season) -> QuerySet[RoundDeadline]:
    return RoundDeadline.objects.filter(season=season).order_by("round")


def fixture_due_at(*, fixture: Fixture) -> datetime | None:
    """The fixture's deadline: its own, else its round's; None when it has none."""
    if fixture.deadline is not None:
        return fixture.deadline
    due = RoundDeadline.objects.filter(season_id=fixture.season_id, round=fixture.round)
    return due.values_list("due_at", flat=True).first()


def coach_side(*, user, fixture: Fixture) -> str | None:
    """``home`` or ``away`` when ``user`` coaches that side of ``fixture``."""
    if not user.is_authenticated:
        return None
    for side in ("home", "away"):
        if getattr(fixture, side).coach_id == user.pk:
            return side
    return None


def is_simulated(*, fixture: Fixture) -> bool:
    return fixture.season.league.rule_system in registry.simulated_names()


def kickoff_proposals() -> QuerySet[KickoffProposal]:
    return KickoffProposal.objects.select_related("fixture__home", "fixture__away")


def moment(value: datetime | None) -> str:
    """A time as the pages show it: in the reader's zone, named."""
    return date_format(timezone.localtime(value), "DATETIME_FORMAT") if value else ""
