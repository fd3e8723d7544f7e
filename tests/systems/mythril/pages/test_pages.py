"""The Mythril pages answer and call the services: the roster builder and its live check,
the team page with hires, bets and level-ups, the result entry and its confirmation, the
printable sheets, the roster data page and its import."""

from django.core.files.uploadedfile import SimpleUploadedFile
from django.urls import reverse

from systems.mythril.models import Player, ResultReport, TeamBet
from systems.mythril.selectors import gold_of


def draft(league, **extra):
    from systems.mythril.models import Position

    lineman = Position.objects.get(
        team_list__league=league, team_list__race="Human", name="Lineman"
    )
    return {
        "name": "Altdorf Bulls",
        "team_list": "Human",
        "popularity": 1,
        "home_pitch": "lawn",
        f"count_{lineman.pk}": 11,
        **extra,
    }


def test_the_league_page_links_the_builder_and_shows_the_table(client, league, home_team, coach):
    client.force_login(coach)
    page = client.get(league.get_absolute_url()).content.decode()
    assert reverse("league:my_team_create", args=[league.pk]) in page
    assert "Reikland Reavers" in page


def test_the_live_check_names_the_broken_rule(client, league, coach):
    client.force_login(coach)
    answer = client.post(
        reverse("league:my_team_check", args=[league.pk]),
        draft(league, popularity=0),
        HTTP_HX_REQUEST="true",
    ).content.decode()
    assert "Popularity at least 1: the team has 0" in answer
    assert "popularity_too_low" in answer
    answer = client.post(
        reverse("league:my_team_check", args=[league.pk]), draft(league)
    ).content.decode()
    assert "560,000" in answer and "can be registered" in answer


def test_the_builder_registers_a_team_the_user_coaches(client, league, coach):
    client.force_login(coach)
    url = reverse("league:my_team_create", args=[league.pk])
    assert client.get(url).status_code == 200
    refused = client.post(url, draft(league, popularity=0))
    assert refused.status_code == 200
    assert "Popularity at least 1" in refused.content.decode()
    done = client.post(url, draft(league))
    team = league.teams.get(name="Altdorf Bulls")
    assert done.status_code == 302 and team.coach == coach
    assert gold_of(team) == 440_000
    page = client.get(team.get_absolute_url()).content.decode()
    assert "440,000" in page and "Lineman 11" in page


def test_the_team_page_hires_and_bets(client, home_team, coach, fixture):
    client.force_login(coach)
    client.post(
        reverse("league:my_hire", args=[home_team.pk]),
        {"choice": "position|Human|Blitzer", "name": "Hans"},
    )
    assert Player.objects.filter(team=home_team, name="Hans").exists()
    client.post(
        reverse("league:my_matchday_enter", args=[home_team.pk]),
        {"season": fixture.season_id, "round": 1},
    )
    client.post(
        reverse("league:my_team_bet", args=[home_team.pk]),
        {"fixture": fixture.pk, "outcome": "draw"},
    )
    assert TeamBet.objects.get(team=home_team).outcome == "draw"
    page = client.get(home_team.get_absolute_url()).content.decode()
    assert "Hans" in page and "entered" in page


def test_a_stranger_cannot_hire(client, home_team, stranger):
    client.force_login(stranger)
    response = client.post(
        reverse("league:my_hire", args=[home_team.pk]),
        {"choice": "position|Human|Blitzer"},
        follow=True,
    )
    assert "Only the team" in response.content.decode()
    assert not Player.objects.filter(team=home_team, position__name="Blitzer").exists()


def test_result_entry_then_confirmation_on_the_pages(
    client, fixture, coach, other_coach, django_capture_on_commit_callbacks
):
    client.force_login(coach)
    url = reverse("matches:my_result", args=[fixture.pk])
    assert client.get(url).status_code == 200
    form = {"home_score": 1, "away_score": 0}
    first = Player.objects.filter(team=fixture.home).order_by("number").first()
    form[f"home_{first.pk}_touchdowns"] = 1
    for team, side in ((fixture.home, "home"), (fixture.away, "away")):
        for player in Player.objects.filter(team=team):
            form[f"{side}_{player.pk}_played"] = "on"
    assert client.post(url, form).status_code == 302
    report = ResultReport.objects.get(fixture=fixture)
    client.force_login(other_coach)
    page = client.get(fixture.get_absolute_url()).content.decode()
    assert "Confirm" in page
    with django_capture_on_commit_callbacks(execute=True):
        client.post(reverse("matches:my_report_command", args=[report.pk, "confirm"]))
    page = client.get(fixture.get_absolute_url()).content.decode()
    assert "1 – 0" in page
    assert "Every roll" in page and "MVP draw" in page and "Popularity roll" in page
    sheet = client.get(reverse("matches:my_match_sheet", args=[fixture.pk]))
    assert sheet.status_code == 200 and "data-print" in sheet.content.decode()


