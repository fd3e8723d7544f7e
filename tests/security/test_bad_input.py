"""Bad input answers 4xx, never a 500: a JSON body nested a thousand levels deep, an
``X-Forwarded-For`` entry from our proxy that is not an address."""

import pytest
from django.test import RequestFactory
from rest_framework.test import APIClient

from core.client_ip import client_ip_of

TOKEN_URL = "/api/v1/auth/token/"


@pytest.mark.django_db
@pytest.mark.parametrize("depth", [33, 950, 100_000])
def test_a_deeply_nested_json_body_is_a_parse_error(depth):
    body = "[" * depth + "]" * depth

    answer = APIClient().post(TOKEN_URL, body, content_type="application/json")

    assert answer.status_code == 400
    assert answer.json()["error"]["code"] == "parse_error"
    assert "nested more than 32 levels" in answer.json()["error"]["message"]


@pytest.mark.django_db
def test_json_nested_a_few_levels_is_still_read():
    body = '{"username": "x", "password": "y", "extra": ' + "[" * 31 + "]" * 31 + "}"

    answer = APIClient().post(TOKEN_URL, body, content_type="application/json")

    assert answer.status_code == 400
    assert answer.json()["error"]["code"] != "parse_error"


@pytest.mark.parametrize("forwarded", ["not-an-ip", "", "1.2.3.4.5", "<script>"])
def test_an_entry_of_our_proxy_that_is_not_an_address_gives_the_connections(settings, forwarded):
    settings.TRUSTED_PROXY_COUNT = 1
    request = RequestFactory().get("/", REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR=forwarded)

    assert client_ip_of(request) == "10.0.0.2"


def test_our_proxys_entry_is_the_client(settings):
    settings.TRUSTED_PROXY_COUNT = 1
    request = RequestFactory().get(
        "/", REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="6.6.6.6, 2001:db8::1"
    )

    assert client_ip_of(request) == "2001:db8::1"
