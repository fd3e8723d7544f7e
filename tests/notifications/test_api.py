"""The notifications API: my notifications, marking read, email choices; a commissioner's
webhooks and their deliveries."""

import pytest

from core.events import publish
from notifications import webhooks
from notifications.models import Notification, WebhookDelivery, WebhookEndpoint
from tests.notifications.conftest import REFUSED_URLS

pytestmark = pytest.mark.django_db


def _notify(user, key, kind="fixture.cancelled"):
    return Notification.objects.create(
        user=user, kind=kind, event_key=key, data={"home": "Wolves", "away": "Ravens"}
    )


def test_i_list_only_my_notifications_worded(api_as, coach, other_coach):
    _notify(coach, "a")
    _notify(other_coach, "b")
    answer = api_as(coach).get("/api/v1/notifications/")
    assert answer.status_code == 200
    [row] = answer.json()["results"]
    assert row["text"] == "Wolves v Ravens is cancelled." and row["read"] is False


def test_anonymous_is_refused(api_as):
    assert api_as(None).get("/api/v1/notifications/").status_code == 401


def test_mark_one_read_and_another_users_is_not_found(api_as, coach, other_coach):
    mine, theirs = _notify(coach, "a"), _notify(other_coach, "b")
    client = api_as(coach)
    answer = client.post(f"/api/v1/notifications/{mine.pk}/read/")
    assert answer.status_code == 200 and answer.json()["read"] is True
    assert client.post(f"/api/v1/notifications/{theirs.pk}/read/").status_code == 404
    theirs.refresh_from_db()
    assert theirs.read_at is None


def test_mark_all_read(api_as, coach, other_coach):
    _notify(coach, "a"), _notify(coach, "b"), _notify(other_coach, "c")
    answer = api_as(coach).post("/api/v1/notifications/read-all/")
    assert answer.json() == {"marked": 2}
    assert Notification.objects.filter(read_at=None).count() == 1


def test_preferences_get_and_put(api_as, coach):
    client = api_as(coach)
    shown = client.get("/api/v1/me/notification-preferences/").json()["email"]
    assert shown["result.to_confirm"] is True and shown["fixture.cancelled"] is False
    answer = client.put(
        "/api/v1/me/notification-preferences/",
        {"email": {"fixture.cancelled": True}},
        format="json",
    )
    assert answer.status_code == 200 and answer.json()["email"]["fixture.cancelled"] is True


def test_an_unknown_kind_is_a_400_naming_the_field(api_as, coach):
    answer = api_as(coach).put(
        "/api/v1/me/notification-preferences/", {"email": {"nope": True}}, format="json"
    )
    assert answer.status_code == 400
    assert "email" in answer.json()["error"]["fields"]


def _register(client, league) -> dict:
    return client.post(
        f"/api/v1/leagues/{league.pk}/webhooks/",
        {"url": "http://127.0.0.1:9/hook", "events": ["fixture.played"]},
        format="json",
    ).json()


def test_the_commissioner_registers_a_webhook_and_sees_its_secret_once(
    api_as, league, commissioner, allow_private
):
    answer = api_as(commissioner).post(
        f"/api/v1/leagues/{league.pk}/webhooks/",
        {"url": "http://127.0.0.1:9/hook", "events": ["fixture.played", "bet.settled"]},
        format="json",
    )
    assert answer.status_code == 201, answer.json()
    body = answer.json()
    assert len(body["secret"]) == 64 and body["events"] == ["fixture.played", "bet.settled"]
    assert body["secret"] == WebhookEndpoint.objects.get().secret
    listed = api_as(commissioner).get(f"/api/v1/leagues/{league.pk}/webhooks/")
    assert [hook["id"] for hook in listed.json()] == [body["id"]]
    shown = api_as(commissioner).get(f"/api/v1/leagues/{league.pk}/webhooks/{body['id']}/")
    assert shown.status_code == 200 and shown.json()["url"] == "http://127.0.0.1:9/hook"
    assert "secret" not in listed.json()[0] and "secret" not in shown.json()
    for answer in (listed, shown):
        assert body["secret"] not in answer.content.decode()


