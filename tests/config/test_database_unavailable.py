"""Pages, like the API, answer 503 with Retry-After when the database is unreachable."""

from unittest import mock

import pytest
from django.db import OperationalError


@pytest.mark.django_db
def test_a_page_answers_503_with_retry_after_when_the_database_is_lost(client):
    # given the database connection drops while the league list queries it
    lost = OperationalError("server closed the connection unexpectedly")
    with mock.patch("league.selectors.league_list", side_effect=lost):
        response = client.get("/leagues/")

    # then the visitor is told to retry shortly, not shown a server error
    assert response.status_code == 503
    assert int(response["Retry-After"]) > 0
    assert "retry" in response.content.decode().lower()
