"""The Killpower pages read like the paper sheets: the championship table, the team sheet, a
gladiator's history, the referee sheet with its turn track, the bracket; the commissioner
registers a team, the coach takes raises."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from league.models import League, Team
from league.services import league_create
from matches.services import fixtures_generate
from systems.killpower.models import Gladiator
from systems.killpower.services.teams import killpower_team_register
from systems.killpower.services.tournaments import tournament_create
from tests.factories import killpower_recruits, ranking_points
from tests.pages.conftest import field_error, form_data, soup
from tests.systems.killpower.helpers import play
from tests.systems.killpower.pages.conftest import HTMX

pytestmark = pytest.mark.django_db


def cells(row) -> list[str]:
    return [cell.get_text(" ", strip=True) for cell in row.find_all(["th", "td"])]


def test_the_championship_table_ranks_by_ranking_points_with_power_and_division(
    browser, kp_league, titanos, viking, kp_fixture, coach, other_coach
):
    play(kp_fixture, 3, 0, by=coach, confirm_by=other_coach, seed=1)  # Titanos win: +3

    page = soup(browser().get(kp_league.get_absolute_url()))

    table = page.find("table", class_="kp-ranking")
    rows = [cells(row) for row in table.find("tbody").find_all("tr")]
    assert rows[0][1].startswith("Titanos") and rows[0][-1] == str(ranking_points(titanos)) == "3"
    # power = 3 points + 35 XP / 10 = 6, division 1; Viking: 0 + 3 = 3, division 0
    assert rows[0][-3:] == ["6", "1", "3"] and rows[1][-3:] == ["3", "0", "0"]
    assert rows[0][3:5] == ["1", "1"]  # played, won
    assert "Simulate" not in page.get_text()  # played at the table


def test_the_team_page_shows_the_seven_gladiators_power_and_division(browser, titanos):
    page = soup(browser().get(titanos.get_absolute_url()))

    rows = page.find("table", class_="kp-gladiators").find("tbody").find_all("tr")
    assert [cells(row)[1].split()[0:2] for row in rows] == [
        ["Titanos", str(n)] for n in range(1, 8)
    ]
    first = cells(rows[0])  # Titanos 1: archer (+1 HAB), combat gloves, armour 1
    assert first[3:11] == ["5", "4", "5", "4", "4", "4", "1", "Combat gloves (+1D10 damage)"]
    cards = page.find(class_="kp-power-cards").get_text(" ", strip=True)
    assert "Ranking points 0" in cards and "Power 0" in cards and "Division 0" in cards
    assert page.find("a", href=reverse("league:kp_team_sheet", args=[titanos.pk]))
    assert not page.find("a", href=reverse("league:kp_raises", args=[titanos.pk]))


@pytest.mark.parametrize(
    ("language", "movement", "life"),
    [("en", "Movement (DEP)", "Life (VIE)"), ("fr", "Déplacement (DEP)", "Vie (VIE)")],
)
def test_both_gladiator_tables_title_the_six_characteristics_in_full(
    browser, titanos, language, movement, life
):
    addresses = {
        "kp-gladiators": titanos.get_absolute_url(),
        "kp-sheet-gladiators": reverse("league:kp_team_sheet", args=[titanos.pk]),
    }
    for table_class, address in addresses.items():
        page = soup(browser().get(address, HTTP_ACCEPT_LANGUAGE=language))
        titles = {
            abbr.get_text(): abbr["title"]
            for abbr in page.find("table", class_=table_class).find("thead").find_all("abbr")
        }
        assert {"DEP", "PHY", "HAB", "POU", "BAL", "VIE"} <= set(titles), table_class
        assert titles["DEP"] == movement and titles["VIE"] == life


def test_the_coach_sees_the_raises_button(browser, coach, titanos):
    page = soup(browser(coach).get(titanos.get_absolute_url()))

    assert page.find("a", href=reverse("league:kp_raises", args=[titanos.pk]))


def test_the_printable_team_sheet(browser, titanos):
    page = soup(browser().get(reverse("league:kp_team_sheet", args=[titanos.pk])))

    boxes = page.find("table", class_="kp-boxes").get_text(" ", strip=True)
    assert "Titanos" in boxes and "Ranking points" in boxes and "Division" in boxes
    rows = page.find("table", class_="kp-sheet-gladiators").find("tbody").find_all("tr")
    assert len(rows) == 7
    assert rows[0].find(class_="kp-blank")  # RAP: drawn before each match
    assert page.find("button", attrs={"data-print": True})


def test_a_gladiator_page_shows_his_history_with_the_rolls(
    browser, kp_fixture, coach, other_coach, script_dice
):
    script_dice("matches.table_results.post_match", [4])  # death risk: 4, the head
    play(
        kp_fixture,
        1,
        0,
        by=coach,
        confirm_by=other_coach,
        seed=3,
        away={"comas": [{"gladiator": "Viking 2", "state": -12}]},
    )
    dead = Gladiator.objects.get(name="Viking 2")

    page = soup(browser().get(reverse("league:gladiator", args=[dead.pk])))

    assert "Dead" in page.find("h1").get_text()
    history = page.find("ol", class_="kp-history").get_text(" ", strip=True)
    assert "Fell into a coma at state -12" in history
    assert "hit in the head at state -12: dead" in history
    assert "Death risk: where Viking 2 was hit" in history and "1D10 4" in history
    recruit = Gladiator.objects.get(team=dead.team, number=dead.number, status="fit")
    team_page = soup(browser().get(dead.team.get_absolute_url()))
    assert "In memoriam" in team_page.get_text() and recruit.name in team_page.get_text()


def test_the_referee_sheet_before_and_after_kick_off(browser, coach, kp_fixture, entered):
    page = soup(browser().get(reverse("matches:kp_referee_sheet", args=[kp_fixture.pk])))

    turns = page.find("table", class_="kp-turn-track").find("thead").find_all("th")[1:]
    assert [th.get_text() for th in turns] == [str(n) for n in range(20, 0, -1)]
    teams = page.find_all("section", class_="kp-referee-team")
    assert len(teams) == 2
    facts = teams[0].find("dl").get_text(" ", strip=True)
    assert "Points to score +1" in facts and "Power 0" in facts
    kp_fixture.refresh_from_db()  # entered: kicked off, RAP drawn
    drawn = kp_fixture.options["kickoff"]["rapidity"]["home"]["Titanos 1"]
    first = teams[0].find("tbody").find("tr")
    assert first.find("td", class_="kp-rap-col").get_text(strip=True) == str(drawn)
    assert page.find(class_="kp-final-score")


def test_the_referee_sheet_before_kick_off_has_blank_rap(browser, kp_fixture):
    page = soup(browser().get(reverse("matches:kp_referee_sheet", args=[kp_fixture.pk])))

    assert "Not kicked off yet" in page.get_text()
    rap = page.find("section", class_="kp-referee-team").find("td", class_="kp-rap-col")
    assert rap.find(class_="kp-blank")


def test_the_commissioner_registers_a_team_of_seven(browser, commissioner, coach, kp_league):
    client = browser(commissioner)
    url = reverse("league:kp_team_create", args=[kp_league.pk])
    form = soup(client.get(url)).find("main").find("form")
    names = {f"gladiator_{n}_name": f"Lion {n}" for n in range(1, 8)}

    response = client.post(
        url,
        form_data(form, name="Lions", coach="coach", gladiator_1_equipment="magic_armour", **names),
    )

    team = Team.objects.get(name="Lions")
    assert response.status_code == 302 and response["Location"] == team.get_absolute_url()
    assert team.coach == coach and team.gladiators.count() == 7
    armour = team.gladiators.get(number=1).equipment
    assert armour["kind"] == "magic_armour" and 7 <= armour["armour"] <= 11  # drawn: 1D5 + 6
    assert (
        "its magic armours and power cards are drawn"
        in soup(client.get(response["Location"])).get_text()
    )


def test_two_gladiators_with_one_name_are_refused_by_name(browser, commissioner, kp_league):
    client = browser(commissioner)
    url = reverse("league:kp_team_create", args=[kp_league.pk])
    form = soup(client.get(url)).find("main").find("form")
    names = {f"gladiator_{n}_name": f"Lion {n}" for n in range(1, 8)}
    names["gladiator_5_name"] = "Lion 2"

    response = client.post(url, form_data(form, name="Lions", **names))

    assert response.status_code == 200
    assert "Two gladiators are called Lion 2" in field_error(soup(response), "gladiator_5_name")
    assert not Team.objects.filter(name="Lions").exists()


def test_the_coach_takes_a_raise(browser, coach, kp_fixture, other_coach, titanos):
    play(kp_fixture, 1, 0, by=coach, confirm_by=other_coach, seed=5)
    gladiator = titanos.gladiators.get(name="Titanos 1")
    gladiator.xp = 10  # a second match's worth
    gladiator.save()
    client = browser(coach)
    url = reverse("league:kp_raises", args=[titanos.pk])
    card = soup(client.get(url)).find(id=f"gladiator-{gladiator.pk}")
    form = card.find("form")
    button = form.find("button", attrs={"value": "BAL"})
    assert not button.has_attr("disabled")

    response = client.post(form["action"], form_data(form, characteristic="BAL"), headers=HTMX)

    fragment = soup(response)
    assert fragment.find("html") is None
    assert "Titanos 1 raises BAL to 5." in fragment.get_text()
    gladiator.refresh_from_db()
    assert gladiator.raises == {"BAL": 1}
    card = fragment.find(id=f"gladiator-{gladiator.pk}")
    assert card.find("button", attrs={"value": "PHY"}).has_attr("disabled")  # none left


def test_a_raise_without_xp_is_refused_and_nothing_changes(browser, coach, titanos):
    gladiator = titanos.gladiators.get(name="Titanos 2")
    client = browser(coach)
    url = reverse("league:kp_raises", args=[titanos.pk])

    response = client.post(url, {"gladiator": gladiator.pk, "characteristic": "PHY"})

    assert response.status_code == 200
    assert soup(response).find(class_="form-errors")
    gladiator.refresh_from_db()
    assert gladiator.raises == {}


def test_the_bracket_is_drawn_with_byes_winners_and_free_throws(
    browser, commissioner, django_capture_on_commit_callbacks
):
    league = league_create(
        commissioner=commissioner,
        name="Coupe",
        rule_system="killpower",
        competition_format=League.CompetitionFormat.TOURNAMENT,
    )
    season = league.seasons.get()
    for n, name in enumerate(["Lions", "Aigles", "Loups", "Ours", "Taureaux"], start=1):
        killpower_team_register(
            league=league, name=name, gladiators=killpower_recruits(name), seed=n
        )
    tournament_create(season=season, first_kickoff=timezone.now() + timedelta(days=1))
    fixture = season.fixtures.get(round=1)
    play(fixture, 0, 0, by=commissioner, confirm_by=commissioner, seed=7)  # free throws

    page = soup(browser().get(league.get_absolute_url()))

    bracket = page.find(class_="kp-bracket")
    assert [h.get_text() for h in bracket.find_all("h3")] == [
        "Quarter-finals",
        "Semi-finals",
        "Final",
    ]
    assert len(bracket.find_all(class_="kp-bye")) == 3
    played = bracket.find(id=f"match-{fixture.bracket_position}")
    fixture.refresh_from_db()
    winner = fixture.home if fixture.result.winner == "home" else fixture.away
    assert winner.name in played.find(class_="kp-winner").get_text()
    assert "on free throws" in played.get_text()
    assert "winner of R2M1" in bracket.get_text()
    report = soup(browser().get(fixture.get_absolute_url()))
    assert report.find("table", class_="kp-throws-table")


def test_the_commissioner_draws_a_tournament_from_the_page(browser, commissioner):
    league = league_create(
        commissioner=commissioner,
        name="Coupe",
        rule_system="killpower",
        competition_format=League.CompetitionFormat.TOURNAMENT,
    )
    for n, name in enumerate(["Lions", "Aigles", "Loups"], start=1):
        killpower_team_register(
            league=league, name=name, gladiators=killpower_recruits(name), seed=n
        )
    client = browser(commissioner)
    tools = soup(client.get(league.get_absolute_url())).find(class_="commissioner-tools")
    url = reverse("league:kp_tournament_create", args=[league.pk])
    assert tools.find("a", href=url)
    form = soup(client.get(url)).find("main").find("form")

    response = client.post(url, form_data(form))

    assert response.status_code == 302
    assert league.seasons.get().fixtures.count() == 1  # 3 teams: one bye, one match


@pytest.mark.parametrize("teams", [2, 10])
def test_championship_page_budget(browser, commissioner, django_assert_max_num_queries, teams):
    league = league_create(commissioner=commissioner, name="Budget", rule_system="killpower")
    for n in range(teams):
        killpower_team_register(
            league=league, name=f"Team {n}", gladiators=killpower_recruits(f"T{n}"), seed=n
        )
    client = browser(commissioner)

    # 12, 1 for the league's betting mode (the page links to betting when it is on), 1 for
    # whether a tournament holds the season (no round robin is offered then) and 1 for the
    # signed-in commissioner's unread notifications (the bell)
    with django_assert_max_num_queries(15):
        response = client.get(league.get_absolute_url())

    assert response.status_code == 200
    assert (
        len(soup(response).find("table", class_="kp-ranking").find("tbody").find_all("tr")) == teams
    )


@pytest.mark.parametrize("played", [1, 3])
def test_team_page_budget(
    browser, django_assert_max_num_queries, kp_season, titanos, viking, coach, other_coach, played
):
    for number in range(played):
        fixture = kp_season.fixtures.create(
            round=number + 1,
            home=titanos,
            away=viking,
            kickoff=timezone.now() + timedelta(days=number + 1),
        )
        play(fixture, 1, 0, by=coach, confirm_by=other_coach, seed=number)
    client = browser()

    with django_assert_max_num_queries(10):  # 9, and the seasons its fixtures are in
        response = client.get(titanos.get_absolute_url())

    assert response.status_code == 200


def test_the_league_page_lists_the_results_waiting_for_each_user(
    browser, coach, other_coach, commissioner, kp_league, entered
):
    report_url = reverse("matches:kp_report", args=[entered.pk])

    waiting = soup(browser(other_coach).get(kp_league.get_absolute_url())).find(class_="kp-waiting")
    assert waiting.find("a", href=report_url)
    assert "Titanos 2–0 Viking" in waiting.get_text(" ", strip=True)
    assert "Waiting for confirmation" in waiting.get_text()
    assert not soup(browser(coach).get(kp_league.get_absolute_url())).find(class_="kp-waiting")
    tools = soup(browser(commissioner).get(kp_league.get_absolute_url())).find(
        class_="commissioner-tools"
    )
    queue = tools.find("a", href=reverse("league:kp_queue", args=[kp_league.pk]))
    assert queue.find(class_="kp-count").get_text() == "1"


def test_new_killpower_leagues_render_their_empty_states(browser, commissioner):
    championship = league_create(commissioner=commissioner, name="Vide", rule_system="killpower")
    tournament = league_create(
        commissioner=commissioner,
        name="Coupe vide",
        rule_system="killpower",
        competition_format=League.CompetitionFormat.TOURNAMENT,
    )
    client = browser(commissioner)

    table = soup(client.get(championship.get_absolute_url())).find("table", class_="kp-ranking")
    assert "No team is registered yet." in table.get_text()
    page = soup(client.get(tournament.get_absolute_url()))
    assert "The bracket is not drawn yet." in page.get_text()
    assert page.find("a", href=reverse("league:kp_tournament_create", args=[tournament.pk]))
    assert not page.find("a", href=reverse("league:fixtures_generate", args=[tournament.pk]))


def test_the_commissioner_kicks_a_fixture_off_from_its_page(
    browser, commissioner, coach, kp_fixture
):
    # Given a fixture scheduled in two days: its coaches see no kick-off button
    kick_off = reverse("matches:kp_kick_off", args=[kp_fixture.pk])
    for url in (
        kp_fixture.get_absolute_url(),
        reverse("matches:kp_referee_sheet", args=[kp_fixture.pk]),
    ):
        assert not soup(browser(coach).get(url)).find("form", action=kick_off), url
    assert browser(coach).post(kick_off).status_code == 403

    # When the commissioner uses the button on the fixture page (also on the referee sheet)
    client = browser(commissioner)
    assert soup(client.get(reverse("matches:kp_referee_sheet", args=[kp_fixture.pk]))).find(
        "form", action=kick_off
    )
    button = soup(client.get(kp_fixture.get_absolute_url())).find("form", action=kick_off)
    response = client.post(button["action"], form_data(button))

    # Then the match has kicked off and the referee sheet shows the RAP just drawn
    assert response["Location"] == reverse("matches:kp_referee_sheet", args=[kp_fixture.pk])
    kp_fixture.refresh_from_db()
    assert kp_fixture.status == "locked"
    page = soup(client.get(response["Location"]))
    assert "Not kicked off yet" not in page.get_text()
    assert not page.find("form", action=kick_off)

    # ... and a second press says it already has
    again = client.post(kick_off, follow=True)
    assert "already kicked off" in soup(again).get_text()


@pytest.mark.parametrize("teams", [2, 10])
def test_championship_page_with_matches_to_play_budget(
    browser, commissioner, django_assert_max_num_queries, teams
):
    # given a championship whose fixtures are drawn, none played
    league = league_create(commissioner=commissioner, name="Budget", rule_system="killpower")
    for n in range(teams):
        killpower_team_register(
            league=league, name=f"Team {n}", gladiators=killpower_recruits(f"T{n}"), seed=n
        )
    fixtures_generate(season=league.seasons.get())
    client = browser()

    # when a visitor reads the page, which says which teams are not ready to play
    # then the same queries for 2 teams or 10: the living gladiators and the ranking points
    # the roster check reads come in one query each for every team, and the ranking table
    # shows the powers of those gladiators without reading them again
    with django_assert_max_num_queries(9) as queries:
        response = client.get(league.get_absolute_url())
    gladiators = Gladiator._meta.db_table
    assert sum(f'FROM "{gladiators}"' in query["sql"] for query in queries.captured_queries) == 1

    assert response.status_code == 200
