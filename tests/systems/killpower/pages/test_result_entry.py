"""Result entry at the table: a coach enters it, the other confirms or disputes, the
commissioner decides; what the page refuses names the gladiator and changes nothing."""

from datetime import timedelta

import pytest
from django.core.exceptions import ValidationError
from django.urls import reverse
from django.utils import timezone

from core.forms import add_service_errors as add_result_errors
from league.models import League
from league.services import league_create
from matches.models import Fixture, Result
from matches.table_results.services import report_confirm, report_enter
from systems.killpower.forms.results import ResultForm
from systems.killpower.models import PostMatchRun, ResultReport
from systems.killpower.services.teams import killpower_team_register
from systems.killpower.services.tournaments import tournament_create
from tests.factories import killpower_recruits
from tests.pages.conftest import field_error, form_data, soup
from tests.systems.killpower.helpers import report
from tests.systems.killpower.pages.conftest import HTMX, enter_result, result_form, row_prefix

pytestmark = pytest.mark.django_db


def test_the_result_page_lists_both_teams_gladiators(browser, coach, kp_fixture):
    page = soup(browser(coach).get(reverse("matches:kp_result", args=[kp_fixture.pk])))

    form = result_form(page)
    assert form["action"] == form["hx-post"] == reverse("matches:kp_result", args=[kp_fixture.pk])
    home = page.find("section", attrs={"aria-labelledby": "side-home"}).get_text()
    away = page.find("section", attrs={"aria-labelledby": "side-away"}).get_text()
    assert all(f"Titanos {i}" in home for i in range(1, 8))
    assert all(f"Viking {i}" in away for i in range(1, 8))
    # the coach chooses redraws for his own side only
    assert form.find("select", attrs={"name": f"{row_prefix(page, 'home', 'Titanos 1')}redraw"})
    assert not form.find("select", attrs={"name": f"{row_prefix(page, 'away', 'Viking 1')}redraw"})


def test_a_hurt_gladiator_who_did_not_play_is_refused_by_name_and_nothing_changes(
    browser, coach, kp_fixture
):
    client = browser(coach)
    url = reverse("matches:kp_result", args=[kp_fixture.pk])
    page = soup(client.get(url))
    bench = row_prefix(page, "away", "Viking 6")
    data = form_data(result_form(page), home_score="2", away_score="0")
    del data[f"{bench}played"]  # unticked
    data[f"{bench}state"] = "coma"
    data[f"{bench}coma_state"] = "-12"

    response = client.post(url, data)

    assert response.status_code == 200
    page = soup(response)
    error = field_error(page, f"{bench}state")
    assert "Viking 6 did not play" in error
    summary = page.find(class_="form-errors").get_text(" ", strip=True)
    assert "State of Viking 6 after the match" in summary  # the summary names the field
    assert page.find("select", attrs={"name": f"{bench}state"})["aria-invalid"] == "true"
    assert not ResultReport.objects.exists()
    kp_fixture.refresh_from_db()
    assert kp_fixture.status == Fixture.Status.SCHEDULED and kp_fixture.home_sheet is None


def test_a_coma_without_its_state_is_refused_by_name(browser, coach, kp_fixture):
    client = browser(coach)
    url = reverse("matches:kp_result", args=[kp_fixture.pk])
    page = soup(client.get(url))
    hurt = row_prefix(page, "home", "Titanos 3")

    response = client.post(
        url,
        form_data(result_form(page), home_score="1", away_score="1", **{f"{hurt}state": "coma"}),
    )

    assert "Titanos 3 is in a coma: give his state" in field_error(
        soup(response), f"{hurt}coma_state"
    )
    assert not ResultReport.objects.exists()


def test_a_coma_state_above_minus_eleven_is_refused(browser, coach, kp_fixture):
    client = browser(coach)
    page = soup(client.get(reverse("matches:kp_result", args=[kp_fixture.pk])))
    hurt = row_prefix(page, "away", "Viking 2")

    response, _page = enter_result(
        client,
        kp_fixture,
        home_score="1",
        away_score="0",
        **{f"{hurt}state": "coma", f"{hurt}coma_state": "-4"},
    )

    page = soup(response)
    assert "-11" in field_error(page, f"{hurt}coma_state")
    assert "Coma state of Viking 2" in page.find(class_="form-errors").get_text(" ", strip=True)
    assert not ResultReport.objects.exists()


