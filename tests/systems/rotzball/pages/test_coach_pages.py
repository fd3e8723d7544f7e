"""A coach edits the roster, the line-up and the match plan; refused changes change nothing."""

from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from matches.models import Fixture
from systems.rotzball.models import LineupSlot, Player
from tests.factories import tactic
from tests.pages.conftest import field_error, form_data, soup

pytestmark = pytest.mark.django_db

HTMX = {"HX-Request": "true"}


def player_form(page):
    return page.find(id="player-form").find("form")


def test_coach_adds_a_player_from_the_roster_page(browser, coach, team):
    client = browser(coach)
    url = reverse("league:roster", args=[team.pk])
    form = player_form(soup(client.get(url)))

    response = client.post(
        form["action"],
        form_data(
            form, name="Greta", endurance="41", agility="52", strength="33", intelligence="60"
        ),
    )

    assert response.status_code == 302
    greta = Player.objects.get(team=team, name="Greta")
    assert (greta.endurance, greta.agility, greta.strength, greta.intelligence) == (41, 52, 33, 60)
    assert "Greta joined the roster." in soup(client.get(response["Location"])).get_text()


def test_invalid_characteristic_is_shown_on_its_field_and_nothing_changes(browser, coach, team):
    client = browser(coach)
    player = team.players.get(name="Wolves passer")
    page = soup(client.get(reverse("league:player_edit", args=[team.pk, player.pk])))
    form = player_form(page)
    assert form.find("input", attrs={"name": "agility"})["value"] == "45"

    response = client.post(form["action"], form_data(form, agility="140", endurance="50"))

    assert response.status_code == 200
    page = soup(response)
    assert "less than or equal to 100" in field_error(page, "agility")
    assert field_error(page, "endurance") == ""
    summary = page.find(class_="form-errors").get_text(" ", strip=True)
    assert "Agility (Ag)" in summary  # the error names the field
    agility = page.find("input", attrs={"name": "agility"})
    assert agility["aria-invalid"] == "true"
    assert agility["value"] == "140"  # what the coach typed is kept
    player.refresh_from_db()
    assert (player.agility, player.endurance) == (45, 45)


def test_htmx_posts_get_the_form_fragment_back_with_the_errors(browser, coach, team):
    client = browser(coach)
    player = team.players.get(name="Wolves passer")
    url = reverse("league:player_edit", args=[team.pk, player.pk])
    form = player_form(soup(client.get(url)))
    assert form["hx-post"] == url and form["action"] == url  # real action beside hx-post

    response = client.post(url, form_data(form, strength="0"), headers=HTMX)

    fragment = soup(response)
    assert fragment.find("html") is None
    assert fragment.find(id="player-form")
    assert "greater than or equal to 1" in field_error(fragment, "strength")
    player.refresh_from_db()
    assert player.strength == 45


def test_htmx_success_sends_the_browser_back_to_the_roster(browser, coach, team):
    client = browser(coach)
    player = team.players.get(name="Wolves passer")
    url = reverse("league:player_edit", args=[team.pk, player.pk])

    response = client.post(
        url, form_data(player_form(soup(client.get(url))), name="Kurt"), headers=HTMX
    )

    assert response["HX-Redirect"] == reverse("league:roster", args=[team.pk])
    player.refresh_from_db()
    assert player.name == "Kurt"


def test_duplicate_player_name_is_an_inline_error_from_the_service(browser, coach, team):
    client = browser(coach)
    url = reverse("league:roster", args=[team.pk])
    form = player_form(soup(client.get(url)))

    response = client.post(
        url,
        form_data(
            form,
            name="Wolves coach",
            endurance="40",
            agility="40",
            strength="40",
            intelligence="40",
        ),
    )

    assert response.status_code == 200
    assert "already plays for this team" in field_error(soup(response), "name")
    assert team.players.filter(name="Wolves coach").count() == 1


def test_coach_deletes_a_reserve(browser, coach, team):
    client = browser(coach)
    reserve = team.players.get(name="Wolves reserve 1")
    page = soup(client.get(reverse("league:roster", args=[team.pk])))
    form = page.find("form", action=reverse("league:player_delete", args=[team.pk, reserve.pk]))

    response = client.post(form["action"], form_data(form))

    assert response.status_code == 302
    assert not Player.objects.filter(pk=reserve.pk).exists()


def lineup_form(page):
    return page.find("form", id="lineup-form")


