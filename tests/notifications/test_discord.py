"""Discord webhooks: each event a message with an embed, in the endpoint's language, sent to
a local receiver that answers as Discord does (204; 429 with ``retry_after``; rate-limit
headers), whose waits are kept."""

import json
import threading
from datetime import timedelta
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from django.core.exceptions import ValidationError
from django.utils import timezone

from core.events import publish
from notifications import webhooks
from notifications.models import WebhookAttempt, WebhookDelivery, WebhookEndpoint
from tests.factories import FixtureFactory

pytestmark = pytest.mark.django_db

PATH = "/api/webhooks/1234567890/a-Token_9"


class Discord:
    """Answers each POST with the next of ``answers`` (status, headers, body), then 204."""

    def __init__(self, answers: list[tuple[int, dict[str, str], dict | None]]) -> None:
        self.answers = list(answers)
        self.requests: list[dict] = []
        discord = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = self.rfile.read(int(self.headers["Content-Length"]))
                discord.requests.append(
                    {"path": self.path, "headers": dict(self.headers), "body": json.loads(body)}
                )
                status, headers, answer = (
                    discord.answers.pop(0) if discord.answers else (204, {}, None)
                )
                self.send_response(status)
                for name, value in headers.items():
                    self.send_header(name, value)
                payload = json.dumps(answer).encode() if answer is not None else b""
                if payload:
                    self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(payload)))
                self.end_headers()
                self.wfile.write(payload)

            def log_message(self, *args) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.server.serve_forever, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server.server_address[1]}{PATH}"


@pytest.fixture
def discord(settings):
    made: list[Discord] = []

    def start(*answers) -> Discord:
        made.append(Discord(list(answers)))
        settings.WEBHOOKS_ALLOW_PRIVATE = True
        settings.WEBHOOKS_ALLOWED_PORTS = [made[-1].server.server_address[1]]
        return made[-1]

    yield start
    for one in made:
        one.server.shutdown()
        one.server.server_close()


@pytest.fixture
def played(season, team, other_team, committed):
    team.primary_colour = "#aa3311"
    team.save(update_fields=["primary_colour"])
    fixture = FixtureFactory(season=season, home=team, away=other_team)

    def publish_played(key: str = "") -> None:
        with committed():
            publish(
                "fixture.played",
                key=key or f"fixture.played:{fixture.pk}",
                league_id=season.league_id,
                url=f"/matches/{fixture.pk}/",
                data={
                    "fixture": fixture.pk,
                    "home": "@everyone",
                    "away": "Ravens",
                    "home_score": 2,
                    "away_score": 1,
                },
            )

    return publish_played


def _endpoint(league, url, language="fr"):
    return webhooks.endpoint_create(
        league=league,
        url=url,
        events=["fixture.played"],
        user=None,
        kind="discord",
        language=language,
    )


def test_an_event_is_posted_as_a_discord_message_in_the_endpoint_s_language(
    league, discord, played, settings
):
    settings.SITE_URL = "https://league.example.org"
    receiver = discord()
    _endpoint(league, receiver.url, language="fr")

    played()

    [request] = receiver.requests
    assert request["path"] == PATH
    assert "X-League-Signature" not in request["headers"]  # Discord reads no signature
    [embed] = request["body"]["embeds"]
    assert embed["title"] == "Une rencontre de mon équipe est jouée"
    assert embed["description"] == "@everyone 2 – 1 Ravens : la rencontre est jouée."
    assert embed["color"] == 0xAA3311
    assert embed["url"].startswith("https://league.example.org/matches/")
    assert [field["value"] for field in embed["fields"]] == ["@everyone", "2 – 1", "Ravens"]
    assert request["body"]["allowed_mentions"] == {"parse": []}  # "@everyone" pings nobody
    assert WebhookDelivery.objects.get().status == "delivered"


def test_a_429_is_retried_when_discord_says_and_holds_the_endpoint_meanwhile(
    league, discord, played
):
    receiver = discord((429, {"Retry-After": "3"}, {"retry_after": 2.5, "global": False}))
    endpoint = _endpoint(league, receiver.url)
    before = timezone.now()

    played()

    first = WebhookDelivery.objects.get()
    assert (first.status, first.last_status_code) == ("pending", 429)
    wait = first.next_attempt_at - before
    assert timedelta(seconds=2.4) < wait < timedelta(seconds=4)  # Discord's 2.5 s, not BACKOFF
    endpoint.refresh_from_db()
    assert endpoint.rate_limited_until == first.next_attempt_at

    played(key="fixture.played:again")  # a second event while the wait lasts
    second = WebhookDelivery.objects.exclude(pk=first.pk).get()
    assert len(receiver.requests) == 1  # held back, not sent
    assert (second.status, second.attempts) == ("pending", 0)
    assert second.next_attempt_at == endpoint.rate_limited_until
    assert not WebhookAttempt.objects.filter(delivery=second).exists()

    later = endpoint.rate_limited_until + timedelta(milliseconds=1)
    for delivery in (first, second):
        webhooks.delivery_attempt(delivery_id=delivery.pk, now=later)

    assert len(receiver.requests) == 3
    assert set(WebhookDelivery.objects.values_list("status", flat=True)) == {"delivered"}


