"""Gladiators named at registration (blank keeps ``Recruit N``) and renamed later by their
coach: on the page, over the API, and nothing but the name changes."""

import pytest
from django.core.exceptions import ValidationError
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from core.refusals import Refused
from matches import services as match_services
from systems.killpower.models import Gladiator
from systems.killpower.services.teams import gladiator_rename, killpower_team_register
from tests.api.conftest import assert_error
from tests.factories import killpower_recruits
from tests.pages.conftest import field_error, form_data, soup

pytestmark = pytest.mark.django_db


@pytest.fixture
def tom(titanos):
    return titanos.gladiators.get(number=1)


def browser(user) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _refusal(call) -> Refused:
    with pytest.raises(Refused) as refused:
        call()
    return refused.value


def test_unnamed_gladiators_keep_their_recruit_name(kp_league):
    chosen = killpower_recruits("Lions")
    chosen[1]["name"] = ""
    chosen[4]["name"] = "  "

    team = killpower_team_register(league=kp_league, name="Lions", gladiators=chosen, seed=3)

    names = list(team.gladiators.order_by("number").values_list("name", flat=True))
    assert names[1] == "Recruit 2" and names[4] == "Recruit 5"
    assert names[0] == chosen[0]["name"]


def test_two_chosen_names_alike_are_refused_on_the_second(kp_league):
    chosen = killpower_recruits("Lions")
    chosen[0]["name"], chosen[3]["name"] = "", "recruit 1"

    refusal = _refusal(
        lambda: killpower_team_register(league=kp_league, name="Lions", gladiators=chosen)
    )

    assert refusal.code == "name_taken" and refusal.field == "gladiators.3.name"


def test_a_rename_changes_the_name_only(tom):
    before = Gladiator.objects.filter(pk=tom.pk).values().get()
    events = list(tom.events.values_list("pk", flat=True))

    gladiator_rename(gladiator=tom, name="  Spartacus ")

    after = Gladiator.objects.filter(pk=tom.pk).values().get()
    assert after["name"] == "Spartacus"
    assert {**before, "name": "Spartacus"} == after
    assert list(tom.events.values_list("pk", flat=True)) == events


@pytest.mark.parametrize(
    ("name", "code"),
    [("", "name_required"), ("   ", "name_required"), ("x" * 81, "name_too_long")],
)
def test_a_name_is_not_blank_nor_too_long(tom, name, code):
    refusal = _refusal(lambda: gladiator_rename(gladiator=tom, name=name))

    assert (refusal.code, refusal.field) == (code, "name")
    assert Gladiator.objects.get(pk=tom.pk).name == tom.name


def test_a_name_is_unique_within_the_team_only(tom, titanos, viking):
    teammate = titanos.gladiators.get(number=2)
    rival = viking.gladiators.get(number=1)

    refusal = _refusal(lambda: gladiator_rename(gladiator=tom, name=teammate.name.upper()))
    gladiator_rename(gladiator=tom, name=rival.name)

    assert (refusal.code, refusal.field) == ("name_taken", "name")
    assert Gladiator.objects.get(pk=tom.pk).name == rival.name


def test_invisible_characters_are_refused_on_the_name(tom):
    with pytest.raises(ValidationError) as error:
        gladiator_rename(gladiator=tom, name="Spar\u202etacus")

    assert "name" in error.value.message_dict


def test_no_rename_while_the_teams_match_is_unsettled(tom, kp_fixture):
    match_services.fixture_kick_off(fixture_id=kp_fixture.pk)

    refusal = _refusal(lambda: gladiator_rename(gladiator=tom, name="Spartacus"))

    assert refusal.code == "gladiators_frozen"


# --- pages ------------------------------------------------------------------------------------


