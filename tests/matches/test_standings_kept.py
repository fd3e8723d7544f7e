"""The kept standings (``matches.models.Standing``) give the numbers of a full recomputation
from the results after every write: a season played in a random order (fixed seeds, the
engine's dice) with draws, corrections, voids, awards by forfeit, deleted fixtures, changes to
the points and the tie-breakers, a renamed team, then the season finished and the next one
started with a team retired. Both tables are compared after each step: the season's
(``standings_get`` against ``standings_recount`` ranked with every result for head-to-head)
and the all-time table (against a count in the test)."""

from collections import defaultdict
from datetime import timedelta
from io import StringIO

import pytest
from django.core.management import CommandError, call_command
from django.db import transaction
from django.utils import timezone

from league.models import League, Season, Team
from league.services import league_update, team_update
from matches import plugins
from matches.all_time import all_time_table
from matches.corrections import fixture_award, result_correct, result_void
from matches.models import Fixture, Result, Standing
from matches.seasons import season_finish, season_start_next
from matches.services import fixtures_generate
from matches.standings import standings_get, standings_rank, standings_recount
from matches.standings_keeping import standings_deferred, standings_drift, standings_refresh
from rules_engine import Dice
from tests.factories import ResultFactory, TeamFactory

TIEBREAKER_ORDERS = (
    ["points", "head_to_head", "goal_difference", "goals_for"],
    ["points", "goal_difference", "goals_for", "head_to_head"],
    ["head_to_head", "points", "wins"],
    ["points", "wins", "goals_for"],
)


def _table(rows) -> list[tuple]:
    return [
        (
            row.team.pk,
            row.team.name,
            row.position,
            row.played,
            row.wins,
            row.draws,
            row.losses,
            row.goals_for,
            row.goals_against,
            row.points,
            row.head_to_head,
            sorted(row.tied_on),
        )
        for row in rows
    ]


def _recomputed(season: Season) -> list[tuple]:
    """The table counted from the results themselves, every result read for head-to-head."""
    results = Result.objects.filter(fixture__season=season).values_list(
        "fixture__home", "fixture__away", "winner"
    )
    rows = standings_recount(season=season)
    return _table(standings_rank(league=season.league, rows=rows, results=list(results)))


def _all_time_counted(league: League) -> list[tuple]:
    """The all-time table counted here from every result of the league."""
    totals: dict[int, dict[str, int]] = defaultdict(lambda: defaultdict(int))
    seasons: dict[int, set[int]] = defaultdict(set)
    lines = Result.objects.filter(fixture__season__league=league).values_list(
        "fixture__season", "fixture__home", "fixture__away", "home_score", "away_score", "winner"
    )
    for season_id, home, away, home_score, away_score, winner in lines:
        for team_id, side, scored, conceded in (
            (home, "home", home_score, away_score),
            (away, "away", away_score, home_score),
        ):
            row = totals[team_id]
            row["played"] += 1
            row["for"] += scored
            row["against"] += conceded
            row["draws" if winner == "draw" else "wins" if winner == side else "losses"] += 1
            seasons[team_id].add(season_id)
    titles = defaultdict(int)
    for champion in Season.objects.filter(league=league, finished_at__isnull=False).values_list(
        "champion", flat=True
    ):
        titles[champion] += 1
    rows = []
    for team in Team.objects.filter(league=league).order_by("name", "pk"):
        row = totals[team.pk]
        if not row["played"] and team.retired_at is not None:
            continue
        points = (
            row["wins"] * league.points_win
            + row["draws"] * league.points_draw
            + row["losses"] * league.points_loss
        )
        rows.append(
            [
                team.pk,
                len(seasons[team.pk]),
                row["played"],
                row["wins"],
                row["draws"],
                row["losses"],
                row["for"],
                row["against"],
                points,
                titles[team.pk],
            ]
        )
    rows.sort(key=lambda r: (-r[8], -(r[6] - r[7]), -r[6], -r[9]))
    return [(position, *row) for position, row in enumerate(rows, start=1)]