def test_an_elimination_needs_its_winner(browser, coach, kp_fixture):
    response, _page = enter_result(
        browser(coach), kp_fixture, home_score="0", away_score="0", decided_by="elimination"
    )

    assert "Say which team eliminated the other" in field_error(soup(response), "winner")
    assert not ResultReport.objects.exists()


def test_htmx_gets_the_form_fragment_back_with_its_errors(browser, coach, kp_fixture):
    client = browser(coach)
    url = reverse("matches:kp_result", args=[kp_fixture.pk])
    data = form_data(result_form(soup(client.get(url))), home_score="", away_score="1")

    fragment = soup(client.post(url, data, headers=HTMX))

    assert fragment.find("html") is None
    assert fragment.find(id="result-form")
    assert field_error(fragment, "home_score")


def test_a_team_not_ready_to_kick_off_is_refused_with_the_services_words(
    browser, coach, kp_fixture, kp_season, titanos, viking
):
    """The service's refusal (Titanos' other match unsettled) is shown; nothing changes."""
    Fixture.objects.create(
        season=kp_season,
        round=9,
        home=viking,
        away=titanos,
        kickoff=kp_fixture.kickoff,
        status=Fixture.Status.LOCKED,
    )

    response, _page = enter_result(browser(coach), kp_fixture, home_score="1", away_score="0")

    assert response.status_code == 200
    errors = soup(response).find(class_="form-errors").get_text(" ", strip=True)
    assert "not settled" in errors and "Titanos" in errors
    assert not ResultReport.objects.exists()


def test_service_errors_land_on_the_field_of_the_gladiator_they_name(kp_fixture):
    form = ResultForm(
        {
            "home_score": "1",
            "away_score": "0",
            "decided_by": "points",
            **{f"home_{n}_played": "on" for n in range(1, 8)},
            **{f"home_{n}_state": "fit" for n in range(1, 8)},
            "home_3_state": "coma",
            "home_3_coma_state": "-12",
            **{f"away_{n}_played": "on" for n in range(1, 8)},
            **{f"away_{n}_state": "fit" for n in range(1, 8)},
        },
        teams={"home": kp_fixture.home, "away": kp_fixture.away},
        gladiators={
            side: [{"number": n, "name": f"{team} {n}"} for n in range(1, 8)]
            for side, team in (("home", "Titanos"), ("away", "Viking"))
        },
        redraw_sides=["home"],
    )
    assert form.is_valid(), form.errors

    add_result_errors(
        form,
        ValidationError(
            {
                "result.home.comas.0.location": ["must be one of head, left_arm"],
                "result.away.played.2": ["'Viking 3' is not in Viking"],
                "decisions.home.redraw.Titanos 4": ["'Titanos 4' did not play the match"],
                "home": ["Titanos is not ready"],
            }
        ),
    )

    assert form.errors["home_3_location"] == ["must be one of head, left_arm"]
    assert form.errors["away_3_played"] == ["'Viking 3' is not in Viking"]
    assert form.errors["home_4_redraw"] == ["'Titanos 4' did not play the match"]
    assert form.non_field_errors() == ["Titanos is not ready"]


def test_a_coach_enters_the_result_and_it_waits_for_the_other_coach(browser, coach, kp_fixture):
    client = browser(coach)
    page = soup(client.get(reverse("matches:kp_result", args=[kp_fixture.pk])))
    wounded, bench = row_prefix(page, "home", "Titanos 2"), row_prefix(page, "home", "Titanos 7")
    hurt = row_prefix(page, "away", "Viking 4")
    data = form_data(
        result_form(page),
        home_score="3",
        away_score="1",
        **{
            f"{wounded}state": "badly_wounded",
            f"{hurt}state": "coma",
            f"{hurt}coma_state": "-14",
            f"{hurt}location": "head",
        },
    )
    del data[f"{bench}played"]

    response = client.post(reverse("matches:kp_result", args=[kp_fixture.pk]), data)

    report = ResultReport.objects.get()
    assert response.status_code == 302
    assert response["Location"] == reverse("matches:kp_report", args=[report.pk])
    assert report.status == ResultReport.Status.PENDING and report.submitted_by == coach
    assert report.payload["score"] == {"home": 3, "away": 1}
    assert "Titanos 7" not in report.payload["home"]["played"]
    assert report.payload["home"]["badly_wounded"] == ["Titanos 2"]
    assert report.payload["away"]["comas"] == [
        {"gladiator": "Viking 4", "state": -14, "location": "head"}
    ]
    assert not Result.objects.exists()
    shown = soup(client.get(response["Location"]))
    assert "Waiting for the other coach" in shown.get_text()
    assert not shown.find("form", action=reverse("matches:kp_report_confirm", args=[report.pk]))


