"""The pages: the bell and its one query, the list, marking read, settings, the webhooks page."""

import pytest
from bs4 import BeautifulSoup

from notifications.models import Notification, NotificationPreference, WebhookEndpoint
from tests.notifications.conftest import REFUSED_URLS

pytestmark = pytest.mark.django_db


def _notify(user, key, url=""):
    return Notification.objects.create(
        user=user,
        kind="fixture.rescheduled",
        event_key=key,
        url=url,
        data={"home": "Wolves", "away": "Ravens", "kickoff": "2026-12-01T18:00:00+00:00"},
    )


def test_the_bell_shows_the_unread_count(client, coach):
    _notify(coach, "a"), _notify(coach, "b")
    client.force_login(coach)
    page = BeautifulSoup(client.get("/notifications/").content, "html.parser")
    assert page.select_one("[data-testid=notification-count]").text == "2"


def test_the_bell_costs_one_query_however_many_notifications(
    client, coach, django_assert_num_queries
):
    from django.template import Context, Template
    from django.test import RequestFactory

    for index in range(30):
        _notify(coach, f"k{index}")
    request = RequestFactory().get("/")
    request.user = coach
    template = Template("{% load notification_tags %}{% notification_bell %}")
    with django_assert_num_queries(1):
        html = template.render(Context({"request": request}))
    assert ">30<" in html


def test_anonymous_visitors_cost_no_query(django_assert_num_queries):
    from django.contrib.auth.models import AnonymousUser
    from django.template import Context, Template
    from django.test import RequestFactory

    request = RequestFactory().get("/")
    request.user = AnonymousUser()
    with django_assert_num_queries(0):
        Template("{% load notification_tags %}{% notification_bell %}").render(
            Context({"request": request})
        )


def test_the_list_marks_read_and_opens(client, coach):
    note = _notify(coach, "a", url="/leagues/")
    client.force_login(coach)
    page = BeautifulSoup(client.get("/notifications/").content, "html.parser")
    assert "Wolves v Ravens now kicks off at" in page.select_one(".notification").text
    answer = client.post(f"/notifications/{note.pk}/read/", {"open": "1"})
    assert answer.status_code == 302 and answer["Location"] == "/leagues/"
    note.refresh_from_db()
    assert note.read_at is not None


def test_mark_all_read(client, coach):
    _notify(coach, "a"), _notify(coach, "b")
    client.force_login(coach)
    client.post("/notifications/read-all/")
    assert not Notification.objects.filter(read_at=None).exists()


def test_another_users_notification_is_not_found(client, coach, other_coach):
    note = _notify(other_coach, "a")
    client.force_login(coach)
    assert client.post(f"/notifications/{note.pk}/read/").status_code == 404


def test_the_settings_page_saves_choices(client, coach):
    client.force_login(coach)
    page = BeautifulSoup(client.get("/notifications/settings/").content, "html.parser")
    checked = {box["name"] for box in page.select("input[type=checkbox][checked]")}
    # by email unasked: what asks the coach to act (kinds.py)
    assert checked == {
        "email_result_to_confirm",
        "email_result_disputed",
        "email_deadline_reminder",
        "email_kickoff_proposed",
    }
    client.post("/notifications/settings/", {"email_fixture_cancelled": "on"})
    chosen = dict(NotificationPreference.objects.filter(user=coach).values_list("kind", "email"))
    assert chosen["fixture.cancelled"] is True and chosen["result.to_confirm"] is False


def test_the_account_page_links_to_the_settings(client, coach):
    client.force_login(coach)
    page = BeautifulSoup(client.get("/accounts/").content, "html.parser")
    assert page.select_one('a[href="/notifications/settings/"]')


def test_the_list_needs_sign_in(client):
    assert client.get("/notifications/").status_code == 302


def test_the_commissioner_adds_pings_and_deletes_a_webhook(
    client, league, commissioner, allow_private
):
    client.force_login(commissioner)
    answer = client.post(
        f"/leagues/{league.pk}/webhooks/",
        {"url": "http://127.0.0.1:9/hook", "events": ["fixture.played"]},
    )
    assert answer.status_code == 302
    endpoint = WebhookEndpoint.objects.get()
    page = BeautifulSoup(client.get(f"/leagues/{league.pk}/webhooks/").content, "html.parser")
    assert endpoint.secret in page.select_one("code.secret").text
    again = client.get(f"/leagues/{league.pk}/webhooks/")
    assert endpoint.secret not in again.content.decode()  # shown once only
    client.post(f"/leagues/{league.pk}/webhooks/{endpoint.pk}/ping/")
    page = BeautifulSoup(client.get(f"/leagues/{league.pk}/webhooks/").content, "html.parser")
    assert "ping" in page.select_one("#log-title").find_next("table").text
    client.post(f"/leagues/{league.pk}/webhooks/{endpoint.pk}/delete/")
    assert not WebhookEndpoint.objects.exists()