def _all_time(league: League) -> list[tuple]:
    return [
        (
            row.position,
            row.team.pk,
            row.seasons,
            row.played,
            row.wins,
            row.draws,
            row.losses,
            row.goals_for,
            row.goals_against,
            row.points,
            row.titles,
        )
        for row in all_time_table(league=league)
    ]


def _check(league_id: int) -> None:
    league = League.objects.get(pk=league_id)
    for season in Season.objects.filter(league=league).select_related("league"):
        assert _table(standings_get(season=season)) == _recomputed(season), season
        assert standings_drift(season_id=season.pk) == []
    assert _all_time(league) == _all_time_counted(league)


def _winner(home: int, away: int, dice: Dice, outcomes=("draw", "home", "away")) -> str:
    if home != away:
        return "home" if home > away else "away"
    return outcomes[dice.roll(len(outcomes), "winner of a level score") - 1]


def _play(fixture: Fixture, dice: Dice) -> None:
    """A result stored as a game's service stores it: the row, then the fixture played."""
    home, away = dice.roll(4, "home score") - 1, dice.roll(4, "away score") - 1
    with transaction.atomic():
        ResultFactory(
            fixture=fixture, home_score=home, away_score=away, winner=_winner(home, away, dice)
        )
        Fixture.objects.filter(pk=fixture.pk).update(status=Fixture.Status.PLAYED)


def _pick(items: list, dice: Dice, purpose: str):
    return items[dice.roll(len(items), purpose) - 1] if items else None


def _step(league: League, season: Season, dice: Dice, commissioner) -> None:
    open_fixtures = list(
        Fixture.objects.filter(season=season, status=Fixture.Status.SCHEDULED).order_by("pk")
    )
    results = list(Result.objects.filter(fixture__season=season).order_by("pk"))
    action = dice.roll(20, "action")
    if action <= 9 and open_fixtures:
        _play(_pick(open_fixtures, dice, "fixture"), dice)
    elif action <= 11 and results:
        result = _pick(results, dice, "result")
        home, away = dice.roll(4, "home score") - 1, dice.roll(4, "away score") - 1
        if (home, away) == (result.home_score, result.away_score):
            home += 1
        outcomes = plugins.outcomes_of(result.fixture)
        result_correct(
            result=result,
            home_score=home,
            away_score=away,
            winner=_winner(home, away, dice, outcomes),
            reason="typo",
            by=commissioner,
        )
    elif action <= 13 and results:
        result_void(result=_pick(results, dice, "result"), reason="replay", by=commissioner)
    elif action <= 15 and open_fixtures:
        fixture_award(
            fixture=_pick(open_fixtures, dice, "fixture"),
            winner=("home", "away")[dice.roll(2, "side") - 1],
            reason="did not turn up",
            by=commissioner,
        )
    elif action == 16:
        league_update(
            league=league,
            points_win=dice.roll(3, "win") + 1,
            points_draw=dice.roll(2, "draw") - 1,
            points_loss=0,
        )
    elif action == 17:
        league_update(
            league=league, tiebreakers=_pick(list(TIEBREAKER_ORDERS), dice, "tie-breakers")
        )
    elif action == 18:
        team = _pick(list(Team.objects.filter(league=league).order_by("pk")), dice, "team")
        team_update(team=team, name=f"{team.name[:40]} II")
    elif action == 19 and results:  # a fixture deleted with its result (admin)
        _pick(results, dice, "result").fixture.delete()
    elif open_fixtures:
        _play(_pick(open_fixtures, dice, "fixture"), dice)