def test_the_other_coach_confirms_and_the_post_match_report_shows_the_rolls(
    browser, other_coach, entered, django_capture_on_commit_callbacks
):
    client = browser(other_coach)
    page = soup(client.get(reverse("matches:kp_report", args=[entered.pk])))
    confirm = page.find("form", action=reverse("matches:kp_report_confirm", args=[entered.pk]))
    assert confirm is not None
    assert page.find("form", action=reverse("matches:kp_report_dispute", args=[entered.pk]))

    with django_capture_on_commit_callbacks(execute=True):
        response = client.post(confirm["action"], form_data(confirm))

    fixture = entered.fixture
    assert response.status_code == 302
    assert response["Location"].startswith(fixture.get_absolute_url())
    entered.refresh_from_db()
    assert entered.status == ResultReport.Status.CONFIRMED and entered.reviewed_by == other_coach
    result = Result.objects.get(fixture=fixture)
    assert (result.home_score, result.away_score) == (2, 0)
    run = PostMatchRun.objects.get(fixture=fixture)
    report = soup(client.get(fixture.get_absolute_url()))
    post = report.find(id="post-match")
    assert post is not None and not post.has_attr("hx-trigger")  # done: no more polling
    text = post.get_text(" ", strip=True)
    assert "Ranking points" in text and "Death risk" in text
    assert "Death risk: where Viking 3 was hit" in text  # the roll, in words
    assert len(post.find("table", class_="dice").find("tbody").find_all("tr")) == len(run.rolls)
    assert "Titanos 2" in report.find(class_="kp-played").get_text()


def test_the_report_page_lists_the_gladiators_in_the_sheets_order(browser, coach, kp_fixture):
    # the order the client sent them in is no order: the page reads the sheet's
    played = [f"Titanos {i}" for i in (5, 3, 1, 4, 2)]
    entered = report_enter(
        fixture=kp_fixture,
        user=coach,
        result=report(2, 0, home={"played": played, "badly_wounded": ["Titanos 4"]}),
    )

    page = soup(browser(coach).get(reverse("matches:kp_report", args=[entered.pk])))

    home = page.find_all(class_="kp-report-list")[0]
    assert [li.find("strong").get_text() for li in home.find_all("li")] == sorted(played)
    assert "Badly wounded" in home.find_all("li")[3].get_text()
    assert "Did not play: Titanos 6, Titanos 7" in page.get_text(" ", strip=True)


def test_the_submitter_cannot_confirm_his_own_result(browser, coach, entered):
    response = browser(coach).post(reverse("matches:kp_report_confirm", args=[entered.pk]))

    assert response.status_code == 403
    entered.refresh_from_db()
    assert entered.status == ResultReport.Status.PENDING


def test_the_other_coach_disputes_and_the_commissioner_decides(
    browser, other_coach, commissioner, entered, django_capture_on_commit_callbacks
):
    client = browser(other_coach)
    page = soup(client.get(reverse("matches:kp_report", args=[entered.pk])))
    dispute = page.find("form", action=reverse("matches:kp_report_dispute", args=[entered.pk]))

    empty = client.post(dispute["action"], form_data(dispute))
    assert field_error(soup(empty), "reason")  # a reason is asked for
    client.post(dispute["action"], form_data(dispute, reason="It was 1-0."))

    entered.refresh_from_db()
    assert entered.status == ResultReport.Status.DISPUTED
    client = browser(commissioner)
    queue = soup(client.get(reverse("league:kp_queue", args=[entered.fixture.season.league_id])))
    assert "It was 1-0." in queue.get_text()
    review = queue.find("a", href=reverse("matches:kp_report", args=[entered.pk]))
    page = soup(client.get(review["href"]))
    assert not page.find("form", action=reverse("matches:kp_report_confirm", args=[entered.pk]))
    decide = page.find("form", action=reverse("matches:kp_report_decide", args=[entered.pk]))

    with django_capture_on_commit_callbacks(execute=True):
        client.post(decide["action"], form_data(decide, note="The score stands."))

    entered.refresh_from_db()
    assert entered.status == ResultReport.Status.DECIDED and entered.note == "The score stands."
    assert Result.objects.filter(fixture=entered.fixture).exists()


