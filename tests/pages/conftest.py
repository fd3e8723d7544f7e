"""Page tests read HTML like a browser would (BeautifulSoup) and post forms rebuilt from the
page, SoupTest-style: a test that passes proves the page offers what it posts."""

from collections.abc import Callable
from datetime import timedelta

import pytest
from bs4 import BeautifulSoup, Tag
from django.test import Client
from django.utils import timezone

from matches import services as match_services
from matches.models import Fixture


def soup(response) -> BeautifulSoup:
    return BeautifulSoup(response.content.decode(), "html.parser")


def form_data(form: Tag, **changes) -> dict:
    """What a browser would submit for ``form`` as it stands, then ``changes`` on top."""
    data: dict = {}
    for field in form.find_all(["input", "select", "textarea"]):
        name = field.get("name")
        if not name or field.has_attr("disabled"):
            continue
        if field.name == "select":
            option = field.find("option", selected=True) or field.find("option")
            data[name] = option.get("value", option.text) if option else ""
        elif field.name == "textarea":
            data[name] = field.text
        elif field.get("type") in ("checkbox", "radio"):
            if field.has_attr("checked"):
                data[name] = field.get("value", "on")
        elif field.get("type") not in ("submit", "button", "reset", "image"):
            data[name] = field.get("value", "")
    data.update(changes)
    return data


def field_error(page: BeautifulSoup, name: str) -> str:
    """The inline error shown with field ``name`` (empty when there is none)."""
    group = page.find(id=f"field-{name}")
    assert group is not None, f"no field {name} on the page"
    error = group.find(class_="field-error")
    return error.get_text(" ", strip=True) if error else ""


@pytest.fixture
def browser(client) -> Callable[..., Client]:
    """``browser(user)``: a test client signed in as ``user`` (anonymous for None)."""

    def as_user(user=None) -> Client:
        if user is not None:
            client.force_login(user)
        else:
            client.logout()
        return client

    return as_user


@pytest.fixture
def played_fixture(season, team, other_team) -> Fixture:
    """A fixture between the two teams, simulated with a fixed seed."""
    fixture = Fixture.objects.create(
        season=season,
        round=1,
        home=team,
        away=other_team,
        kickoff=timezone.now() + timedelta(days=1),
    )
    match_services.fixture_simulate(fixture_id=fixture.pk, seed=20251121)
    fixture.refresh_from_db()
    return fixture


@pytest.fixture
def scheduled_fixture(season, team, other_team) -> Fixture:
    return Fixture.objects.create(
        season=season,
        round=2,
        home=other_team,
        away=team,
        kickoff=timezone.now() + timedelta(days=8),
    )
