"""The bettors' leaderboard, the commissioner's book and betting settings, and the links to
betting from the rest of the site, read and posted like a browser would."""

from decimal import Decimal

import pytest
from django.urls import reverse

from betting import bets
from betting.league_settings import settings_of
from betting.models import Bet
from matches import services as match_services
from tests.betting.pages import league_url, price_of, slip_of
from tests.pages.conftest import field_error, form_data, soup

pytestmark = pytest.mark.django_db


# --- bettors, the book, the settings --------------------------------------------------------


def test_the_bettors_leaderboard(
    client, punter, other_punter, wallet, fixed_league, open_fixture, place
):
    bets.wallet_open(user=other_punter, league=fixed_league)
    place(punter, open_fixture, "home", 40)
    client.force_login(other_punter)

    page = soup(client.get(league_url(fixed_league, "bettors")))

    rows = page.find("table", class_="bettors").tbody.find_all("tr")
    assert [
        [cell.get_text(" ", strip=True) for cell in row.find_all(["th", "td"])] for row in rows
    ] == [
        ["1", "other_punter you", "1000", "0", "0", "0", "0", "0", "—"],
        ["2", "punter", "960", "40", "1", "0", "0", "0", "—"],
    ]


def test_the_book_for_the_commissioner_only(
    client, commissioner, stranger, punter, wallet, fixed_league, open_fixture, place
):
    place(punter, open_fixture, "home", 100)
    url = league_url(fixed_league, "book")

    assert client.get(url).status_code == 302
    client.force_login(stranger)
    assert client.get(url).status_code == 403
    client.force_login(punter)
    assert client.get(url).status_code == 403
    client.force_login(commissioner)
    page = soup(client.get(url))

    line = page.find("table", class_="book").tbody.tr
    price = Bet.objects.get().price
    assert [td.get_text() for td in line.find_all("td")] == [
        "1",
        "100",
        str(int(100 * price) - 100),
    ]


@pytest.mark.parametrize(
    ("language", "labels"),
    [("en", ["Wolves win", "Ravens win"]), ("fr", ["Victoire de Wolves", "Victoire de Ravens"])],
)
def test_the_book_names_the_teams(
    client, commissioner, punter, wallet, fixed_league, open_fixture, place, language, labels
):
    place(punter, open_fixture, "away", 30)
    place(punter, open_fixture, "home", 20)
    client.force_login(commissioner)
    client.cookies["django_language"] = language

    page = soup(client.get(league_url(fixed_league, "book"), HTTP_ACCEPT_LANGUAGE=language))

    rows = page.find("table", class_="book").tbody.find_all("tr")
    assert [row.th.get_text(strip=True) for row in rows] == [labels[1], labels[0]]
    assert labels[0] in page.find("figure", class_="exposure-chart").get_text()


def test_the_settings_for_the_commissioner_only(client, commissioner, stranger, fixed_league):
    url = league_url(fixed_league, "settings")
    assert client.get(url).status_code == 302
    client.force_login(stranger)
    assert client.get(url).status_code == 403
    assert client.post(url, {"mode": "off"}).status_code == 403
    assert settings_of(fixed_league).mode == "fixed"


def test_the_settings_form_saves(client, commissioner, fixed_league):
    client.force_login(commissioner)
    url = league_url(fixed_league, "settings")
    form = soup(client.get(url)).find("main").find("form")

    data = form_data(form, mode="pool", house_cut_percent="12", max_stake="80")
    del data["allow_cancel"]  # unticked

    response = client.post(url, data)

    assert response.status_code == 302
    saved = settings_of(type(fixed_league).objects.get(pk=fixed_league.pk))
    assert (saved.mode, saved.house_cut_percent, saved.max_stake, saved.allow_cancel) == (
        "pool",
        12,
        80,
        False,
    )


def test_the_settings_form_lets_coaches_bet_on_their_own_teams(client, commissioner, fixed_league):
    client.force_login(commissioner)
    url = league_url(fixed_league, "settings")
    form = soup(client.get(url)).find("main").find("form")
    box = form.find("input", attrs={"name": "coaches_bet_on_own_teams"})
    assert box is not None and not box.has_attr("checked")  # off unless the league says so
    assert form.find("label", attrs={"for": box["id"]}).get_text(strip=True) == (
        "Coaches may bet on their own teams' fixtures"
    )

    response = client.post(url, form_data(form, coaches_bet_on_own_teams="on"))

    assert response.status_code == 302
    assert settings_of(type(fixed_league).objects.get(pk=fixed_league.pk)).coaches_bet_on_own_teams
    client.cookies["django_language"] = "fr"
    box = soup(client.get(url)).find("input", attrs={"name": "coaches_bet_on_own_teams"})
    assert box.has_attr("checked")
    assert soup(client.get(url)).find("label", attrs={"for": box["id"]}).get_text(strip=True) == (
        "Les entraîneurs peuvent parier sur les matchs de leurs équipes"
    )


