"""The battle-card editor: the engine's card shown live, errors naming their troop, nothing
invalid saved, rows added and removed, the htmx preview and the plain-form fallback."""

import pytest
from django.urls import reverse

from battles.models import ArmyEvent, Troop
from tests.battles_pages.fixtures import HTMX
from tests.pages.conftest import field_error, form_data, soup

pytestmark = pytest.mark.django_db


def card_form(page):
    return page.find(id="card-form")


def row_of(page, name: str) -> str:
    """The formset prefix of the row holding troop ``name`` (``troops-3``)."""
    field = page.find("input", attrs={"value": name, "name": lambda n: n and n.endswith("-name")})
    assert field is not None, f"no row for {name}"
    return field["name"].removesuffix("-name")


def test_the_editor_shows_the_card_the_engine_computes(browser, player, alliance):
    page = soup(browser(player).get(reverse("battles:army_edit", args=[alliance.pk])))

    preview = page.find(id="card-preview").get_text(" ", strip=True)
    assert "Militia + Skelligers" in preview  # the main troop
    assert "94" in preview and "18" in preview  # head count and the DC for the enemy
    assert "Elementals" in preview and "below the minimum group of 5" in preview  # a warning
    form = card_form(page)
    assert form["action"] == reverse("battles:army_edit", args=[alliance.pk])
    assert form["hx-post"] == reverse("battles:army_preview", args=[alliance.pk])
    statuses = [page.find(id=f"troop-status-{row}").get_text(" ", strip=True) for row in range(6)]
    assert statuses[0].startswith("Main troop") and statuses[2].startswith("Specialist, phase 1")


def test_four_specialists_in_a_phase_are_refused_naming_the_troops(browser, player, alliance):
    client = browser(player)
    url = reverse("battles:army_edit", args=[alliance.pk])
    page = soup(client.get(url))
    changes = {f"{row_of(page, name)}-phase": "1" for name in ("Golems", "Elementals", "Gargoyles")}
    events = ArmyEvent.objects.count()

    response = client.post(url, form_data(card_form(page), **changes))

    assert response.status_code == 200
    page = soup(response)
    assert "Nothing was saved" in page.find(class_="flash").get_text()
    errors = page.find(id="card-preview").find_all("li", class_="error")
    assert [e.get_text(" ", strip=True) for e in errors] == [
        "Phase 1 has 4 specialist troops (at most 3). Its specialists: Scoia'tael commando, "
        "Golems, Elementals, Gargoyles."
    ]
    golems = page.find(id=f"troop-status-{row_of(page, 'Golems')[len('troops-') :]}")
    assert "Phase 1 has 4 specialist troops" in golems.get_text()  # on the troop's row too
    assert set(Troop.objects.filter(army=alliance).values_list("phase", flat=True)) == {
        None,
        1,
        2,
        3,
    }
    assert ArmyEvent.objects.count() == events  # nothing saved, no history


def test_a_main_troop_given_a_phase_is_an_error_naming_it(browser, player, alliance):
    client = browser(player)
    url = reverse("battles:army_edit", args=[alliance.pk])
    page = soup(client.get(url))

    response = client.post(
        url, form_data(card_form(page), **{f"{row_of(page, 'Militia')}-phase": "2"})
    )

    page = soup(response)
    assert (
        "“Militia” is part of the main troop: it cannot be a specialist."
        in page.find(id="card-preview").get_text()
    )
    assert Troop.objects.get(army=alliance, name="Militia").phase is None


def test_a_valid_card_is_saved_through_the_services_with_its_history(browser, player, alliance):
    client = browser(player)
    url = reverse("battles:army_edit", args=[alliance.pk])
    form = card_form(soup(client.get(url)))
    page = soup(client.get(url))
    militia, elementals = row_of(page, "Militia"), row_of(page, "Elementals")

    response = client.post(
        url,
        form_data(
            form,
            **{
                f"{militia}-count": "45",
                f"{elementals}-DELETE": "on",
                "works_barricades": "on",
                "commander_luck": "5",
            },
        ),
    )

    assert response.status_code == 302
    assert response["Location"] == reverse("battles:army", args=[alliance.pk])
    assert Troop.objects.get(army=alliance, name="Militia").count == 45
    assert not Troop.objects.filter(army=alliance, name="Elementals").exists()
    alliance.refresh_from_db()
    assert alliance.works == {"prepared": True, "barricades": True, "fortifications": True}
    assert alliance.commander["luck"] == 5
    kinds = list(alliance.events.values_list("kind", flat=True))
    assert kinds.count("troop_changed") == 1 and "troop_removed" in kinds and "edited" in kinds
    army_page = soup(client.get(response["Location"]))
    assert "The battle card of Auld Alliance is saved." in army_page.get_text()
    assert "30 → 45" in army_page.find(class_="history").get_text()


