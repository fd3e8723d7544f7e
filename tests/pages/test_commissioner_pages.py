"""A commissioner sets up a league, generates fixtures and simulates them."""

import pytest
from django.urls import reverse

from league.models import League, Team
from matches.models import Fixture, SimulationBatch
from tests.factories import coach_rule
from tests.pages.conftest import field_error, form_data, soup

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def main_form(page):
    return page.find("main").find("form", method="post")


def test_a_signed_in_user_creates_a_league_and_becomes_its_commissioner(browser, stranger):
    client = browser(stranger)
    page = soup(client.get(reverse("league:list")))
    new = page.find("a", href=reverse("league:create"))
    form = main_form(soup(client.get(new["href"])))

    response = client.post(new["href"], form_data(form, name="Talabec Shield", season_name="1"))

    league = League.objects.get(name="Talabec Shield")
    assert response["Location"] == league.get_absolute_url()
    assert league.commissioner == stranger
    assert league.seasons.get().name == "1"
    assert soup(client.get(league.get_absolute_url())).find(class_="commissioner-tools")


def test_settings_change_points_and_tiebreaker_order(browser, commissioner, league):
    client = browser(commissioner)
    url = reverse("league:settings", args=[league.pk])
    form = main_form(soup(client.get(url)))
    assert (
        form.find("select", attrs={"name": "tiebreaker_1"}).find("option", selected=True)["value"]
        == "points"
    )

    response = client.post(
        url,
        form_data(
            form,
            points_win="2",
            coach_rule="difference",
            tiebreaker_1="wins",
            tiebreaker_2="points",
            tiebreaker_3="",
            tiebreaker_4="",
            tiebreaker_5="",
        ),
    )

    assert response.status_code == 302
    league.refresh_from_db()
    assert (league.points_win, coach_rule(league)) == (2, "difference")
    assert league.tiebreakers == ["wins", "points"]


def test_repeated_tiebreaker_is_an_inline_error_and_nothing_changes(browser, commissioner, league):
    client = browser(commissioner)
    url = reverse("league:settings", args=[league.pk])
    form = main_form(soup(client.get(url)))

    response = client.post(url, form_data(form, tiebreaker_2="points", points_win="5"))

    assert "only once" in field_error(soup(response), "tiebreakers")
    league.refresh_from_db()
    assert league.points_win == 3


def test_commissioner_registers_a_team_with_a_coach_chosen_by_username(
    browser, commissioner, league, coach
):
    client = browser(commissioner)
    url = reverse("league:team_register", args=[league.pk])
    page = soup(client.get(url))
    assert page.find("datalist") is None  # typed, never picked from a list of every account

    response = client.post(
        url, form_data(main_form(page), name="Bears", coach="coach", primary_colour="#112233")
    )

    assert response.status_code == 302
    bears = Team.objects.get(league=league, name="Bears")
    assert (bears.coach, bears.primary_colour) == (coach, "#112233")


def test_unknown_username_is_refused_on_the_coach_field(browser, commissioner, league):
    client = browser(commissioner)
    url = reverse("league:team_register", args=[league.pk])

    response = client.post(
        url, form_data(main_form(soup(client.get(url))), name="Bears", coach="nobody")
    )

    assert "No user has this username." in field_error(soup(response), "coach")
    assert not Team.objects.filter(name="Bears").exists()