def test_rotating_the_secret_shows_the_new_one_once(api_as, league, commissioner, allow_private):
    client = api_as(commissioner)
    made = _register(client, league)
    rotate = f"/api/v1/leagues/{league.pk}/webhooks/{made['id']}/rotate-secret/"
    answer = client.post(rotate)
    assert answer.status_code == 200
    rotated = answer.json()
    endpoint = WebhookEndpoint.objects.get()
    assert rotated["secret"] == endpoint.secret != made["secret"]
    assert endpoint.previous_secret == made["secret"]
    assert rotated["previous_secret_until"]
    shown = client.get(f"/api/v1/leagues/{league.pk}/webhooks/{made['id']}/")
    assert shown.json()["previous_secret_until"] == rotated["previous_secret_until"]
    for secret in (made["secret"], rotated["secret"]):
        assert secret not in shown.content.decode()
    assert client.get(rotate).status_code == 405


@pytest.mark.parametrize("persona", ["coach", "stranger"])
def test_others_cannot_rotate_a_secret(api_as, request, league, persona, allow_private):
    endpoint = webhooks.endpoint_create(
        league=league, url="http://127.0.0.1:9/hook", events=["fixture.played"], user=None
    )
    client = api_as(request.getfixturevalue(persona))
    answer = client.post(f"/api/v1/leagues/{league.pk}/webhooks/{endpoint.pk}/rotate-secret/")
    assert answer.status_code == 403
    endpoint.refresh_from_db()
    assert endpoint.previous_secret == ""


@pytest.mark.parametrize("persona", ["coach", "stranger"])
def test_others_cannot_see_or_add_webhooks(api_as, request, league, persona):
    client = api_as(request.getfixturevalue(persona))
    assert client.get(f"/api/v1/leagues/{league.pk}/webhooks/").status_code == 403
    answer = client.post(
        f"/api/v1/leagues/{league.pk}/webhooks/",
        {"url": "https://example.org/hook", "events": ["fixture.played"]},
        format="json",
    )
    assert answer.status_code == 403
    assert not WebhookEndpoint.objects.exists()


@pytest.mark.parametrize(("url", "says"), REFUSED_URLS)
def test_a_private_url_or_an_unusual_port_is_a_400_on_url(
    api_as, league, commissioner, settings, url, says
):
    settings.WEBHOOKS_ALLOW_PRIVATE = False
    settings.WEBHOOKS_ALLOWED_PORTS = []
    answer = api_as(commissioner).post(
        f"/api/v1/leagues/{league.pk}/webhooks/",
        {"url": url, "events": ["fixture.played"]},
        format="json",
    )
    assert answer.status_code == 400
    [message] = answer.json()["error"]["fields"]["url"]
    assert says in message
    assert not WebhookEndpoint.objects.exists()


def test_update_delete_and_deliveries(api_as, league, commissioner, allow_private, committed):
    client = api_as(commissioner)
    hook = _register(client, league)
    base = f"/api/v1/leagues/{league.pk}/webhooks/{hook['id']}/"
    changed = client.patch(base, {"events": ["season.finished"], "active": False}, format="json")
    assert changed.json()["events"] == ["season.finished"] and changed.json()["active"] is False
    client.patch(base, {"active": True, "events": ["fixture.played"]}, format="json")
    with committed():
        publish("fixture.played", key="fp:1", league_id=league.pk, data={"fixture": 1})
    deliveries = client.get(f"/api/v1/leagues/{league.pk}/webhooks/deliveries/").json()
    assert [row["event_key"] for row in deliveries["results"]] == ["fp:1"]
    assert deliveries["results"][0]["attempts"] == 1  # port 9 refuses: retried later
    assert client.delete(base).status_code == 204
    assert not WebhookDelivery.objects.exists()


def test_ping_sends_a_delivery_and_answers_only_post(api_as, league, commissioner, allow_private):
    client = api_as(commissioner)
    hook = _register(client, league)
    ping = f"/api/v1/leagues/{league.pk}/webhooks/{hook['id']}/ping/"
    answer = client.post(ping)
    assert answer.status_code == 202 and answer.json()["kind"] == "ping"
    assert client.get(ping).status_code == 405
    assert WebhookDelivery.objects.filter(kind="ping").count() == 1


def test_the_list_costs_the_same_queries_for_many_notifications(
    api_as, coach, django_assert_max_num_queries
):
    for index in range(40):
        _notify(coach, f"k{index}")
    with django_assert_max_num_queries(4):
        answer = api_as(coach).get("/api/v1/notifications/")
    assert answer.json()["count"] == 40