def test_deleting_a_webhook_asks_first(client, league, commissioner, allow_private):
    client.force_login(commissioner)
    client.post(
        f"/leagues/{league.pk}/webhooks/",
        {"url": "http://127.0.0.1:9/hook", "events": ["fixture.played"]},
    )
    endpoint = WebhookEndpoint.objects.get()
    page = BeautifulSoup(client.get(f"/leagues/{league.pk}/webhooks/").content, "html.parser")

    form = page.find("form", action=f"/leagues/{league.pk}/webhooks/{endpoint.pk}/delete/")

    assert form["data-confirm"] == "Delete this webhook? Its deliveries stop."


def test_a_new_secret_is_shown_once_after_rotation(client, league, commissioner, allow_private):
    client.force_login(commissioner)
    client.post(
        f"/leagues/{league.pk}/webhooks/",
        {"url": "http://127.0.0.1:9/hook", "events": ["fixture.played"]},
    )
    first = WebhookEndpoint.objects.get().secret
    client.get(f"/leagues/{league.pk}/webhooks/")
    page = BeautifulSoup(client.get(f"/leagues/{league.pk}/webhooks/").content, "html.parser")
    [rotate] = page.select("form[action$='/rotate-secret/']")
    answer = client.post(rotate["action"])
    assert answer.status_code == 302
    endpoint = WebhookEndpoint.objects.get()
    assert endpoint.secret != first and endpoint.previous_secret == first
    page = BeautifulSoup(client.get(answer["Location"]).content, "html.parser")
    assert page.select_one("code.secret").text == endpoint.secret
    again = client.get(f"/leagues/{league.pk}/webhooks/").content.decode()
    assert endpoint.secret not in again and first not in again


@pytest.mark.parametrize(("url", "says"), REFUSED_URLS)
def test_a_private_url_or_an_unusual_port_shows_a_field_error(
    client, league, commissioner, settings, url, says
):
    settings.WEBHOOKS_ALLOW_PRIVATE = False
    settings.WEBHOOKS_ALLOWED_PORTS = []
    client.force_login(commissioner)
    answer = client.post(
        f"/leagues/{league.pk}/webhooks/", {"url": url, "events": ["fixture.played"]}
    )
    page = BeautifulSoup(answer.content, "html.parser")
    assert says in page.select_one("#field-url .field-error").text
    assert not WebhookEndpoint.objects.exists()


def test_a_coach_cannot_open_the_webhooks_page(client, league, coach):
    client.force_login(coach)
    assert client.get(f"/leagues/{league.pk}/webhooks/").status_code == 403


def test_the_league_page_links_the_commissioner_to_the_webhooks(client, league, commissioner):
    client.force_login(commissioner)
    page = BeautifulSoup(client.get(f"/leagues/{league.pk}/").content, "html.parser")
    assert page.select_one(f'a[href="/leagues/{league.pk}/webhooks/"]')


def test_the_list_page_costs_the_same_queries_for_many_notifications(
    client, coach, django_assert_max_num_queries
):
    for index in range(40):
        _notify(coach, f"k{index}")
    client.force_login(coach)
    with django_assert_max_num_queries(10):
        answer = client.get("/notifications/")
    assert answer.status_code == 200


@pytest.mark.parametrize("path", ["/notifications/", "/notifications/settings/"])
def test_the_pages_render_in_french(client, coach, path):
    from core.models import UserProfile

    UserProfile.objects.update_or_create(user=coach, defaults={"language": "fr"})
    _notify(coach, "a")
    client.force_login(coach)
    answer = client.get(path)
    assert answer.status_code == 200
    assert BeautifulSoup(answer.content, "html.parser").html["lang"] == "fr"


def test_the_secret_and_its_rotation_are_worded_in_french(
    client, league, commissioner, allow_private, settings
):
    client.force_login(commissioner)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = "fr"
    client.post(
        f"/leagues/{league.pk}/webhooks/",
        {"url": "http://127.0.0.1:9/hook", "events": ["fixture.played"]},
    )
    page = client.get(f"/leagues/{league.pk}/webhooks/").content.decode()
    for words in (
        "Copiez-le maintenant : il ne sera plus affiché.",
        "Créer un nouveau secret",
        "l’ancien continue de signer les envois à côté de lui pendant 24 heures",
        "séparées par une virgule",
    ):
        assert words in page
