"""Bad input that PostgreSQL refuses where SQLite does not: an ``X-Forwarded-For`` entry of our
proxy that is not an address, stored by the lockout in an ``inet`` column."""

import pytest
from axes.models import AccessAttempt
from rest_framework.test import APIClient

pytestmark = [pytest.mark.integration, pytest.mark.django_db(transaction=True)]


def test_a_forwarded_entry_that_is_not_an_address_is_a_failed_sign_in_not_a_500(settings):
    settings.TRUSTED_PROXY_COUNT = 1
    client = APIClient(REMOTE_ADDR="10.0.0.2", HTTP_X_FORWARDED_FOR="not-an-ip")

    answer = client.post("/api/v1/auth/token/", {"username": "ghost", "password": "guess"})

    assert answer.status_code == 400
    assert list(AccessAttempt.objects.values_list("ip_address", flat=True)) == ["10.0.0.2"]