def test_a_spent_window_holds_the_next_delivery_until_it_resets(league, discord, played):
    receiver = discord(
        (204, {"X-RateLimit-Remaining": "0", "X-RateLimit-Reset-After": "1.5"}, None)
    )
    endpoint = _endpoint(league, receiver.url)

    played()
    played(key="fixture.played:next")

    assert len(receiver.requests) == 1
    statuses = dict(WebhookDelivery.objects.values_list("event_key", "status"))
    assert sorted(statuses.values()) == ["delivered", "pending"]
    endpoint.refresh_from_db()
    waiting = WebhookDelivery.objects.get(status="pending")
    assert waiting.next_attempt_at == endpoint.rate_limited_until


def test_a_receiver_that_keeps_answering_429_ends_failed(league, discord, played):
    busy = (429, {}, {"retry_after": 0.001})
    receiver = discord(*[busy] * webhooks.RATE_LIMITED_MAX)
    _endpoint(league, receiver.url)

    played()
    delivery = WebhookDelivery.objects.get()
    while delivery.status == "pending":
        webhooks.delivery_attempt(delivery_id=delivery.pk, now=delivery.next_attempt_at)
        delivery.refresh_from_db()

    assert delivery.status == "failed"
    assert delivery.attempts == webhooks.RATE_LIMITED_MAX == len(receiver.requests)


@pytest.mark.parametrize(
    ("change", "field", "code"),
    [
        ({"url": "https://example.org/hook"}, "url", "not_a_discord_webhook"),
        ({"language": "de"}, "language", "unknown_language"),
        ({"kind": "slack"}, "kind", "unknown_webhook_kind"),
    ],
)
def test_a_bad_discord_registration_names_its_field_and_makes_nothing(league, change, field, code):
    chosen = {"url": "https://discord.com" + PATH, "language": "fr", "kind": "discord", **change}

    with pytest.raises(ValidationError) as refused:
        webhooks.endpoint_create(league=league, events=["fixture.played"], user=None, **chosen)

    assert field in refused.value.error_dict and refused.value.error_dict[field][0].code == code
    assert not WebhookEndpoint.objects.exists()


LOCAL_DISCORD = "http://127.0.0.1:9" + PATH  # allow_private: no lookup of discord.com here


def test_the_api_registers_a_discord_webhook_and_refuses_a_plain_url(
    api_client, league, commissioner, allow_private
):
    api_client.force_authenticate(commissioner)
    url = f"/api/v1/leagues/{league.pk}/webhooks/"

    made = api_client.post(
        url,
        {
            "url": LOCAL_DISCORD,
            "events": ["result.confirmed"],
            "kind": "discord",
            "language": "fr",
        },
        format="json",
    )
    refused = api_client.post(
        url,
        {"url": "https://example.org/x", "events": ["result.confirmed"], "kind": "discord"},
        format="json",
    )

    assert made.status_code == 201
    assert (made.json()["kind"], made.json()["language"]) == ("discord", "fr")
    assert refused.status_code == 400 and "url" in refused.json()["error"]["fields"]
    assert refused.json()["error"]["code"] == "not_a_discord_webhook"
    assert WebhookEndpoint.objects.count() == 1


def test_the_page_adds_a_discord_webhook_in_french(client, league, commissioner, allow_private):
    client.force_login(commissioner)
    client.cookies["django_language"] = "fr"
    page = client.get(f"/leagues/{league.pk}/webhooks/", HTTP_ACCEPT_LANGUAGE="fr").content
    assert "Salon Discord" in page.decode()

    answer = client.post(
        f"/leagues/{league.pk}/webhooks/",
        {
            "kind": "discord",
            "url": LOCAL_DISCORD,
            "language": "fr",
            "events": ["season.finished"],
        },
    )

    assert answer.status_code == 302
    assert WebhookEndpoint.objects.get().kind == "discord"
