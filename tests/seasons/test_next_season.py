"""Starting the next season: the previous one finished first, one team retired and one added,
a fresh round robin played as the last one, the coaches told, one season per name."""

from datetime import timedelta

import pytest
from django.core.exceptions import PermissionDenied, ValidationError
from django.utils import timezone

from league.models import Season, Team
from matches import seasons, services
from matches.models import Fixture
from matches.standings import standings_get
from tests.factories import UserFactory


@pytest.fixture
def finished(played_season, commissioner):
    return seasons.season_finish(season=played_season, by=commissioner)


def test_next_season_with_one_team_retired_and_one_added(
    finished, league, commissioner, team, other_team, third_team, run_on_commit, events
):
    newcomer_coach = UserFactory(username="newcomer")

    season = run_on_commit(
        seasons.season_start_next,
        league=league,
        name="2627",
        by=commissioner,
        retire=[third_team.pk],
        add=[{"name": "Hawks", "coach": newcomer_coach}],
    )

    hawks = Team.objects.get(league=league, name="Hawks")
    third_team.refresh_from_db()
    assert third_team.retired_at is not None
    playing = {t for f in season.fixtures.all() for t in (f.home_id, f.away_id)}
    assert playing == {team.pk, other_team.pk, hawks.pk}
    # played as the first season was: a single round robin of three (three rounds, one rest)
    assert season.fixtures.count() == 3
    assert not Fixture.objects.filter(season=season).filter(home=third_team).exists()
    [event] = [e for e in events if e.kind == "season.started"]
    assert event.key == f"season.started:{season.pk}"
    assert set(event.recipients) == {team.coach_id, other_team.coach_id, newcomer_coach.pk}
    # the new table lists the season's teams only; the old one keeps the retired team
    assert {row.team for row in standings_get(season=season)} == {team, other_team, hawks}
    assert third_team in {row.team for row in standings_get(season=finished)}
    assert hawks not in {row.team for row in standings_get(season=finished)}


def _wall_clock_gap(fixtures):
    """Round 1 to round 2 on the local clock, which rounds keep across a change of summer time."""
    first, second = (
        timezone.localtime(fixtures.filter(round=n).order_by("pk").first().kickoff).replace(
            tzinfo=None
        )
        for n in (1, 2)
    )
    return second - first


def test_the_round_robin_follows_the_previous_season(finished, league, commissioner, run_on_commit):
    gap = _wall_clock_gap(finished.fixtures)

    season = seasons.season_start_next(league=league, name="2627", by=commissioner)

    assert _wall_clock_gap(season.fixtures) == gap
    assert season.fixtures.count() == finished.fixtures.count()


def test_double_start_is_refused_and_writes_nothing(finished, league, commissioner):
    seasons.season_start_next(league=league, name="2627", by=commissioner)

    with pytest.raises(seasons.SeasonConflict) as refused:
        seasons.season_start_next(league=league, name="2627", by=commissioner)

    assert (refused.value.code, refused.value.field) == ("season_exists", "name")
    assert Season.objects.filter(league=league).count() == 2


def test_the_previous_season_must_be_finished(season, league, commissioner, team, other_team):
    services.fixtures_generate(season=season)

    with pytest.raises(seasons.SeasonConflict) as refused:
        seasons.season_start_next(league=league, name="2627", by=commissioner)

    assert refused.value.code == "season_open"
    assert "2526" in refused.value.message
    assert league.seasons.count() == 1


def test_a_refused_start_changes_nothing(
    finished, league, commissioner, team, other_team, third_team
):
    with pytest.raises(ValidationError) as refused:
        seasons.season_start_next(
            league=league,
            name="2627",
            by=commissioner,
            retire=[third_team.pk],
            add=[{"name": "wolves"}],  # the name of a team already there, capitals aside
        )

    assert "add.0.name" in refused.value.message_dict
    third_team.refresh_from_db()
    assert third_team.retired_at is None
    assert league.seasons.count() == 1


def test_too_few_teams_left_refuses_the_whole_start(
    finished, league, commissioner, team, other_team, third_team
):
    with pytest.raises(ValidationError) as refused:
        seasons.season_start_next(
            league=league, name="2627", by=commissioner, retire=[other_team.pk, third_team.pk]
        )

    assert "season" in refused.value.message_dict
    assert league.seasons.count() == 1
    assert not Team.objects.filter(retired_at__isnull=False).exists()


@pytest.mark.parametrize("retire", [[999999], ["x"]])
def test_unknown_teams_to_retire_name_the_field(finished, league, commissioner, retire):
    with pytest.raises(ValidationError) as refused:
        seasons.season_start_next(league=league, name="2627", by=commissioner, retire=retire)
    assert list(refused.value.message_dict) == ["retire"]


def test_an_empty_name_is_refused(finished, league, commissioner):
    with pytest.raises(ValidationError) as refused:
        seasons.season_start_next(league=league, name="  ", by=commissioner)
    assert list(refused.value.message_dict) == ["name"]


def test_only_the_commissioner_starts_a_season(finished, league, coach):
    with pytest.raises(PermissionDenied):
        seasons.season_start_next(league=league, name="2627", by=coach)
    assert league.seasons.count() == 1


def test_retire_and_bring_back(finished, league, commissioner, third_team):
    seasons.team_retire(team=third_team, by=commissioner)
    with pytest.raises(seasons.SeasonConflict):
        seasons.team_retire(team=third_team, by=commissioner)
    seasons.team_reinstate(team=third_team, by=commissioner)
    third_team.refresh_from_db()
    assert third_team.retired_at is None
    with pytest.raises(seasons.SeasonConflict):
        seasons.team_reinstate(team=third_team, by=commissioner)


def test_a_team_with_fixtures_to_play_cannot_retire(season, commissioner, team, other_team):
    services.fixtures_generate(season=season)
    with pytest.raises(seasons.SeasonConflict) as refused:
        seasons.team_retire(team=team, by=commissioner)
    assert refused.value.field == "team"


def test_a_retired_team_cannot_be_scheduled(finished, league, commissioner, team, third_team):
    season = seasons.season_start_next(
        league=league, name="2627", by=commissioner, retire=[third_team.pk]
    )
    with pytest.raises(ValidationError) as refused:
        services.fixture_schedule(
            season=season,
            home=team,
            away=third_team,
            kickoff=season.fixtures.first().kickoff + timedelta(days=90),
        )
    assert "away" in refused.value.message_dict