def test_the_commissioner_corrects_a_result_and_decides_it(browser, commissioner, entered):
    client = browser(commissioner)
    url = reverse("matches:kp_report_correct", args=[entered.pk])
    page = soup(client.get(url))
    form = result_form(page)
    assert form.find("input", attrs={"name": "home_score"})["value"] == "2"  # filled in

    response = client.post(url, form_data(form, home_score="0", away_score="1"))

    assert response.status_code == 302
    entered.refresh_from_db()
    assert entered.status == ResultReport.Status.DECIDED
    result = Result.objects.get(fixture=entered.fixture)
    assert (result.home_score, result.away_score, result.winner) == (0, 1, "away")


def test_the_post_match_section_polls_until_the_worker_has_run(browser, other_coach, entered):
    report_confirm(report=entered, user=other_coach)  # on_commit never runs here
    url = entered.fixture.get_absolute_url()

    page = soup(browser().get(url))

    post = page.find(id="post-match")
    assert post["hx-get"] == url and "every" in post["hx-trigger"]
    fragment = soup(browser().get(url, headers={**HTMX, "HX-Target": "post-match"}))
    assert fragment.find("html") is None and fragment.find(id="post-match")


def test_the_messages_are_french_for_a_french_reader(browser, coach, kp_fixture):
    client = browser(coach)
    url = reverse("matches:kp_result", args=[kp_fixture.pk])
    french = {"HTTP_ACCEPT_LANGUAGE": "fr"}
    page = soup(client.get(url, **french))
    assert (
        page.html["lang"] == "fr" and page.find("h1").get_text(strip=True) == "Saisir le résultat"
    )
    bench = row_prefix(page, "away", "Viking 6")
    data = form_data(
        result_form(page), home_score="2", away_score="0", **{f"{bench}state": "badly_wounded"}
    )
    del data[f"{bench}played"]

    response = client.post(url, data, **french)

    assert "Viking 6 n’a pas joué" in field_error(soup(response), f"{bench}state")
    assert not ResultReport.objects.exists()


def test_an_abandon_is_entered_for_the_team_that_gave_up(browser, coach, kp_fixture):
    response, _page = enter_result(
        browser(coach),
        kp_fixture,
        home_score="0",
        away_score="2",
        decided_by="abandon",
        abandoned_by="away",
    )

    assert response.status_code == 302
    payload = ResultReport.objects.get().payload
    assert payload["decided_by"] == "abandon" and payload["abandoned_by"] == "away"
    assert payload["result"] == "home"  # whatever the score


def test_a_tournament_draw_goes_to_the_free_throws_chosen_on_the_page(
    browser, commissioner, django_capture_on_commit_callbacks
):
    league = league_create(
        commissioner=commissioner,
        name="Coupe",
        rule_system="killpower",
        competition_format=League.CompetitionFormat.TOURNAMENT,
    )
    for n, name in enumerate(["Lions", "Aigles"], start=1):
        killpower_team_register(
            league=league, name=name, gladiators=killpower_recruits(name), seed=n
        )
    tournament_create(season=league.seasons.get(), first_kickoff=timezone.now() + timedelta(days=1))
    fixture = Fixture.objects.get(season__league=league)
    client = browser(commissioner)
    url = reverse("matches:kp_result", args=[fixture.pk])
    page = soup(client.get(url))
    home = fixture.home.name
    assert not page.find("select", attrs={"name": lambda n: n and n.endswith("_redraw")})
    data = form_data(
        result_form(page),
        home_score="1",
        away_score="1",
        home_ft_1=f"{home} 3",
        home_ft_1_distance="2",
        home_ft_2=f"{home} 3",
    )

    refused = soup(client.post(url, data))
    assert f"{home} 3 shoots once" in field_error(refused, "home_ft_2")

    data["home_ft_2"] = f"{home} 5"
    client.post(url, data)
    report = ResultReport.objects.get(status="pending")
    assert report.free_throws == {"home": [f"{home} 3", f"{home} 5"], "distances": {"home": [2]}}
    decide = soup(client.get(reverse("matches:kp_report", args=[report.pk]))).find(
        "form", action=reverse("matches:kp_report_decide", args=[report.pk])
    )
    with django_capture_on_commit_callbacks(execute=True):
        client.post(decide["action"], form_data(decide))

    result = Result.objects.get(fixture=fixture)
    assert result.decided_by == "free_throws" and result.winner != "draw"
    shots = soup(client.get(fixture.get_absolute_url())).find("table", class_="kp-throws-table")
    first_home = next(
        row
        for row in shots.find("tbody").find_all("tr")
        if home in row.find_all("td")[1].get_text()
    )
    assert f"{home} 3" in first_home.get_text()
    assert first_home.find_all("td")[3].get_text(strip=True) == "2"  # the coach's distance


