"""Leagues and seasons: public reads, creation by anyone signed in, settings by the commissioner."""

import pytest

from league.models import League, Season
from tests.api.conftest import ANONYMOUS, assert_error, refused_status
from tests.factories import coach_rule

NOT_COMMISSIONER = ["coach", "other_coach", "stranger", "other_commissioner", ANONYMOUS]


@pytest.mark.django_db
def test_leagues_are_public(api_as, league, team, other_team):
    # when an anonymous visitor lists and opens leagues
    listing = api_as(None).get("/api/v1/leagues/")
    detail = api_as(None).get(f"/api/v1/leagues/{league.pk}/")

    # then they see them, paginated, with the commissioner and team count
    assert listing.status_code == 200
    assert listing.json()["count"] == 1
    assert detail.json()["commissioner"] == "commissioner"
    assert detail.json()["team_count"] == 2
    assert detail.json()["tiebreakers"] == [
        "points",
        "goal_difference",
        "goals_for",
        "head_to_head",
    ]


@pytest.mark.django_db
def test_unknown_league_is_404(api_as, stranger):
    assert_error(api_as(stranger).get("/api/v1/leagues/999999/"), 404)
    assert_error(api_as(stranger).patch("/api/v1/leagues/999999/", {"name": "X"}), 404)


@pytest.mark.django_db
def test_any_signed_in_user_creates_a_league_and_commissions_it(api_as, stranger):
    # when a stranger creates a league
    response = api_as(stranger).post(
        "/api/v1/leagues/", {"name": "Nuln Open", "points_win": 2, "season_name": "Spring"}
    )

    # then it exists with its first season, and they commission it
    assert response.status_code == 201, response.content
    league = League.objects.get(pk=response.json()["id"])
    assert league.commissioner == stranger
    assert league.points_win == 2
    assert list(league.seasons.values_list("name", flat=True)) == ["Spring"]
    assert response.json()["commissioner"] == "stranger"


@pytest.mark.django_db
def test_anonymous_cannot_create_a_league(api_as):
    response = api_as(None).post("/api/v1/leagues/", {"name": "Nuln Open"})

    assert_error(response, 401)
    assert not League.objects.exists()


@pytest.mark.django_db
def test_league_create_names_the_bad_field(api_as, stranger):
    response = api_as(stranger).post(
        "/api/v1/leagues/", {"name": "Nuln Open", "points_win": 11, "tiebreakers": ["luck"]}
    )

    assert_error(response, 400, "points_win", "tiebreakers.0")
    assert not League.objects.exists()


@pytest.mark.django_db
def test_commissioner_changes_house_rules(api_as, commissioner, league):
    # when the commissioner changes the points and the tie-breakers
    response = api_as(commissioner).patch(
        f"/api/v1/leagues/{league.pk}/",
        {"points_win": 2, "coach_rule": "difference", "tiebreakers": ["points", "wins"]},
    )

    # then the league has them
    assert response.status_code == 200, response.content
    league.refresh_from_db()
    assert (league.points_win, coach_rule(league), league.tiebreakers) == (
        2,
        "difference",
        ["points", "wins"],
    )
    assert response.json()["tiebreakers"] == ["points", "wins"]


@pytest.mark.django_db
def test_rule_system_cannot_be_changed(api_as, commissioner, league):
    response = api_as(commissioner).patch(f"/api/v1/leagues/{league.pk}/", {"rule_system": "other"})

    assert response.status_code == 200  # read-only here: ignored
    league.refresh_from_db()
    assert league.rule_system == "rotzball"


@pytest.mark.django_db
def test_house_rules_refuse_a_repeated_tiebreaker(api_as, commissioner, league):
    response = api_as(commissioner).patch(
        f"/api/v1/leagues/{league.pk}/", {"tiebreakers": ["points", "points"]}
    )

    assert_error(response, 400, "tiebreakers")
    league.refresh_from_db()
    assert league.tiebreakers == ["points", "goal_difference", "goals_for", "head_to_head"]


