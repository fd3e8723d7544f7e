"""Double elimination in the pages: created from the form with its settings, paired and
published from the pairing screen (no swap there), the bracket and its champion read on the
tournament page in English and French."""

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation

from tests.factories import ResultFactory, TeamFactory
from tests.pages.conftest import form_data, soup
from tournaments import selectors, services
from tournaments.models import Round, Tournament

pytestmark = pytest.mark.django_db


@pytest.fixture
def four_teams(league):
    return [TeamFactory(league=league, name=f"Team {n}", coach=None) for n in range(1, 5)]


@pytest.fixture
def double(season, four_teams):
    return services.tournament_create(
        season=season, name="Double", teams=four_teams, format=Tournament.Format.DOUBLE
    )


def signed_in(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_the_form_offers_the_format_and_the_bracket_reset(commissioner, league, season, four_teams):
    client = signed_in(commissioner)
    url = reverse("league:tournament-create", args=[league.pk])
    form = soup(client.get(url)).find("main").find("form")
    formats = [o["value"] for o in form.find("select", attrs={"name": "format"}).find_all("option")]
    assert formats == ["swiss", "double", "groups"]
    assert form.find("input", attrs={"name": "bracket_reset"}).has_attr("checked")
    data = form_data(form, name="Winter Double", season=str(season.pk), format="double")
    data["teams"] = [str(team.pk) for team in four_teams]
    data.pop("bracket_reset")  # unticked

    response = client.post(url, data)

    tournament = Tournament.objects.get(name="Winter Double")
    assert response.status_code == 302
    assert tournament.format == "double" and tournament.bracket_reset is False
    assert list(tournament.entries.values_list("team", flat=True)) == [t.pk for t in four_teams]


def test_pair_and_publish_a_bracket_round_from_the_pairing_screen(commissioner, league, double):
    client = signed_in(commissioner)
    screen_url = reverse("league:tournament-pairing", args=[league.pk, double.pk])
    screen = soup(client.get(screen_url))
    pair_form = screen.find(
        "form", action=reverse("league:tournament-pair", args=[league.pk, double.pk])
    )
    client.post(pair_form["action"], form_data(pair_form))
    screen = soup(client.get(screen_url))
    assert screen.find(id="swap-form") is None and screen.find(id="enter-form") is None
    assert "W1.1" in screen.find(id="draft").get_text()
    publish = screen.find(id="publish-form")
    client.post(publish["action"], form_data(publish))
    assert Round.objects.get(tournament=double).status == Round.Status.PUBLISHED
    assert double.season.fixtures.count() == 2


def test_a_draw_is_refused_on_the_pairing_screen(commissioner, league, double):
    round_ = services.round_pair(tournament=double)
    services.round_publish(round_=round_)
    for pairing in round_.pairings.select_related("fixture"):
        ResultFactory(fixture=pairing.fixture, home_score=1, away_score=1)
    client = signed_in(commissioner)

    response = client.post(
        reverse("league:tournament-pair", args=[league.pk, double.pk]), follow=True
    )

    assert "cannot end in a draw" in soup(response).get_text()
    assert not Round.objects.filter(tournament=double, number=2).exists()


@pytest.mark.parametrize("language", ["en", "fr"])
def test_the_bracket_and_its_champion_in_each_language(language, league, double, four_teams):
    while not selectors.state(tournament=double).finished:
        round_ = services.round_pair(tournament=double)
        services.round_publish(round_=round_)
        for pairing in round_.pairings.select_related("fixture"):
            ResultFactory(fixture=pairing.fixture, home_score=2, away_score=0)

    page = soup(
        Client().get(
            reverse("league:tournament", args=[league.pk, double.pk]),
            HTTP_ACCEPT_LANGUAGE=language,
        )
    )

    assert page.html["lang"] == language
    with translation.override(language):
        titles = [
            translation.gettext(text)
            for text in ("Bracket", "Winners' bracket", "Losers' bracket", "Grand final")
        ]
        champion = translation.gettext("Champion: %(team)s") % {"team": four_teams[0].name}
    assert (titles[1] == "Winners' bracket") == (language == "en")
    assert page.find(id="bracket-title").get_text(strip=True) == titles[0]
    for part, title in zip(("winners", "losers", "final"), titles[1:], strict=True):
        assert page.find(id=f"bracket-{part}-title").get_text(strip=True) == title
    assert page.find(id="champion").get_text(strip=True) == champion
    final = page.find(id="match-GF1").get_text()
    assert four_teams[0].name in final and "2–0" in final
    assert page.find(id="match-GF2") is None  # the winners' champion took the first final
    assert page.find(id="standings") is None