def test_commissioner_generates_fixtures_simulates_a_round_and_reads_the_grid(
    browser, commissioner, league, season, team, other_team, django_capture_on_commit_callbacks
):
    client = browser(commissioner)
    league_url = reverse("league:detail", args=[league.pk])
    generate = soup(client.get(league_url)).find(
        "a",
        href=lambda h: h and h.startswith(reverse("league:fixtures_generate", args=[league.pk])),
    )
    form = main_form(soup(client.get(generate["href"])))

    response = client.post(
        generate["href"],
        form_data(form, double="0", first_kickoff="2031-05-03T20:00", interval="7"),
    )

    assert response.status_code == 302
    assert Fixture.objects.filter(season=season).count() == 1
    page = soup(client.get(response["Location"]))
    simulate = page.find("form", class_="round-action")
    assert "Simulate round 1" in simulate.get_text()

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(simulate["action"], form_data(simulate))

    batch = SimulationBatch.objects.get()
    assert response["Location"] == reverse("league:batch", args=[league.pk, batch.pk])
    progress = soup(client.get(response["Location"]))
    assert progress.find("progress")["value"] == "1"
    assert "1 of 1 matches played." in progress.get_text()
    fixture = Fixture.objects.get(season=season)
    assert fixture.status == "played"
    report_link = progress.find("a", href=fixture.get_absolute_url())

    report = soup(client.get(report_link["href"]))
    grid = report.find("table", class_="match-grid")
    assert len(grid.tbody.find_all("tr")) == 2
    assert len(grid.select(".init-box.ticked")) == len(fixture.result.record["turns"])


def test_batch_progress_fragment_polls_until_done(
    browser, commissioner, league, season, played_fixture, scheduled_fixture
):
    batch = SimulationBatch.objects.create(season=season, label="Round 2")
    batch.fixtures.set([played_fixture, scheduled_fixture])
    url = reverse("league:batch", args=[league.pk, batch.pk])

    fragment = soup(browser(commissioner).get(url, headers=HTMX))

    section = fragment.find(id="progress")
    assert fragment.find("html") is None
    assert section["hx-get"] == url and section["hx-trigger"] == "every 1s"
    assert fragment.find("progress")["value"] == "1"
    assert fragment.find("progress")["max"] == "2"


def test_simulating_with_an_incomplete_lineup_names_the_team(
    browser, commissioner, league, season, scheduled_fixture, django_capture_on_commit_callbacks
):
    scheduled_fixture.home.lineup_slots.filter(position="coach").delete()
    client = browser(commissioner)
    page = soup(client.get(scheduled_fixture.get_absolute_url()))
    form = page.find("form", action=reverse("league:simulate", args=[league.pk]))

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(form["action"], form_data(form), follow=True)

    flash = response.content.decode()
    assert "Ravens&#x27;s line-up is not ready" in flash or "Ravens's line-up is not ready" in flash
    scheduled_fixture.refresh_from_db()
    assert scheduled_fixture.status == "scheduled"
    assert not SimulationBatch.objects.exists()


def test_commissioner_reschedules_then_cancels_a_fixture(browser, commissioner, scheduled_fixture):
    client = browser(commissioner)
    page = soup(client.get(scheduled_fixture.get_absolute_url()))
    reschedule = page.find("a", href=reverse("matches:reschedule", args=[scheduled_fixture.pk]))
    form = main_form(soup(client.get(reschedule["href"])))

    client.post(reschedule["href"], form_data(form, kickoff="2031-06-01T18:30"))

    scheduled_fixture.refresh_from_db()
    assert scheduled_fixture.kickoff.strftime("%Y-%m-%d") == "2031-06-01"
    page = soup(client.get(scheduled_fixture.get_absolute_url()))
    cancel = page.find("form", action=reverse("matches:cancel", args=[scheduled_fixture.pk]))
    client.post(cancel["action"], form_data(cancel))
    scheduled_fixture.refresh_from_db()
    assert scheduled_fixture.status == "cancelled"


def test_a_played_fixture_cannot_be_rescheduled(browser, commissioner, played_fixture):
    client = browser(commissioner)
    url = reverse("matches:reschedule", args=[played_fixture.pk])

    response = client.post(url, {"kickoff": "2031-06-01T18:30"})

    assert "has not kicked off" in field_error(soup(response), "kickoff")


@pytest.mark.django_db
def test_anyone_may_watch_a_simulation_like_the_api_allows(
    client, league, season, team, other_team
):
    # given a simulation batch of the league
    batch = SimulationBatch.objects.create(season=season, label="Round 1")

    # when a visitor who is not signed in opens its progress page, and the API
    page = client.get(reverse("league:batch", args=[league.pk, batch.pk]))
    api = client.get(f"/api/v1/simulation-batches/{batch.pk}/")

    # then both answer, with the same progress
    assert page.status_code == 200 and api.status_code == 200
    assert api.json()["total"] == 0
