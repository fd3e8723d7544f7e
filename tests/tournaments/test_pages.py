"""The tournament pages, read as a browser would and posted from the forms they offer: the
commissioner creates a Swiss, pairs, swaps, publishes; anyone reads it, in English and French."""

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.urls import reverse
from django.utils import translation

from tests.factories import TeamFactory
from tests.pages.conftest import form_data, soup
from tests.tournaments.conftest import play
from tournaments import selectors, services
from tournaments.models import Round, Tournament

pytestmark = pytest.mark.django_db


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_commissioner_creates_a_swiss_from_the_league_page(
    commissioner, league, season, six_teams
):
    client = signed_in(commissioner)
    league_page = soup(client.get(league.get_absolute_url()))
    listing = league_page.find("a", href=reverse("league:tournaments", args=[league.pk]))
    assert listing is not None
    new = soup(client.get(reverse("league:tournament-create", args=[league.pk])))
    form = new.find("main").find("form")
    data = form_data(form, name="Autumn Swiss", season=str(season.pk), shape="adjacent")
    data["teams"] = [str(team.pk) for team in six_teams]
    data["tiebreakers"] = "points, goals_for, buchholz"

    response = client.post(reverse("league:tournament-create", args=[league.pk]), data)

    tournament = Tournament.objects.get(name="Autumn Swiss")
    assert response.status_code == 302
    assert response["Location"] == reverse(
        "league:tournament-pairing", args=[league.pk, tournament.pk]
    )
    assert tournament.rounds == 3 and tournament.shape == "adjacent"
    assert tournament.tiebreakers == ["points", "goals_for", "buchholz"]
    assert tournament.entries.count() == 6


def test_an_unknown_tiebreaker_is_shown_on_its_field(commissioner, league, season, six_teams):
    client = signed_in(commissioner)
    data = {
        "name": "X",
        "season": str(season.pk),
        "teams": [str(team.pk) for team in six_teams],
        "shape": "fold",
        "avoid_rematch": "on",
        "tiebreakers": "points, luck",
    }

    page = soup(client.post(reverse("league:tournament-create", args=[league.pk]), data))

    error = page.find(id="field-tiebreakers").find(class_="field-error")
    assert "luck" in error.get_text()
    assert not Tournament.objects.exists()


def test_pair_swap_and_publish_from_the_pairing_screen(commissioner, league, swiss):
    client = signed_in(commissioner)
    screen_url = reverse("league:tournament-pairing", args=[league.pk, swiss.pk])
    screen = soup(client.get(screen_url))
    pair_form = screen.find(
        "form", action=reverse("league:tournament-pair", args=[league.pk, swiss.pk])
    )
    client.post(pair_form["action"], form_data(pair_form))
    draft = Round.objects.get(tournament=swiss)
    assert draft.status == Round.Status.DRAFT

    screen = soup(client.get(screen_url))
    assert screen.find(id="draft") is not None and screen.find(id="warnings") is None
    tables = list(draft.pairings.order_by("table"))
    swap = screen.find(id="swap-form")
    client.post(
        swap["action"],
        form_data(swap, first=str(tables[0].away_id), second=str(tables[1].away_id)),
    )
    swapped = {frozenset((p.home_id, p.away_id)) for p in draft.pairings.all()}
    assert frozenset((tables[0].home_id, tables[1].away_id)) in swapped

    publish = soup(client.get(screen_url)).find(id="publish-form")
    client.post(publish["action"], form_data(publish))
    client.post(publish["action"], form_data(publish))  # twice: published once

    draft.refresh_from_db()
    assert draft.status == Round.Status.PUBLISHED
    assert swiss.season.fixtures.count() == 3


def test_a_stranger_cannot_open_the_pairing_screen(stranger, league, swiss):
    response = signed_in(stranger).get(
        reverse("league:tournament-pairing", args=[league.pk, swiss.pk])
    )
    assert response.status_code == 403
    post = signed_in(stranger).post(reverse("league:tournament-pair", args=[league.pk, swiss.pk]))
    assert post.status_code == 403 and not Round.objects.exists()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_tournament_page_shows_rounds_and_standings_in_each_language(language, league, swiss):
    first = services.round_pair(tournament=swiss)
    services.round_publish(round_=first)
    play(first)

    page = soup(
        Client().get(
            reverse("league:tournament", args=[league.pk, swiss.pk]), HTTP_ACCEPT_LANGUAGE=language
        )
    )

    assert page.html["lang"] == language
    with translation.override(language):
        standings, rounds = translation.gettext("Standings"), translation.gettext("Rounds")
        buchholz = translation.gettext("Buchholz")
        bye_rule = translation.gettext("Pairing within a score group:")
    assert (bye_rule == "Pairing within a score group:") == (language == "en")
    assert bye_rule in page.get_text()
    assert page.find(id="standings-title").get_text(strip=True) == standings
    assert page.find(id="rounds-title").get_text(strip=True) == rounds
    headers = [
        th.get_text(strip=True) for th in page.find(id="standings").find_all("th", scope="col")
    ]
    assert buchholz in headers
    rows = page.find(id="standings").find("tbody").find_all("tr")
    leader = selectors.standings(tournament=swiss)[0].entry.team.name
    assert len(rows) == 6 and leader in rows[0].get_text()
    assert len(page.find(id="round-1").find_next("table").find("tbody").find_all("tr")) == 3


def test_late_entry_and_withdrawal_from_the_pairing_screen(commissioner, league, swiss):
    late = TeamFactory(league=league, name="Latecomers", coach=None)
    client = signed_in(commissioner)
    screen_url = reverse("league:tournament-pairing", args=[league.pk, swiss.pk])
    enter = soup(client.get(screen_url)).find(id="enter-form")

    client.post(enter["action"], form_data(enter, **{"enter-team": str(late.pk)}))

    assert swiss.entries.filter(team=late, joined_round=1).exists()
    withdraw = soup(client.get(screen_url)).find(id="withdraw-form")
    client.post(withdraw["action"], form_data(withdraw, **{"withdraw-team": str(late.pk)}))
    assert swiss.entries.get(team=late).withdrawn_after == 0

    first = services.round_pair(tournament=swiss)
    services.round_publish(round_=first)
    screen = soup(client.get(screen_url))
    assert screen.find(id="enter-form") is None  # not while a round is played


def test_the_tournament_page_and_standings_cost_the_same_queries_each_round(
    league, swiss, django_assert_max_num_queries
):
    url = reverse("league:tournament", args=[league.pk, swiss.pk])
    costs = []
    for _ in range(3):
        first = services.round_pair(tournament=swiss)
        services.round_publish(round_=first)
        play(first)
        with CaptureQueriesContext(connection) as page:
            assert Client().get(url).status_code == 200
        with CaptureQueriesContext(connection) as api:
            Client().get(f"/api/v1/tournaments/{swiss.pk}/standings/")
        costs.append((len(page.captured_queries), len(api.captured_queries)))

    assert costs[0] == costs[1] == costs[2], costs
    with django_assert_max_num_queries(15):
        Client().get(url)
