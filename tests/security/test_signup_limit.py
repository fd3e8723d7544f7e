"""Sign-ups per client address: one limit (``SIGNUP_RATE``, 10 an hour by default) for the web
form and the API, counted together: the 11th sign-up from one address within the hour is
refused whichever way it comes."""

import pytest
from django.contrib.auth.models import User
from django.test import Client
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

STRONG = "a-long-Password-9c"


def by_form(number: int, address: str = "198.51.100.20") -> int:
    password = {"password1": STRONG, "password2": STRONG}
    body = {"username": f"form{number}", "email": f"form{number}@example.org", **password}
    return Client(REMOTE_ADDR=address).post("/accounts/signup/", body).status_code


def api_sign_up(number: int, address: str = "198.51.100.20"):
    body = {"username": f"api{number}", "email": f"api{number}@example.org", "password": STRONG}
    return APIClient(REMOTE_ADDR=address).post("/api/v1/auth/register/", body)


def by_api(number: int, address: str = "198.51.100.20") -> int:
    return api_sign_up(number, address).status_code


def test_the_setting_is_ten_an_hour(settings):
    assert settings.SIGNUP_RATE == "10/hour"
    assert settings.ACCOUNT_RATE_LIMITS["signup"] == "10/h/ip"


def test_the_eleventh_sign_up_on_the_form_is_refused():
    answers = [by_form(n) for n in range(11)]

    assert answers[:10] == [302] * 10
    assert answers[10] == 429
    assert User.objects.count() == 10
    assert by_form(99, address="198.51.100.21") == 302  # another address


def test_the_eleventh_sign_up_on_the_api_is_refused():
    answers = [by_api(n) for n in range(10)]
    refused = api_sign_up(10)

    assert answers == [201] * 10
    assert refused.status_code == 429
    assert refused.json()["error"]["code"] == "throttled"
    assert refused["Retry-After"] == "3600"
    assert by_api(99, address="198.51.100.21") == 201


@pytest.mark.parametrize("last", [by_form, by_api])
def test_sign_ups_on_either_path_count_for_the_other(last):
    answers = [by_form(n) for n in range(5)] + [by_api(n) for n in range(5)]

    assert answers == [302] * 5 + [201] * 5
    assert last(11) == 429
    assert User.objects.count() == 10