@pytest.mark.django_db
@pytest.mark.parametrize("persona", NOT_COMMISSIONER)
def test_only_the_commissioner_changes_house_rules(
    client_for, persona, league, team, other_team, other_league
):
    # when anyone else tries to change the league
    response = client_for(persona).patch(
        f"/api/v1/leagues/{league.pk}/", {"name": "Hijacked", "points_win": 9}
    )

    # then they are refused and nothing changes
    assert_error(response, refused_status(persona))
    league.refresh_from_db()
    assert (league.name, league.points_win) == ("Middenheim Cup", 3)


@pytest.mark.django_db
def test_seasons_are_listed_by_league(api_as, league, season, other_league):
    # given a season in each league
    Season.objects.create(league=other_league, name="Elsewhere")

    # when listing the seasons of our league
    body = api_as(None).get("/api/v1/seasons/", {"league": league.pk}).json()

    # then only its season shows
    assert [row["name"] for row in body["results"]] == ["2526"]


@pytest.mark.django_db
def test_commissioner_starts_a_season(api_as, commissioner, league):
    response = api_as(commissioner).post("/api/v1/seasons/", {"league": league.pk, "name": "2627"})

    assert response.status_code == 201, response.content
    assert league.seasons.filter(name="2627").exists()


@pytest.mark.django_db
def test_season_names_are_unique_in_a_league(api_as, commissioner, league, season):
    response = api_as(commissioner).post("/api/v1/seasons/", {"league": league.pk, "name": "2526"})

    assert_error(response, 400, "non_field_errors")
    assert league.seasons.count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize("persona", NOT_COMMISSIONER)
def test_only_the_commissioner_starts_a_season(
    client_for, persona, league, team, other_team, other_league
):
    response = client_for(persona).post("/api/v1/seasons/", {"league": league.pk, "name": "Rogue"})

    assert_error(response, refused_status(persona))
    assert not league.seasons.filter(name="Rogue").exists()


@pytest.mark.django_db
def test_a_setting_of_another_game_is_refused_naming_the_field(api_as, commissioner, kp_league):
    # when the commissioner of a Killpower league sends the Rotzball coach rule
    response = api_as(commissioner).patch(
        f"/api/v1/leagues/{kp_league.pk}/", {"coach_rule": "difference", "points_win": 2}
    )

    # then it is refused on that field, and nothing changes
    body = assert_error(response, 400, "coach_rule")
    assert "Rotzball" in body["fields"]["coach_rule"][0]
    kp_league.refresh_from_db()
    assert kp_league.points_win == 3
    assert not hasattr(kp_league, "rotzball_rules")


@pytest.mark.django_db
def test_each_league_shows_only_its_own_games_settings(api_as, league, kp_league):
    body = {row["id"]: row for row in api_as(None).get("/api/v1/leagues/").json()["results"]}

    assert body[league.pk]["coach_rule"] == "test"  # the rules as written
    assert body[kp_league.pk]["coach_rule"] is None


@pytest.mark.django_db
def test_each_page_of_the_list_counts_its_leagues_playing_teams(api_as, league, team, other_team):
    from django.utils import timezone

    from tests.factories import LeagueFactory, TeamFactory

    # given leagues of 0 to 4 teams, one of them retired in the largest
    counts = {}
    for size in range(5):
        other = LeagueFactory(name=f"League {size}")
        made = [TeamFactory(league=other) for _ in range(size)]
        if size == 4:
            made[0].retired_at = timezone.now()
            made[0].save()
        counts[other.pk] = min(size, 3) if size == 4 else size
    counts[league.pk] = 2

    # when the list is read two leagues a page
    seen = {}
    for number in (1, 2, 3):
        body = api_as(None).get("/api/v1/leagues/", {"page_size": 2, "page": number}).json()
        seen.update({row["id"]: row["team_count"] for row in body["results"]})

    # then every page counts each of its leagues' playing teams, as the detail does
    assert seen == counts
    assert all(
        api_as(None).get(f"/api/v1/leagues/{pk}/").json()["team_count"] == count
        for pk, count in counts.items()
    )
