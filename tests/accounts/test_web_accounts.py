"""Sign-up, email verification, password reset, the account page and closing an account, on
the web (django-allauth's flows in the site's pages)."""

import re

import pytest
from django.contrib.auth.models import User
from django.core import mail
from django.test import Client
from knox.models import AuthToken

from betting import bets
from betting.league_settings import settings_save
from tests.factories import PASSWORD, LeagueFactory, TeamFactory
from tests.pages.conftest import soup

STRONG = "a-long-Password-9c"


def _signup(client: Client, username="newcomer", email="newcomer@example.org", password=STRONG):
    return client.post(
        "/accounts/signup/",
        {"username": username, "email": email, "password1": password, "password2": password},
    )


def _link_in(message) -> str:
    return re.search(r"https?://[^/\s]+(/\S+)", message.body).group(1)


@pytest.mark.django_db
def test_anyone_signs_up_and_lands_on_the_page_saying_what_to_do_next():
    client = Client()

    answer = _signup(client)

    assert answer.status_code == 302 and answer["Location"] == "/accounts/welcome/"
    user = User.objects.get(username="newcomer")
    assert user.email == "newcomer@example.org" and user.check_password(STRONG)
    welcome = client.get("/accounts/welcome/").content.decode()
    for step in (
        "Follow a league",
        "Open a wallet",
        "Create a league",
        "Ask a commissioner for a team",
    ):
        assert step in welcome


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("change", "field", "says"),
    [
        ({"password": "short"}, "password1", "too short"),
        ({"password": "password123"}, "password1", "too common"),
        ({"username": "coach"}, "username", "already"),
        ({"email": "not-an-email"}, "email", "valid email"),
    ],
)
def test_a_refused_sign_up_names_the_field_and_creates_nobody(coach, change, field, says):
    before = User.objects.count()

    answer = _signup(Client(), **change)

    assert answer.status_code == 200
    errors = answer.context["form"].errors
    assert field in errors and says in " ".join(errors[field])
    assert User.objects.count() == before


@pytest.mark.django_db
def test_with_verification_required_the_account_signs_in_only_after_the_link(settings):
    settings.ACCOUNT_EMAIL_VERIFICATION = "mandatory"
    client = Client()

    _signup(client)
    refused = Client().post("/accounts/login/", {"login": "newcomer", "password": STRONG})

    assert len(mail.outbox) == 1 and mail.outbox[0].to == ["newcomer@example.org"]
    assert "_auth_user_id" not in refused.wsgi_request.session
    client.post(_link_in(mail.outbox[0]))
    signed_in = Client()
    answer = signed_in.post("/accounts/login/", {"login": "newcomer", "password": STRONG})
    assert answer.status_code == 302
    assert signed_in.get("/accounts/").status_code == 200


@pytest.mark.django_db
def test_a_forgotten_password_is_reset_through_the_emailed_link(coach):
    coach.email = "coach@example.org"
    coach.save()
    client = Client()

    client.post("/accounts/password/reset/", {"email": "coach@example.org"})
    form_url = client.get(_link_in(mail.outbox[0]), follow=True).redirect_chain[-1][0]
    client.post(form_url, {"password1": STRONG, "password2": STRONG})

    coach.refresh_from_db()
    assert coach.check_password(STRONG)


@pytest.mark.django_db
def test_the_password_is_changed_from_the_account(coach):
    client = Client()
    client.force_login(coach)

    client.post(
        "/accounts/password/change/",
        {"oldpassword": PASSWORD, "password1": STRONG, "password2": STRONG},
    )

    coach.refresh_from_db()
    assert coach.check_password(STRONG)


@pytest.mark.django_db
def test_the_account_page_lists_teams_leagues_wallets_and_tokens(coach, league, season):
    team = TeamFactory(league=league, coach=coach, name="Reikland Reavers")
    settings_save(league=league, values={"mode": "pool"})
    bets.wallet_open(user=coach, league=league)
    _instance, _token = AuthToken.objects.create(coach)
    client = Client()
    client.force_login(coach)

    page = client.get("/accounts/").content.decode()

    assert team.name in page and league.name in page
    assert "My wallets" in page and "1000" in page
    assert _instance.token_key in page


@pytest.mark.django_db
def test_a_token_is_revoked_from_the_account_page(coach, other_coach):
    mine, _token = AuthToken.objects.create(coach)
    theirs, _other = AuthToken.objects.create(other_coach)
    client = Client()
    client.force_login(coach)

    client.post(f"/accounts/tokens/{mine.token_key}/revoke/")
    client.post(f"/accounts/tokens/{theirs.token_key}/revoke/")  # not theirs to revoke

    assert not AuthToken.objects.filter(user=coach).exists()
    assert AuthToken.objects.filter(user=other_coach).exists()


