"""API tokens created by their owner: on the account page (the secret shown once) and over
the API."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone
from knox.models import AuthToken
from rest_framework.test import APIClient

from core import services
from core.refusals import Refused
from tests.api.conftest import assert_error
from tests.pages.conftest import field_error, form_data, soup


def _token_form(page):
    return page.find("form", action="/accounts/tokens/new/")


@pytest.mark.django_db
def test_a_token_created_on_the_account_page_works_and_is_shown_once(coach):
    client = Client()
    client.force_login(coach)
    form = _token_form(soup(client.get("/accounts/")))

    answer = client.post(form["action"], form_data(form, expires_in_days="7"))

    page = soup(answer)
    shown = page.find(id="new-token")
    assert "will not be shown again" in shown.get_text()
    secret = shown.find("code").get_text()
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {secret}")
    assert api.get("/api/v1/me/").status_code == 200
    (token,) = AuthToken.objects.filter(user=coach)
    assert timedelta(days=6) < token.expiry - timezone.now() <= timedelta(days=7)
    assert answer["Cache-Control"].startswith("max-age=0")
    listed = client.get("/accounts/").content.decode()
    assert token.token_key in listed and secret not in listed


@pytest.mark.django_db
def test_a_lifetime_beyond_the_sites_is_an_inline_error(coach):
    client = Client()
    client.force_login(coach)
    form = _token_form(soup(client.get("/accounts/")))

    page = soup(client.post(form["action"], form_data(form, expires_in_days="100000")))

    assert "from 1 to 30 days" in field_error(page, "expires_in_days")
    assert page.find(id="new-token") is None
    assert not AuthToken.objects.filter(user=coach).exists()


@pytest.mark.django_db
def test_the_page_says_it_in_french(coach):
    client = Client()
    client.force_login(coach)
    client.cookies["django_language"] = "fr"
    form = _token_form(soup(client.get("/accounts/")))

    page = soup(client.post(form["action"], form_data(form)))

    assert "ne sera plus affiché" in page.find(id="new-token").get_text()


@pytest.mark.django_db
def test_the_service_refuses_a_lifetime_out_of_range(coach):
    with pytest.raises(Refused) as refused:
        services.user_token_create(user=coach, expires_in_days=0)

    assert refused.value.code == "token_lifetime" and refused.value.field == "expires_in_days"


@pytest.mark.django_db
def test_a_client_creates_a_token_over_the_api(coach):
    _first, token = AuthToken.objects.create(coach)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")

    created = client.post("/api/v1/me/tokens/", {"expires_in_days": 2}, format="json")
    refused = client.post("/api/v1/me/tokens/", {"expires_in_days": 31}, format="json")

    assert created.status_code == 201
    body = created.json()
    fresh = APIClient()
    fresh.credentials(HTTP_AUTHORIZATION=f"Token {body['token']}")
    assert fresh.get("/api/v1/me/").status_code == 200
    assert body["token_key"] == body["token"][: len(body["token_key"])]
    assert_error(refused, 400)
    assert AuthToken.objects.filter(user=coach).count() == 2


@pytest.mark.django_db
def test_a_stranger_creates_no_token():
    assert_error(APIClient().post("/api/v1/me/tokens/", {}, format="json"), 401)
