"""A commissioner edits a webhook's events and pauses or resumes it, on the page and over the
API; a paused webhook gets no delivery."""

import pytest
from rest_framework.test import APIClient

from core.events import publish
from notifications import webhooks
from notifications.models import WebhookDelivery, WebhookEndpoint
from tests.pages.conftest import field_error, form_data, soup

pytestmark = pytest.mark.django_db


def _played(league, committed, key):
    with committed():
        publish("fixture.played", key=key, league_id=league.pk, data={"fixture": 7})


@pytest.fixture
def hook(league, allow_private):
    return webhooks.endpoint_create(
        league=league, url="http://127.0.0.1:9/hook", events=["fixture.played"], user=None
    )


def test_a_paused_webhook_gets_no_delivery_until_resumed(league, receiver, committed):
    listening = receiver()
    endpoint = webhooks.endpoint_create(
        league=league, url=listening.url, events=["fixture.played"], user=None
    )

    webhooks.endpoint_update(endpoint=endpoint, active=False)
    _played(league, committed, "fixture.played:1")
    assert not WebhookDelivery.objects.exists() and listening.requests == []

    webhooks.endpoint_update(endpoint=endpoint, active=True)
    _played(league, committed, "fixture.played:2")
    delivered = WebhookDelivery.objects.get()
    assert delivered.event_key == "fixture.played:2" and delivered.status == "delivered"
    assert len(listening.requests) == 1


def test_the_commissioner_edits_the_events_on_the_page(client, league, commissioner, hook):
    client.force_login(commissioner)
    listing = soup(client.get(f"/leagues/{league.pk}/webhooks/"))
    edit = listing.find("a", href=f"/leagues/{league.pk}/webhooks/{hook.pk}/edit/")
    form = soup(client.get(edit["href"])).find("main").find("form")
    assert form.find("input", attrs={"name": "url"})["value"] == hook.url

    answer = client.post(
        edit["href"], form_data(form, events=["season.finished", "fixture.played"]), follow=True
    )

    hook.refresh_from_db()
    assert hook.events == ["fixture.played", "season.finished"]
    assert "fixture.played, season.finished" in soup(answer).find("table").get_text()
    assert "is saved" in soup(answer).get_text()


def test_a_refused_url_is_an_inline_error_and_nothing_changes(
    client, league, commissioner, hook, settings
):
    client.force_login(commissioner)
    url = f"/leagues/{league.pk}/webhooks/{hook.pk}/edit/"
    form = soup(client.get(url)).find("main").find("form")
    settings.WEBHOOKS_ALLOW_PRIVATE = False

    page = soup(client.post(url, form_data(form, events=["season.finished"])))

    assert "public addresses" in field_error(page, "url")
    hook.refresh_from_db()
    assert hook.events == ["fixture.played"]


def test_the_commissioner_pauses_and_resumes_on_the_page(
    client, league, commissioner, hook, committed
):
    client.force_login(commissioner)
    switch = f"/leagues/{league.pk}/webhooks/{hook.pk}/switch/"

    def button():
        page = soup(client.get(f"/leagues/{league.pk}/webhooks/"))
        form = page.find("form", action=switch)
        return page, form

    page, form = button()
    assert form.button.get_text(strip=True) == "Pause"
    client.post(switch, form_data(form))
    page, form = button()
    assert "paused" in page.find("table").get_text()
    assert form.button.get_text(strip=True) == "Resume"
    _played(league, committed, "fixture.played:1")
    assert not WebhookDelivery.objects.exists()

    client.post(switch, form_data(form))
    assert WebhookEndpoint.objects.get(pk=hook.pk).active


def test_the_page_speaks_french(client, league, commissioner, hook):
    webhooks.endpoint_update(endpoint=hook, active=False)
    client.force_login(commissioner)
    client.cookies["django_language"] = "fr"

    table = soup(client.get(f"/leagues/{league.pk}/webhooks/")).find("table").get_text()

    assert "en pause" in table and "Reprendre" in table


def test_a_coach_cannot_edit_nor_pause(client, league, coach, hook):
    client.force_login(coach)
    base = f"/leagues/{league.pk}/webhooks/{hook.pk}"

    assert client.get(f"{base}/edit/").status_code == 403
    assert client.post(f"{base}/switch/", {"active": "0"}).status_code == 403
    assert WebhookEndpoint.objects.get(pk=hook.pk).active


def test_paused_over_the_api_it_gets_no_delivery(league, commissioner, hook, committed):
    client = APIClient()
    client.force_authenticate(commissioner)

    paused = client.patch(
        f"/api/v1/leagues/{league.pk}/webhooks/{hook.pk}/", {"active": False}, format="json"
    )
    _played(league, committed, "fixture.played:1")

    assert paused.status_code == 200 and paused.json()["active"] is False
    assert not WebhookDelivery.objects.exists()