@pytest.mark.django_db
@pytest.mark.parametrize("seed", [11, 2026])
def test_kept_standings_equal_a_full_recomputation_after_every_write(commissioner, seed):
    dice = Dice(seed, record=False)
    league = League.objects.create(
        name=f"Kept {seed}",
        commissioner=commissioner,
        tiebreakers=["points", "head_to_head", "goal_difference", "goals_for"],
        forfeit_score_for=dice.roll(3, "forfeit score"),
        forfeit_score_against=0,
    )
    for number in range(6):
        TeamFactory(league=league, name=f"Team {number}")
    season = Season.objects.create(league=league, name="One")
    fixtures_generate(season=season, first_kickoff=timezone.now() + timedelta(days=1))
    for _ in range(60):
        _step(league, season, dice, commissioner)
        _check(league.pk)
    for fixture in Fixture.objects.filter(season=season, status=Fixture.Status.SCHEDULED):
        _play(fixture, dice)
    _check(league.pk)
    season_finish(season=season, by=commissioner)
    _check(league.pk)
    retired = Team.objects.filter(league=league).order_by("pk").first()
    season_start_next(league=league, name="Two", by=commissioner, retire=[retired.pk])
    second = Season.objects.get(league=league, name="Two")  # its fixtures generated
    assert Fixture.objects.filter(season=second).exists()
    _check(league.pk)
    for _ in range(20):
        _step(League.objects.get(pk=league.pk), second, dice, commissioner)
        _check(league.pk)


@pytest.mark.django_db
def test_a_bulk_writer_refreshes_once_and_a_deferred_block_counts_at_its_end(season, league):
    teams = [TeamFactory(league=league, name=f"T{n}") for n in range(4)]
    fixtures = fixtures_generate(season=season)
    assert len(fixtures) == 12 and teams
    dice = Dice(5, record=False)
    # bulk_create sends no signal: nothing is kept until the writer refreshes.
    Result.objects.bulk_create(
        ResultFactory.build(
            fixture=f, home_score=dice.roll(3, "home") - 1, away_score=dice.roll(3, "away") - 1
        )
        for f in fixtures[:6]
    )
    assert standings_drift(season_id=season.pk) != []
    standings_refresh(season_id=season.pk)
    assert standings_drift(season_id=season.pk) == []
    assert _table(standings_get(season=season)) == _recomputed(season)

    with transaction.atomic(), standings_deferred():
        for fixture in fixtures[6:]:
            ResultFactory(fixture=fixture, home_score=1, away_score=1)
        assert standings_drift(season_id=season.pk) != []  # counted at the block's end
    assert standings_drift(season_id=season.pk) == []
    assert _table(standings_get(season=season)) == _recomputed(season)


@pytest.mark.django_db
def test_a_deferred_block_that_fails_counts_nothing(season, league):
    TeamFactory(league=league)
    TeamFactory(league=league)
    fixture = fixtures_generate(season=season)[0]
    with pytest.raises(RuntimeError), transaction.atomic(), standings_deferred():
        ResultFactory(fixture=fixture, home_score=1, away_score=0)
        raise RuntimeError("the batch failed")
    assert not Standing.objects.filter(season=season).exists()
    assert not Result.objects.filter(fixture=fixture).exists()


@pytest.mark.django_db
def test_a_deleted_season_takes_its_rows_without_counting_them_again(season, league):
    TeamFactory(league=league)
    TeamFactory(league=league)
    fixture = fixtures_generate(season=season)[0]
    ResultFactory(fixture=fixture, home_score=2, away_score=0)
    assert Standing.objects.filter(season=season).count() == 2
    season.delete()
    assert not Standing.objects.exists()
    assert timezone.now()  # the transaction commits: no row left pointing at the season


@pytest.mark.django_db
def test_the_rebuild_command_finds_and_mends_rows_a_bulk_writer_left(season, league):
    TeamFactory(league=league)
    TeamFactory(league=league)
    fixture = fixtures_generate(season=season)[0]
    Result.objects.bulk_create([ResultFactory.build(fixture=fixture, home_score=3)])
    with pytest.raises(CommandError, match="1 season"):
        call_command("standings_rebuild", "--check", stdout=StringIO())
    out = StringIO()
    call_command("standings_rebuild", "--season", str(season.pk), stdout=out)
    assert out.getvalue() == "standings rows counted: 2\n"
    call_command("standings_rebuild", "--check", stdout=out)
    assert _table(standings_get(season=season)) == _recomputed(season)
