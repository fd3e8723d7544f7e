"""Each reader sees times in their own zone, named: saved in their preferences (page and
API), guessed from the browser at sign-up, or read from the browser's cookie before that; in
pages, notification emails and exports alike."""

from datetime import UTC, datetime

import pytest
from django.core import mail
from django.test import Client

from core.models import UserProfile
from core.user_preferences import BROWSER_ZONE_COOKIE
from notifications.emails import notification_emails_send
from notifications.models import Notification
from tests.factories import FixtureFactory
from tests.pages.conftest import soup

# 5 December 2026, 20:00 UTC: 21:00 in Paris (the site's zone), 15:00 in New York, and
# 05:00 the next day in Tokyo.
KICKOFF = datetime(2026, 12, 5, 20, 0, tzinfo=UTC)


@pytest.fixture
def fixture(season, team, other_team):
    return FixtureFactory(season=season, home=team, away=other_team, kickoff=KICKOFF)


def _kickoff_shown(client: Client, fixture) -> str:
    page = client.get(f"/matches/{fixture.pk}/")
    assert page.status_code == 200
    return soup(page).get_text(" ", strip=True)


def _zone_of(user) -> str:
    return UserProfile.objects.get(user=user).time_zone


@pytest.mark.django_db
def test_a_saved_zone_shows_every_time_in_it_with_the_zone_named(client, coach, fixture):
    client.force_login(coach)
    assert "5 Dec 2026, 21:00 CET" in _kickoff_shown(client, fixture)  # the site's zone

    answer = client.post(
        "/accounts/preferences/", {"language": "", "time_zone": "America/New_York"}
    )

    assert answer.status_code == 302 and _zone_of(coach) == "America/New_York"
    shown = _kickoff_shown(client, fixture)
    assert "5 Dec 2026, 15:00 EST" in shown and "21:00 CET" not in shown


@pytest.mark.django_db
def test_the_preferences_page_offers_the_zone_in_both_languages(client, coach):
    client.force_login(coach)
    english = soup(client.get("/accounts/preferences/"))
    assert english.find("select", attrs={"name": "time_zone"}).find("option", value="Asia/Tokyo")
    assert "Time zone" in english.get_text()

    client.post("/accounts/preferences/", {"language": "fr", "time_zone": "Asia/Tokyo"})

    french = soup(client.get("/accounts/preferences/")).get_text()
    assert "Fuseau horaire" in french
    chosen = soup(client.get("/accounts/preferences/")).find(
        "option", selected=True, value="Asia/Tokyo"
    )
    assert chosen is not None


@pytest.mark.django_db
def test_an_unknown_zone_is_refused_on_its_field_and_nothing_changes(client, coach):
    client.force_login(coach)
    client.post("/accounts/preferences/", {"language": "", "time_zone": "Europe/Berlin"})

    answer = client.post("/accounts/preferences/", {"language": "fr", "time_zone": "Mars/Olympus"})

    assert answer.status_code == 200
    assert "time_zone" in answer.context["form"].errors
    profile = UserProfile.objects.get(user=coach)
    assert (profile.language, profile.time_zone) == ("", "Europe/Berlin")


@pytest.mark.django_db
def test_the_api_reads_and_sets_the_zone_and_refuses_an_unknown_one(api_client, coach):
    api_client.force_authenticate(coach)

    assert api_client.get("/api/v1/me/").json()["time_zone"] == ""
    answer = api_client.patch("/api/v1/me/", {"time_zone": "Asia/Tokyo"}, format="json")
    assert answer.status_code == 200 and answer.json()["time_zone"] == "Asia/Tokyo"

    refused = api_client.patch(
        "/api/v1/me/", {"language": "fr", "time_zone": "Nowhere/City"}, format="json"
    )

    assert refused.status_code == 400
    error = refused.json()["error"]
    assert error["code"] == "unknown_time_zone" and "time_zone" in error["fields"]
    profile = UserProfile.objects.get(user=coach)
    assert (profile.language, profile.time_zone) == ("", "Asia/Tokyo")  # nothing applied


@pytest.mark.django_db
def test_sign_up_keeps_the_zone_the_browser_reported_and_drops_a_strange_one():
    def sign_up(name: str, zone: str) -> None:
        Client().post(
            "/accounts/signup/",
            {
                "username": name,
                "email": f"{name}@example.org",
                "password1": "a long and unusual passphrase 42",
                "password2": "a long and unusual passphrase 42",
                "time_zone": zone,
            },
        )

    sign_up("tokyo", "Asia/Tokyo")
    sign_up("strange", "Not/A_Zone")

    assert UserProfile.objects.get(user__username="tokyo").time_zone == "Asia/Tokyo"
    assert not UserProfile.objects.filter(user__username="strange", time_zone__gt="").exists()


@pytest.mark.django_db
def test_the_sign_up_form_carries_the_field_the_browser_fills():
    field = soup(Client().get("/accounts/signup/")).find("input", attrs={"name": "time_zone"})
    assert field is not None and field["type"] == "hidden" and field.has_attr("data-browser-zone")


@pytest.mark.django_db
def test_a_visitor_reads_times_in_the_zone_the_browser_reported(client, fixture, coach):
    client.cookies[BROWSER_ZONE_COOKIE] = "Asia/Tokyo"
    assert "6 Dec 2026, 05:00 JST" in _kickoff_shown(client, fixture)

    client.cookies[BROWSER_ZONE_COOKIE] = "Not/A_Zone"  # ignored: the site's zone
    assert "5 Dec 2026, 21:00 CET" in _kickoff_shown(client, fixture)

    client.force_login(coach)
    UserProfile.objects.create(user=coach, time_zone="America/New_York")
    client.cookies[BROWSER_ZONE_COOKIE] = "Asia/Tokyo"
    assert "5 Dec 2026, 15:00 EST" in _kickoff_shown(client, fixture)  # the saved one wins


@pytest.mark.django_db
def test_one_reader_s_zone_does_not_leak_into_the_next_request(client, coach, fixture):
    reader = Client()
    reader.force_login(coach)
    UserProfile.objects.create(user=coach, time_zone="Asia/Tokyo")
    assert "05:00 JST" in _kickoff_shown(reader, fixture)

    assert "21:00 CET" in _kickoff_shown(Client(), fixture)


@pytest.mark.django_db
def test_a_notification_email_gives_the_time_in_the_recipient_s_zone(coach, fixture):
    coach.email = "coach@example.org"
    coach.save(update_fields=["email"])
    UserProfile.objects.create(user=coach, time_zone="America/New_York")
    note = Notification.objects.create(
        user=coach,
        kind="fixture.rescheduled",
        data={"home": "Wolves", "away": "Ravens", "kickoff": KICKOFF.isoformat()},
        url=f"/matches/{fixture.pk}/",
        league_id=fixture.season.league_id,
    )

    assert notification_emails_send(notification_ids=[note.pk]) == 1

    assert "now kicks off at 5 Dec 2026, 15:00 EST" in mail.outbox[0].body


@pytest.mark.django_db
def test_an_export_writes_times_in_the_reader_s_zone_with_the_offset(client, coach, fixture):
    client.force_login(coach)
    UserProfile.objects.create(user=coach, time_zone="Asia/Tokyo")

    league = fixture.season.league_id
    answer = client.get(f"/leagues/{league}/fixtures.csv?season={fixture.season_id}")

    assert answer.status_code == 200
    assert "2026-12-06T05:00:00+09:00" in b"".join(answer.streaming_content).decode()