def test_the_settings_form_refuses_a_largest_stake_whose_win_would_not_fit_the_ledger(
    client, commissioner, fixed_league
):
    client.force_login(commissioner)
    url = league_url(fixed_league, "settings")
    form = soup(client.get(url)).find("main").find("form")

    response = client.post(url, form_data(form, max_stake=str(10**9)))

    assert response.status_code == 200
    assert field_error(soup(response), "max_stake") == (
        "At most 999999999 coins: a win at the highest price (1000.00) must fit the ledger."
    )
    assert settings_of(fixed_league).max_stake == 500


def test_a_killpower_league_chooses_fixed_odds_priced_from_ratings(client, commissioner, kp_league):
    client.force_login(commissioner)
    url = league_url(kp_league, "settings")
    page = soup(client.get(url)).find("main")
    assert "Fixed odds come from the two teams' ratings" in page.get_text()
    form = page.find("form")

    response = client.post(url, form_data(form, mode="fixed"))

    assert response.status_code == 302
    assert settings_of(kp_league).mode == "fixed"


def test_the_settings_say_rotzball_s_odds_come_from_its_engine(client, commissioner, league):
    client.force_login(commissioner)

    page = soup(client.get(league_url(league, "settings"))).find("main")

    assert "Fixed odds come from the game's engine" in page.get_text()


def test_the_settings_name_the_field_a_rule_between_fields_breaks(
    client, commissioner, fixed_league
):
    client.force_login(commissioner)
    url = league_url(fixed_league, "settings")
    form = soup(client.get(url)).find("main").find("form")

    response = client.post(url, form_data(form, min_stake="100", max_stake="50"))

    assert field_error(soup(response), "max_stake") == (
        "The largest stake cannot be below the smallest (100)."
    )


# --- links from the rest of the site --------------------------------------------------------


def test_the_league_page_links_to_betting_only_when_the_league_bets(
    client, fixed_league, kp_league
):
    betting = soup(client.get(fixed_league.get_absolute_url())).find("a", class_="betting-link")
    assert betting["href"] == league_url(fixed_league)
    assert soup(client.get(kp_league.get_absolute_url())).find("a", class_="betting-link") is None


def test_the_league_settings_page_links_to_the_betting_settings(client, commissioner, league):
    client.force_login(commissioner)
    page = soup(client.get(reverse("league:settings", args=[league.pk])))
    assert page.find("a", href=league_url(league, "settings"), string="Betting settings")


def test_signed_in_users_have_my_bets_in_the_navigation(client, punter):
    assert (
        soup(client.get(reverse("league:list"))).find("a", href=reverse("betting:my_bets")) is None
    )
    client.force_login(punter)
    assert soup(client.get(reverse("league:list"))).find("a", href=reverse("betting:my_bets"))


@pytest.mark.parametrize("game", ["rotzball", "killpower"])
def test_each_fixture_page_loads_the_betting_panel(client, punter, game, request):
    fixture = request.getfixturevalue("open_fixture" if game == "rotzball" else "kp_fixture")
    if game == "killpower":
        request.getfixturevalue("pool_league")
    client.force_login(punter)

    page = soup(client.get(fixture.get_absolute_url()))
    panel_url = reverse("betting:fixture_panel", args=[fixture.pk])
    holder = page.find(attrs={"hx-get": panel_url})
    assert holder["hx-trigger"] == "load"

    panel = soup(
        client.get(
            panel_url,
            HTTP_HX_REQUEST="true",
            HTTP_HX_CURRENT_URL=f"http://testserver{fixture.get_absolute_url()}",
        )
    )
    assert panel.find("h2").get_text() == "Betting"
    assert (
        panel.find("form", class_="wallet-open").find("input", attrs={"name": "next"})["value"]
        == fixture.get_absolute_url()
    )


def test_the_panel_of_a_played_fixture_shows_the_user_s_bet_and_no_slip(
    client, punter, wallet, open_fixture, place
):
    bet = place(punter, open_fixture, "home", 10)
    match_services.fixture_simulate(fixture_id=open_fixture.pk, seed=3)
    from betting.settlement import fixture_settle

    fixture_settle(fixture_id=open_fixture.pk)
    bet.refresh_from_db()
    client.force_login(punter)

    panel = soup(client.get(reverse("betting:fixture_panel", args=[open_fixture.pk])))

    assert slip_of(panel, open_fixture) is None
    assert "Betting on this fixture is closed" in panel.get_text()
    mine = panel.find("ul", class_="my-fixture-bets").get_text(" ", strip=True)
    assert f"Your bet: 10 on Wolves win @ {bet.price}" in mine
    assert bet.get_status_display() in mine


def test_prices_on_the_page_are_the_services(client, fixed_league, open_fixture):
    """The page shows ``odds.quote``'s prices as they are: Decimal strings, two places."""
    page = soup(client.get(league_url(fixed_league)))
    shown = [td.get_text(strip=True) for td in page.find_all("td", class_="price")]
    assert shown == [str(price_of(open_fixture, o)) for o in ("home", "away")]
    assert all(Decimal(text).as_tuple().exponent == -2 for text in shown)
