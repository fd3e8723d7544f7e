"""Users mostly read French: the preferences page saves the language on the profile."""

import pytest
from django.urls import reverse
from django.utils import translation

from core.models import UserProfile
from tests.pages.conftest import form_data, soup

pytestmark = pytest.mark.django_db


def test_choosing_french_in_preferences_renders_pages_in_french(browser, coach, league):
    client = browser(coach)
    page = soup(client.get(reverse("preferences")))
    form = page.find("main").find("form")

    client.post(reverse("preferences"), form_data(form, language="fr"))

    assert UserProfile.objects.get(user=coach).language == "fr"
    listing = soup(client.get(reverse("league:list")))
    assert listing.html["lang"] == "fr"
    with translation.override("fr"):
        leagues, sign_out = translation.gettext("Leagues"), translation.gettext("Sign out")
    assert listing.find("h1").get_text(strip=True) == leagues
    assert sign_out in listing.find("header").get_text()
    prefs = soup(client.get(reverse("preferences")))
    # Django's own French catalogue names the languages
    assert "Anglais" in prefs.find("select", attrs={"name": "language"}).get_text()


def test_navigation_switcher_saves_the_choice_of_a_signed_in_user(browser, coach, league):
    client = browser(coach)
    switcher = soup(client.get(reverse("league:list"))).find("form", class_="language-switcher")

    response = client.post(switcher["action"], form_data(switcher, language="fr"))

    assert response.status_code == 302
    assert UserProfile.objects.get(user=coach).language == "fr"
    assert soup(client.get(response["Location"])).html["lang"] == "fr"


def test_anonymous_visitors_switch_with_django_set_language(browser, league):
    client = browser()
    switcher = soup(client.get(reverse("league:list"))).find("form", class_="language-switcher")
    assert switcher["action"] == reverse("set_language")

    client.post(switcher["action"], form_data(switcher, language="fr"))

    assert soup(client.get(reverse("login"))).html["lang"] == "fr"


def _translations(block: str) -> dict[str, str]:
    """The ``msgstr`` values of one catalogue entry (``msgstr`` or ``msgstr[n]``), with their
    continuation lines joined."""
    values: dict[str, str] = {}
    key = None
    for line in block.splitlines():
        if line.startswith("msgstr"):
            key, _space, quoted = line.partition(" ")
            values[key] = quoted.strip()[1:-1]
        elif line.startswith('"') and key is not None:
            values[key] += line.strip()[1:-1]
        elif not line.startswith('"'):
            key = None
    return values


def test_the_french_catalogue_is_complete_and_compiled():
    """Every string of the interface has a checked French translation: none empty, none left
    as gettext's fuzzy guess, and the compiled catalogue is not older than its source."""
    from pathlib import Path

    folder = Path(__file__).resolve().parents[2] / "core" / "locale" / "fr" / "LC_MESSAGES"
    blocks = (folder / "django.po").read_text().split("\n\n")[1:]  # after the header
    live = [block for block in blocks if "msgid " in block and "#~" not in block]
    fuzzy = [block for block in live if "#, fuzzy" in block]
    empty = [block for block in live if not all(_translations(block).values())]

    assert len(live) > 1500
    assert fuzzy == []
    assert empty == []
    assert (folder / "django.mo").stat().st_mtime >= (folder / "django.po").stat().st_mtime - 1