@pytest.mark.django_db
def test_closing_an_account_erases_the_person_and_keeps_the_records(coach, league):
    coach.email, coach.first_name = "coach@example.org", "Gottri"
    coach.save()
    team = TeamFactory(league=league, coach=coach)
    AuthToken.objects.create(coach)
    client = Client()
    client.force_login(coach)

    wrong = client.post("/accounts/close/", {"password": "nope", "confirm": "on"})
    assert wrong.status_code == 200 and User.objects.get(pk=coach.pk).is_active
    client.post("/accounts/close/", {"password": PASSWORD, "confirm": "on"})

    closed = User.objects.get(pk=coach.pk)
    assert not closed.is_active and closed.username == f"deleted-user-{coach.pk}"
    assert (closed.email, closed.first_name) == ("", "")
    assert not closed.has_usable_password()
    assert not AuthToken.objects.filter(user=closed).exists()
    team.refresh_from_db()
    assert team.coach_id == coach.pk  # the roster and its history stay
    assert client.get("/accounts/").status_code == 302  # signed out
    again = Client().post("/accounts/login/", {"login": "coach", "password": PASSWORD})
    assert "_auth_user_id" not in again.wsgi_request.session


@pytest.mark.django_db
def test_registering_a_team_takes_a_typed_username_and_lists_nobody(commissioner, league, coach):
    client = Client()
    client.force_login(commissioner)
    url = f"/leagues/{league.pk}/teams/new/"

    page = client.get(url).content.decode()
    unknown = client.post(
        url,
        {
            "name": "Ghosts",
            "coach": "nobody-here",
            "primary_colour": "#112233",
            "secondary_colour": "#445566",
        },
    )

    assert "datalist" not in page and "other_coach" not in page
    assert "No user has this username." in unknown.content.decode()


# --- issue 25: the reset pages, the reset email, sign-up errors, the betting leagues ----------


def _main(answer):
    return soup(answer).find("main")


@pytest.mark.django_db
def test_the_password_reset_pages_speak_in_sentence_case_and_lead_back_to_sign_in(coach):
    coach.email = "coach@example.org"
    coach.save()
    client = Client()

    ask = _main(client.get("/accounts/password/reset/"))
    sent = _main(client.post("/accounts/password/reset/", {"email": coach.email}, follow=True))
    choose = _main(client.get(_link_in(mail.outbox[0]), follow=True))
    form_url = choose.find("form")["action"]
    done = _main(client.post(form_url, {"password1": STRONG, "password2": STRONG}, follow=True))
    spent = _main(client.get(_link_in(mail.outbox[0]), follow=True))

    headings = [page.find("h1").get_text(strip=True) for page in (ask, sent, choose, done, spent)]
    assert headings == [
        "Reset your password",
        "Check your email",
        "Choose a new password",
        "Password changed",
        "This link no longer works",
    ]
    for page in (ask, sent, choose, done, spent):
        assert page.find("a", href="/accounts/login/") is not None
    assert spent.find("a", href="/accounts/password/reset/") is not None


@pytest.mark.django_db
def test_the_reset_email_greets_with_the_site_s_name_not_its_host(coach, settings):
    settings.SITE_URL = "http://127.0.0.1:8811"
    coach.email = "coach@example.org"
    coach.save()

    Client().post("/accounts/password/reset/", {"email": coach.email})

    body = mail.outbox[0].body
    assert body.startswith("Hello from Tabletop League!")
    assert "Thank you for using Tabletop League!" in body
    assert "Hello from 127.0.0.1" not in body


@pytest.mark.django_db
def test_each_sign_up_error_shows_once_and_the_summary_links_to_its_field(coach):
    answer = Client().post(
        "/accounts/signup/",
        {"username": "coach", "email": "x", "password1": "short", "password2": "short"},
    )

    main = _main(answer)
    text = main.get_text(" ", strip=True)
    for error in ("A user with that username already exists.", "Enter a valid email address."):
        assert text.count(error) == 1, error
    assert text.count("This password is too short.") == 1
    links = [a["href"] for a in main.select(".form-errors .error-summary a")]
    assert links == ["#field-username", "#field-email", "#field-password1"]


@pytest.mark.django_db
def test_the_welcome_page_links_to_the_wallet_and_names_the_leagues_that_take_bets(coach, league):
    settings_save(league=league, values={"mode": "pool"})
    LeagueFactory(name="Quiet League")  # takes no bets
    client = Client()
    client.force_login(coach)

    page = _main(client.get("/accounts/welcome/"))

    wallet = page.find("a", string="Open a wallet")
    assert wallet["href"] == f"/betting/leagues/{league.pk}/wallet/"
    listed = page.find("section", id="betting-leagues")
    assert [a.get_text() for a in listed.find_all("a")] == ["Middenheim Cup"]


@pytest.mark.django_db
def test_the_home_page_names_the_leagues_that_take_bets(client, league, commissioner):
    settings_save(league=league, values={"mode": "fixed"})
    LeagueFactory(name="Quiet League", commissioner=commissioner)

    home = _main(client.get("/leagues/")).find("section", id="betting-leagues")
    fragment = soup(client.get(home["hx-get"], HTTP_HX_REQUEST="true"))
    page = _main(client.get(home.find("a")["href"]))  # the same list without htmx

    assert home["hx-trigger"] == "load" and home["hx-swap"] == "outerHTML"
    for listed in (fragment.find("section", id="betting-leagues"), page.find(id="betting-leagues")):
        assert [(a.get_text(), a["href"]) for a in listed.find_all("a")] == [
            ("Middenheim Cup", f"/betting/leagues/{league.pk}/")
        ]
        assert "Fixed odds" in listed.get_text()
    assert fragment.find("main") is None
