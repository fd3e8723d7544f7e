"""Killpower page tests: the personas of ``tests/conftest.py`` (the commissioner; Titanos'
coach ``coach`` at home, Viking's ``other_coach`` away; a stranger), pages read as HTML and
forms posted as rebuilt from them (``tests.pages.conftest``)."""

from collections.abc import Callable

import pytest
from django.test import Client
from django.urls import reverse

from matches.table_results.services import report_enter
from tests.pages.conftest import form_data, soup
from tests.systems.killpower.helpers import report

HTMX = {"HX-Request": "true"}


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


def result_form(page):
    return page.find(id="result-form").find("form")


def row_prefix(page, side: str, name: str) -> str:
    """``home_3_``: the field prefix of the gladiator called ``name`` on the result form."""
    section = page.find("section", attrs={"aria-labelledby": f"side-{side}"})
    for row in section.find_all("tr", class_="kp-result-row"):
        header = row.find("th", class_="kp-cell-name")
        if header and header.get_text(strip=True) == name:
            played = row.find("input", attrs={"name": lambda n: n and n.endswith("_played")})
            return played["name"].removesuffix("played")
    raise AssertionError(f"no row for {name}")


def enter_result(client, fixture, **changes):
    """GET the result page, fill the form as a browser would, POST it."""
    url = reverse("matches:kp_result", args=[fixture.pk])
    page = soup(client.get(url))
    return client.post(url, form_data(result_form(page), **changes)), page


@pytest.fixture
def entered(kp_fixture, coach):
    """Titanos' coach has entered 2-0 (Titanos 2 played and is badly wounded; Viking 3 in a
    coma at -13): waiting for Viking's coach."""
    return report_enter(
        fixture=kp_fixture,
        user=coach,
        result=report(
            2,
            0,
            home={"played": [f"Titanos {i}" for i in range(1, 6)], "badly_wounded": ["Titanos 2"]},
            away={
                "played": [f"Viking {i}" for i in range(1, 6)],
                "comas": [{"gladiator": "Viking 3", "state": -13}],
            },
        ),
    )