def test_lineup_duplicate_is_shown_beside_the_second_position_and_nothing_changes(
    browser, coach, team
):
    client = browser(coach)
    url = reverse("league:lineup", args=[team.pk])
    form = lineup_form(soup(client.get(url)))
    passer = form.find("select", attrs={"name": "passer"}).find("option", selected=True)["value"]
    before = dict(team.lineup_slots.values_list("position", "player_id"))

    response = client.post(form["action"], form_data(form, attacker_1=passer))

    page = soup(response)
    assert "already plays as Passer" in field_error(page, "attacker_1")
    assert field_error(page, "passer") == ""
    assert dict(team.lineup_slots.values_list("position", "player_id")) == before


def test_lineup_is_saved_with_a_reserve_in_a_new_position(browser, coach, team):
    client = browser(coach)
    url = reverse("league:lineup", args=[team.pk])
    reserve = team.players.get(name="Wolves reserve 1")
    form = lineup_form(soup(client.get(url)))

    response = client.post(url, form_data(form, defender_3=str(reserve.pk)))

    assert response.status_code == 302
    assert team.lineup_slots.get(position="defender_3").player == reserve


def test_lineup_preview_recomputes_ratings_and_shows_engine_issues_without_saving(
    browser, coach, team
):
    client = browser(coach)
    page = soup(client.get(reverse("league:lineup", args=[team.pk])))
    form = lineup_form(page)
    assert form["hx-post"] == reverse("league:lineup_preview", args=[team.pk])
    assert form["hx-trigger"] == "change"
    weak = Player.objects.create(
        team=team, name="Weak", endurance=5, agility=5, strength=5, intelligence=5
    )

    changed = soup(client.post(form["hx-post"], form_data(form, passer=str(weak.pk)), headers=HTMX))
    attack = changed.find("dl", class_="rating-cards").find("dd").get_text(strip=True)
    assert attack == str((45 + 45 + 2 * 5) // 4)
    assert changed.find("html") is None

    emptied = soup(client.post(form["hx-post"], form_data(form, coach=""), headers=HTMX))
    assert emptied.find("dl", class_="rating-cards") is None
    assert "Coach (Entraîneur)" in emptied.find("p", class_="missing").get_text()
    assert (
        "Coach (Entraîneur): nobody is in this position."
        in emptied.find("div", class_="issues").get_text()
    )
    assert team.lineup_slots.get(position="passer").player.name == "Wolves passer"
    assert team.lineup_slots.filter(position="coach").exists()


def test_match_plan_is_explained_and_saved(browser, coach, team):
    client = browser(coach)
    url = reverse("league:plan", args=[team.pk])
    page = soup(client.get(url))
    form = page.find("main").find("form")
    choices = {radio["value"] for radio in form.find_all("input", type="radio")}
    assert choices == {"offensive", "defensive", "balanced"}
    assert "+10 to its defence roll" in form.get_text()

    response = client.post(url, form_data(form, tactic="defensive"))

    assert response.status_code == 302
    team.refresh_from_db()
    assert tactic(team) == "defensive"


def test_after_kick_off_the_pages_say_why_and_disable_the_forms(
    browser, coach, team, other_team, season
):
    Fixture.objects.create(
        season=season,
        round=1,
        home=team,
        away=other_team,
        kickoff=timezone.now() - timedelta(minutes=5),
    )
    client = browser(coach)
    player = team.players.first()

    for name in ("roster", "lineup", "plan"):
        page = soup(client.get(reverse(f"league:{name}", args=[team.pk])))
        assert "has kicked off against Ravens" in page.find(class_="flash-warning").get_text()
        assert all(
            button.has_attr("disabled")
            for button in page.find("main").find_all("button", type="submit")
        )

    response = client.post(
        reverse("league:player_edit", args=[team.pk, player.pk]),
        {"name": "X", "endurance": 50, "agility": 50, "strength": 50, "intelligence": 50},
    )
    assert "has kicked off" in soup(response).find(class_="form-errors").get_text()
    player.refresh_from_db()
    assert player.name != "X"
    assert LineupSlot.objects.filter(team=team).count() == 7


def test_the_roster_form_is_checked_as_you_type_and_nothing_is_saved(browser, coach, team):
    taken = team.players.first().name
    url = reverse("league:roster", args=[team.pk])

    response = browser(coach).post(
        url,
        {"check": "1", "name": taken, "endurance": "150", "agility": ""},
        HTTP_HX_REQUEST="true",
    )

    page = soup(response)
    assert response.status_code == 200 and page.find(id="player-form") is not None
    assert field_error(page, "name") and field_error(page, "endurance")
    assert not field_error(page, "agility")  # not filled in yet: no error before its turn
    assert team.players.filter(name=taken).count() == 1
