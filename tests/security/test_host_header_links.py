"""Absolute links come from SITE_URL, never from the request's Host header: a client that sends
``Host: 127.0.0.1:31337`` (an allowed host name on another port) gets no link to it into a
password reset or confirmation email, a calendar, a page's calendar subscription, a webhook
payload, an API ``Location`` or an API page link."""

import re
from datetime import timedelta

import pytest
from django.core import mail
from django.test import Client
from django.utils import timezone
from icalendar import Calendar

from core.events import publish
from notifications import webhooks
from notifications.models import WebhookDelivery
from tests.factories import FixtureFactory, LeagueFactory

pytestmark = pytest.mark.django_db

SITE = "https://league.example.org"
FORGED = "127.0.0.1:31337"
STRONG = "a-long-Password-9c"


@pytest.fixture(autouse=True)
def site_url(settings):
    settings.SITE_URL = SITE


@pytest.fixture
def forged():
    return Client(HTTP_HOST=FORGED)


def _links(text: str) -> list[str]:
    return re.findall(r"https?://\S+", text)


def _assert_only_site_links(message) -> list[str]:
    links = _links(message.body)
    assert links and all(link.startswith(f"{SITE}/") for link in links), links
    assert FORGED not in message.body and "31337" not in message.body
    return links


def test_a_password_reset_requested_with_a_forged_host_links_to_the_site(forged, coach):
    coach.email = "coach@example.org"
    coach.save()
    forged.post("/accounts/password/reset/", {"email": "coach@example.org"})
    [message] = mail.outbox
    [link] = _assert_only_site_links(message)
    assert "/accounts/password/reset/key/" in link
    assert "league.example.org" in message.body.splitlines()[-1]  # the closing site line
    # and the link works on the site
    path = link.removeprefix(SITE)
    reader = Client()
    form_url = reader.get(path, follow=True).redirect_chain[-1][0]
    reader.post(form_url, {"password1": STRONG, "password2": STRONG})
    coach.refresh_from_db()
    assert coach.check_password(STRONG)


def test_a_reset_for_an_unknown_address_links_to_the_site(forged):
    forged.post("/accounts/password/reset/", {"email": "nobody@example.org"})
    [message] = mail.outbox
    assert f"{SITE}/accounts/signup/" in _assert_only_site_links(message)


def test_the_confirmation_email_of_a_sign_up_links_to_the_site(forged, settings):
    settings.ACCOUNT_EMAIL_VERIFICATION = "mandatory"
    forged.post(
        "/accounts/signup/",
        {
            "username": "newcomer",
            "email": "newcomer@example.org",
            "password1": STRONG,
            "password2": STRONG,
        },
    )
    [message] = mail.outbox
    [link] = _assert_only_site_links(message)
    assert link.startswith(f"{SITE}/accounts/confirm-email/")


def test_a_sign_up_with_an_address_in_use_mails_links_to_the_site(forged, settings, coach):
    settings.ACCOUNT_EMAIL_VERIFICATION = "mandatory"
    coach.email = "coach@example.org"
    coach.save()
    forged.post(
        "/accounts/signup/",
        {
            "username": "copycat",
            "email": "coach@example.org",
            "password1": STRONG,
            "password2": STRONG,
        },
    )
    [message] = mail.outbox
    links = _assert_only_site_links(message)
    assert f"{SITE}/accounts/password/reset/" in links


def test_calendars_and_their_subscription_links_use_the_site(
    forged, league, season, team, other_team
):
    fixture = FixtureFactory(
        season=season, home=team, away=other_team, kickoff=timezone.now() + timedelta(days=1)
    )
    feed = forged.get(f"/leagues/{league.pk}/calendar.ics")
    [event] = Calendar.from_ical(feed.content).walk("VEVENT")
    assert str(event["URL"]) == f"{SITE}/matches/{fixture.pk}/"
    page = forged.get(f"/leagues/{league.pk}/").content.decode()
    assert f'href="webcal://league.example.org/leagues/{league.pk}/calendar.ics"' in page
    team_page = forged.get(f"/leagues/teams/{team.pk}/").content.decode()
    assert f'href="webcal://league.example.org/leagues/teams/{team.pk}/calendar.ics"' in team_page
    assert FORGED not in page + team_page + feed.content.decode()


def test_a_webhook_payload_links_to_the_site(league, settings, django_capture_on_commit_callbacks):
    settings.WEBHOOKS_ALLOW_PRIVATE = True
    settings.WEBHOOKS_ALLOWED_PORTS = [9]
    webhooks.endpoint_create(
        league=league, url="http://127.0.0.1:9/hook", events=["fixture.played"], user=None
    )
    with django_capture_on_commit_callbacks(execute=True):
        publish("fixture.played", key="fp:7", league_id=league.pk, url="/matches/7/", data={})
    assert WebhookDelivery.objects.get().payload["url"] == f"{SITE}/matches/7/"


def test_an_api_location_uses_the_site(api_client, commissioner, season, team, other_team):
    fixture = FixtureFactory(
        season=season, home=team, away=other_team, kickoff=timezone.now() + timedelta(days=1)
    )
    api_client.force_authenticate(commissioner)
    response = api_client.post(f"/api/v1/fixtures/{fixture.pk}/simulate/", HTTP_HOST=FORGED)
    assert response.status_code == 202, response.content
    batch = response.json()["id"]
    assert response["Location"] == f"{SITE}/api/v1/simulation-batches/{batch}/"


def test_api_page_links_use_the_site(api_client, stranger, commissioner):
    for number in range(3):
        LeagueFactory(name=f"League {number}", commissioner=commissioner)
    api_client.force_authenticate(stranger)
    first = api_client.get("/api/v1/leagues/?page_size=1", HTTP_HOST=FORGED).json()
    assert first["next"] == f"{SITE}/api/v1/leagues/?page=2&page_size=1"
    second = api_client.get(first["next"].removeprefix(SITE), HTTP_HOST=FORGED).json()
    assert second["previous"] == f"{SITE}/api/v1/leagues/?page_size=1"