def free_throw_fields(form) -> set[str]:
    return {select["name"] for select in form.find_all("select") if "ft_" in select.get("name", "")}


def test_a_coach_chooses_free_throws_for_his_own_side_only(
    browser, coach, commissioner, kp_cup_final
):
    # Given a tournament final: when Titanos' coach opens the result page
    url = reverse("matches:kp_result", args=[kp_cup_final.pk])
    page = soup(browser(coach).get(url))

    # Then he may name Titanos' shooters, not Viking's
    assert free_throw_fields(result_form(page)) == {"home_ft_1", "home_ft_2"}

    # ... and the commissioner may name both teams'
    page = soup(browser(commissioner).get(url))
    assert free_throw_fields(result_form(page)) == {
        "home_ft_1",
        "home_ft_2",
        "away_ft_1",
        "away_ft_2",
    }


def test_the_confirming_coach_chooses_his_own_free_throws_on_the_confirm_page(
    browser, coach, other_coach, kp_cup_final, django_capture_on_commit_callbacks
):
    # Given Titanos' coach entered a 0-0 draw with his shooters
    entered = report_enter(
        fixture=kp_cup_final,
        user=coach,
        result={"score": {"home": 0, "away": 0}},
        options={"home": ["Titanos 2", "Titanos 3"]},
    )
    client = browser(other_coach)
    page = soup(client.get(reverse("matches:kp_report", args=[entered.pk])))
    confirm = page.find("form", action=reverse("matches:kp_report_confirm", args=[entered.pk]))

    # When Viking's coach names only one shooter though all seven can shoot
    assert free_throw_fields(confirm) == {"ft_1", "ft_2"}
    options = [
        o["value"] for o in confirm.find("select", attrs={"name": "ft_1"}).find_all("option")
    ]
    assert options == ["", *(f"Viking {n}" for n in range(1, 8))]
    refused = soup(client.post(confirm["action"], form_data(confirm, ft_1="Viking 4")))

    # Then the page says so on the empty shooter field, and nothing is recorded
    assert "must name two gladiators" in field_error(refused, "ft_2")
    assert not Result.objects.exists()

    # When he names two, with the first one's distance
    with django_capture_on_commit_callbacks(execute=True):
        client.post(
            confirm["action"],
            form_data(confirm, ft_1="Viking 4", ft_2="Viking 6", ft_1_distance="2"),
        )

    # Then both coaches' shooters shoot
    shots = Result.objects.get().record["free_throws"]["shots"]
    assert [(s["shooter"], s["chosen"]) for s in shots[:4]] == [
        ("Titanos 2", False),
        ("Viking 4", True),
        ("Titanos 3", False),
        ("Viking 6", False),
    ]
    assert shots[1]["distance"] == 2


def test_a_tournament_match_won_on_points_asks_for_no_free_throws(
    browser, coach, other_coach, kp_cup_final
):
    entered = report_enter(
        fixture=kp_cup_final, user=coach, result={"score": {"home": 9, "away": 0}}
    )

    page = soup(browser(other_coach).get(reverse("matches:kp_report", args=[entered.pk])))

    confirm = page.find("form", action=reverse("matches:kp_report_confirm", args=[entered.pk]))
    assert free_throw_fields(confirm) == set()
