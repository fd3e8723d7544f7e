"""Each protected Killpower page: its audience gets it, the wrong role 403, anonymous visitors
are sent to sign in."""

import pytest
from django.urls import reverse
from django.utils import timezone

from matches.models import Fixture

pytestmark = pytest.mark.django_db


@pytest.fixture
def urls(kp_league, titanos, kp_fixture, entered):
    return {
        # (url, who may, who may not)
        "pages": [
            (reverse("league:kp_team_create", args=[kp_league.pk]), "commissioner", "coach"),
            (reverse("league:kp_queue", args=[kp_league.pk]), "commissioner", "coach"),
            (
                reverse("league:kp_tournament_create", args=[kp_league.pk]),
                "commissioner",
                "other_coach",
            ),
            (reverse("league:kp_raises", args=[titanos.pk]), "coach", "other_coach"),
            (reverse("matches:kp_result", args=[kp_fixture.pk]), "other_coach", "stranger"),
            (reverse("matches:kp_report_correct", args=[entered.pk]), "commissioner", "coach"),
        ],
        "posts": [
            (reverse("matches:kp_report_confirm", args=[entered.pk]), "coach"),  # the submitter
            (reverse("matches:kp_report_dispute", args=[entered.pk]), "commissioner"),
            (reverse("matches:kp_report_decide", args=[entered.pk]), "other_coach"),
            (reverse("matches:kp_kick_off", args=[kp_fixture.pk]), "coach"),
            (reverse("matches:kp_kick_off", args=[kp_fixture.pk]), "other_coach"),
        ],
    }


@pytest.fixture
def people(commissioner, coach, other_coach, stranger):
    return {
        "commissioner": commissioner,
        "coach": coach,
        "other_coach": other_coach,
        "stranger": stranger,
    }


def test_anonymous_visitors_are_sent_to_sign_in(browser, urls):
    for url, _may, _may_not in urls["pages"]:
        response = browser().get(url)
        assert response.status_code == 302, url
        assert response["Location"].startswith(reverse("login") + "?next="), url
    for url, _may_not in urls["posts"]:
        response = browser().post(url)
        assert response.status_code == 302 and "/accounts/login/" in response["Location"], url


def test_each_page_answers_its_audience_and_refuses_the_wrong_role(browser, urls, people):
    for url, may, may_not in urls["pages"]:
        assert browser(people[may]).get(url).status_code == 200, (url, may)
        assert browser(people[may_not]).get(url).status_code == 403, (url, may_not)
    for url, may_not in urls["posts"]:
        assert browser(people[may_not]).post(url).status_code == 403, (url, may_not)


def test_a_stranger_reads_the_public_pages_without_actions(
    browser, stranger, kp_league, titanos, kp_fixture, entered
):
    client = browser(stranger)
    gladiator = titanos.gladiators.first()
    for url in (
        kp_league.get_absolute_url(),
        titanos.get_absolute_url(),
        reverse("league:kp_team_sheet", args=[titanos.pk]),
        reverse("league:gladiator", args=[gladiator.pk]),
        kp_fixture.get_absolute_url(),
        reverse("matches:kp_referee_sheet", args=[kp_fixture.pk]),
        reverse("matches:kp_report", args=[entered.pk]),
    ):
        response = client.get(url)
        assert response.status_code == 200, url
        text = response.content.decode()
        assert reverse("matches:kp_report_confirm", args=[entered.pk]) not in text, url
        assert reverse("matches:kp_report_decide", args=[entered.pk]) not in text, url
        assert reverse("matches:kp_result", args=[kp_fixture.pk]) not in text, url
        assert reverse("league:kp_raises", args=[titanos.pk]) not in text, url
        assert reverse("matches:kp_kick_off", args=[kp_fixture.pk]) not in text, url


def test_killpower_pages_are_not_found_for_a_rotzball_league(
    browser, commissioner, league, team, other_team, season
):
    played_fixture = Fixture.objects.create(
        season=season, round=1, home=team, away=other_team, kickoff=timezone.now()
    )
    client = browser(commissioner)
    assert client.get(reverse("league:kp_team_create", args=[league.pk])).status_code == 404
    assert client.get(reverse("league:kp_team_sheet", args=[team.pk])).status_code == 404
    assert (
        client.get(reverse("matches:kp_referee_sheet", args=[played_fixture.pk])).status_code == 404
    )
    assert client.get(reverse("matches:kp_result", args=[played_fixture.pk])).status_code == 404