def test_the_team_sheet_prints(client, home_team):
    sheet = client.get(reverse("league:my_team_sheet", args=[home_team.pk])).content.decode()
    assert "data-print" in sheet and "Reikland Reavers" in sheet


def test_the_roster_data_page_and_its_import(client, league, commissioner, coach):
    url = reverse("league:my_roster_data", args=[league.pk])
    page = client.get(url).content.decode()
    assert "sample data" in page and "Morg" in page
    client.force_login(coach)
    assert client.post(url, {"file": SimpleUploadedFile("r.yaml", b"x: 1")}).status_code == 404
    client.force_login(commissioner)
    bad = client.post(url, {"file": SimpleUploadedFile("r.yaml", b"team_lists:\n  - race: 3\n")})
    assert "line 2: team_lists.0" in bad.content.decode()


def test_the_matchday_bets_are_the_commissioners(client, fixture, commissioner, coach):
    url = reverse("league:my_matchday_bets", args=[fixture.season_id, 1])
    client.force_login(coach)
    assert client.get(url).status_code == 404
    client.force_login(commissioner)
    assert client.get(url).status_code == 200


def test_the_commissioner_draws_a_trophy_on_the_league_page(
    client, league, season, home_team, away_team, commissioner
):
    client.force_login(commissioner)
    assert "Draw a trophy" in client.get(league.get_absolute_url()).content.decode()
    client.post(
        reverse("league:my_trophy_create", args=[season.pk]),
        {
            "name": "Coupe",
            "round": 3,
            "kickoff": "2030-05-01T20:00",
            "teams": [home_team.pk, away_team.pk],
        },
    )
    page = client.get(league.get_absolute_url()).content.decode()
    assert "Coupe" in page and "Final" in page


def test_the_league_page_has_one_standings_table_and_no_simulate_button(
    client, league, season, fixture, commissioner
):
    from bs4 import BeautifulSoup

    client.force_login(commissioner)
    page = BeautifulSoup(client.get(league.get_absolute_url()).content, "html.parser")

    assert len(page.select("table.standings")) == 1  # Mythril's, in place of the generic one
    assert "3 points (the text)" in page.select_one("table.standings caption").text
    assert not [b for b in page.find_all("button") if "Simulate" in b.text]


def test_the_team_page_reads_no_skill_without_a_level_up_to_pick(client, home_team):
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    with CaptureQueriesContext(connection) as queries:
        assert client.get(home_team.get_absolute_url()).status_code == 200

    assert not [query for query in queries if "mythril_skill" in query["sql"]]


def test_a_level_up_to_pick_offers_the_leagues_skills_of_its_categories(client, home_team, coach):
    from systems.mythril.models import LevelUp

    player = Player.objects.filter(team=home_team).first()
    options = {"categories": ["general"], "dice": [2, 5], "double": False, "characteristics": []}
    LevelUp.objects.create(player=player, level=1, options=options)
    client.force_login(coach)

    page = client.get(home_team.get_absolute_url()).content.decode()

    assert 'value="skill|Block"' in page and 'value="skill|Dodge"' not in page


def test_the_team_page_lists_the_fallen_apart_from_the_roster(client, home_team):
    fallen = list(Player.objects.filter(team=home_team).order_by("number")[:2])
    for player, name in zip(fallen, ("Zed the Brave", "Abe the Bold"), strict=True):
        player.name, player.status = name, Player.Status.DEAD
        player.save()

    page = client.get(home_team.get_absolute_url()).content.decode()

    roster, memorial = page.split("In memoriam")
    assert "<p>Zed the Brave, Abe the Bold</p>" in memorial  # by number
    assert "Zed the Brave" not in roster.split('id="players-title"')[1]