def test_the_registration_form_leaves_names_optional(commissioner, kp_league):
    client = browser(commissioner)
    url = reverse("league:kp_team_create", args=[kp_league.pk])
    page = soup(client.get(url))
    form = page.find("main").find("form")
    names = {f"gladiator_{n}_name": "" for n in range(1, 8)}
    names["gladiator_3_name"] = "Lion"

    client.post(url, form_data(form, name="Lions", **names))

    assert "Recruit and his number" in page.get_text()
    lions = Gladiator.objects.filter(team__name="Lions").order_by("number")
    assert [g.name for g in lions][:4] == ["Recruit 1", "Recruit 2", "Lion", "Recruit 4"]


def test_the_coach_renames_from_the_team_page(coach, titanos, tom):
    client = browser(coach)
    team_page = soup(client.get(titanos.get_absolute_url()))
    link = team_page.find("a", href=reverse("league:kp_gladiator_rename", args=[tom.pk]))
    form = soup(client.get(link["href"])).find("main").find("form")

    answer = client.post(link["href"], form_data(form, name="Spartacus"), follow=True)

    text = soup(answer).get_text()
    assert "Titanos 1 is now Spartacus." in text and "Spartacus" in text
    assert Gladiator.objects.get(pk=tom.pk).name == "Spartacus"


def test_a_refused_name_is_an_inline_error_in_french(coach, titanos, tom):
    client = browser(coach)
    client.cookies["django_language"] = "fr"
    url = reverse("league:kp_gladiator_rename", args=[tom.pk])
    form = soup(client.get(url)).find("main").find("form")

    answer = client.post(url, form_data(form, name="Titanos 2"))

    assert "Un autre gladiateur de l’équipe s’appelle Titanos 2." in field_error(
        soup(answer), "name"
    )


def test_another_coach_cannot_rename(other_coach, titanos, tom):
    client = browser(other_coach)
    url = reverse("league:kp_gladiator_rename", args=[tom.pk])

    team_page = soup(client.get(titanos.get_absolute_url()))

    assert team_page.find("a", href=url) is None
    assert client.post(url, {"name": "Spartacus"}).status_code == 403
    assert Gladiator.objects.get(pk=tom.pk).name == "Titanos 1"


def test_the_commissioner_renames_too(commissioner, tom):
    url = reverse("league:kp_gladiator_rename", args=[tom.pk])

    browser(commissioner).post(url, {"name": "Spartacus"})

    assert Gladiator.objects.get(pk=tom.pk).name == "Spartacus"


# --- API --------------------------------------------------------------------------------------


def test_the_coach_renames_over_the_api(coach, other_coach, tom):
    url = f"/api/v1/gladiators/{tom.pk}/rename/"
    mine, theirs, anonymous = APIClient(), APIClient(), APIClient()
    mine.force_authenticate(coach)
    theirs.force_authenticate(other_coach)

    forbidden = theirs.post(url, {"name": "Crixus"}, format="json")
    refused = mine.post(url, {"name": ""}, format="json")
    renamed = mine.post(url, {"name": "Spartacus"}, format="json")

    assert_error(forbidden, 403)
    assert_error(anonymous.post(url, {"name": "Crixus"}, format="json"), 401)
    assert assert_error(refused, 400, "name")["code"] == "name_required"
    assert renamed.status_code == 200 and renamed.json()["name"] == "Spartacus"


def test_the_api_refuses_another_coach_before_it_reads_his_body(other_coach, tom):
    """The gladiator is found and his team's role checked before the body (DRF's order):
    another coach gets 403 and an unknown gladiator 404, even with an empty name."""
    theirs = APIClient()
    theirs.force_authenticate(other_coach)

    assert_error(theirs.post(f"/api/v1/gladiators/{tom.pk}/rename/", {}, format="json"), 403)
    missing = theirs.post(f"/api/v1/gladiators/{tom.pk + 1000}/rename/", {}, format="json")
    assert missing.status_code == 404
    assert Gladiator.objects.get(pk=tom.pk).name == "Titanos 1"