def test_a_new_troop_is_added_from_the_empty_row(browser, game_master, hunt):
    client = browser(game_master)
    url = reverse("battles:army_edit", args=[hunt.pk])
    page = soup(client.get(url))
    empty = (
        page.find_all("tr", class_="troop-row")[-1]
        .find("input", attrs={"name": lambda n: n and n.endswith("-name")})["name"]
        .removesuffix("-name")
    )

    response = client.post(
        url,
        form_data(
            card_form(page),
            **{
                f"{empty}-name": "Wraiths",
                f"{empty}-dc": "20",
                f"{empty}-count": "12",
                f"{empty}-phase": "1",
            },
        ),
    )

    assert response.status_code == 302
    wraiths = Troop.objects.get(army=hunt, name="Wraiths")
    assert (wraiths.dc, wraiths.count, wraiths.phase) == (20, 12, 1)


def test_a_bad_field_is_shown_on_its_row_and_nothing_changes(browser, player, alliance):
    client = browser(player)
    url = reverse("battles:army_edit", args=[alliance.pk])
    page = soup(client.get(url))
    golems = row_of(page, "Golems")

    response = client.post(
        url,
        form_data(
            card_form(page), **{f"{golems}-dc": "60", f"{row_of(page, 'Militia')}-count": "31"}
        ),
    )

    page = soup(response)
    assert "less than or equal to 50" in field_error(page, f"{golems}-dc")
    assert page.find("input", attrs={"name": f"{golems}-dc"})["value"] == "60"  # kept
    assert Troop.objects.get(army=alliance, name="Golems").dc == 25
    assert Troop.objects.get(army=alliance, name="Militia").count == 30


def test_a_commander_needs_bases_or_an_officer_template(browser, game_master, hunt):
    client = browser(game_master)
    url = reverse("battles:army_edit", args=[hunt.pk])
    page = soup(client.get(url))
    form = card_form(page)
    assert (
        form.find("select", attrs={"name": "commander_rank"}).find("option", selected=True)["value"]
        == "general"
    )  # the NPC general of the text

    response = client.post(url, form_data(form, commander_rank="", commander_tactics=""))

    assert "Give the base, or choose an officer template." in field_error(
        soup(response), "commander_tactics"
    )
    hunt.refresh_from_db()
    assert hunt.commander["rank"] == "general"


def test_htmx_preview_answers_the_card_and_row_statuses_and_saves_nothing(
    browser, player, alliance
):
    client = browser(player)
    page = soup(client.get(reverse("battles:army_edit", args=[alliance.pk])))
    golems = row_of(page, "Golems")

    response = client.post(
        reverse("battles:army_preview", args=[alliance.pk]),
        form_data(card_form(page), **{f"{golems}-count": "70"}),
        headers=HTMX,
    )

    fragment = soup(response)
    assert fragment.find("html") is None
    preview = fragment.find(id="card-preview")
    assert "157" in preview.get_text()  # 94 - 7 + 70
    assert "Militia + Skelligers + Golems" not in preview.get_text()
    status = fragment.find(id=f"troop-status-{golems[len('troops-') :]}")
    assert status["hx-swap-oob"] == "true"
    assert Troop.objects.get(army=alliance, name="Golems").count == 7


def test_adding_a_row_works_with_and_without_htmx(browser, player, alliance):
    client = browser(player)
    url = reverse("battles:army_edit", args=[alliance.pk])
    form = card_form(soup(client.get(url)))
    rows = len(form.find_all("tr", class_="troop-row"))
    button = form.find("button", attrs={"name": "add_row"})
    assert button["hx-post"].startswith(url)

    plain = soup(client.post(url, form_data(form, add_row="1")))
    fragment = soup(client.post(button["hx-post"], form_data(form), headers=HTMX))

    assert len(plain.find(id="card-form").find_all("tr", class_="troop-row")) == rows + 1
    assert plain.find("html") is not None
    assert fragment.find("html") is None
    assert len(fragment.find(id="card-form").find_all("tr", class_="troop-row")) == rows + 1
    assert Troop.objects.filter(army=alliance).count() == 6


def test_check_the_card_without_javascript_saves_nothing(browser, player, alliance):
    client = browser(player)
    url = reverse("battles:army_edit", args=[alliance.pk])
    page = soup(client.get(url))

    response = client.post(
        url, form_data(card_form(page), check="1", **{f"{row_of(page, 'Militia')}-count": "300"})
    )

    preview = soup(response).find(id="card-preview").get_text(" ", strip=True)
    assert "Main troop: Militia" in preview  # 300 of 364: more than half
    assert Troop.objects.get(army=alliance, name="Militia").count == 30
