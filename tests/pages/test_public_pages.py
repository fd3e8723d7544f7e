"""The pages anyone may read: league list, league, team, match report."""

import re
from datetime import timedelta

import pytest
from django.urls import reverse
from django.utils import timezone

from league.services import league_update
from matches import services as match_services
from matches.models import Fixture
from tests.factories import FixtureFactory, ResultFactory, SeasonFactory, TeamFactory
from tests.pages.conftest import soup

pytestmark = pytest.mark.django_db


def test_league_list_shows_each_league_with_its_commissioner_and_team_count(
    browser, league, team, other_team
):
    page = soup(browser().get(reverse("league:list")))

    row = page.find("a", string=league.name).find_parent("tr")
    cells = [cell.get_text(strip=True) for cell in row.find_all("td")]
    assert cells == [league.name, "Rotzball", "commissioner", "2"]


def test_league_list_shows_fifty_leagues_a_page_by_name(browser, league, team):
    from league.views.public import LEAGUES_PER_PAGE
    from tests.factories import LeagueFactory, TeamFactory

    for number in range(LEAGUES_PER_PAGE + 4):
        LeagueFactory(name=f"Zz league {number:03d}")
    retired = TeamFactory(league=league, retired_at=timezone.now())
    assert retired.retired_at is not None
    client = browser()

    first = soup(client.get(reverse("league:list")))
    names = [a.get_text(strip=True) for a in first.select("tbody td:first-child a")]
    assert len(names) == LEAGUES_PER_PAGE
    assert names == sorted(names)
    assert first.find("a", rel="next")["href"] == "?page=2"
    row = first.find("a", string=league.name).find_parent("tr")
    assert row.find_all("td")[3].get_text(strip=True) == "1"  # the retired team is not counted

    second = soup(client.get(reverse("league:list") + "?page=2"))
    rest = [a.get_text(strip=True) for a in second.select("tbody td:first-child a")]
    assert len(rest) == 5 and not set(rest) & set(names)
    assert "Page 2 of 2" in second.get_text()
    assert second.find("a", rel="prev")["href"] == "?page=1"
    # a page out of range or not a number shows the nearest page instead of an error
    assert client.get(reverse("league:list") + "?page=99").status_code == 200
    assert client.get(reverse("league:list") + "?page=x").status_code == 200


def test_base_layout_offers_navigation_languages_and_sign_in(browser, league):
    page = soup(browser().get(reverse("league:list")))

    nav = page.find("header").find("nav")
    assert nav.find("a", href=reverse("league:list"))
    assert nav.find("a", href="/api/docs/")
    switcher = nav.find("form", class_="language-switcher")
    assert switcher["action"] == reverse("set_language")
    assert {b["value"] for b in switcher.find_all("button")} == {"en", "fr"}
    assert nav.find("a", href=lambda href: href and href.startswith(reverse("login")))
    assert page.body["hx-headers"].startswith('{"X-CSRFToken": "')


def test_signed_in_user_sees_their_name_and_a_sign_out_form(browser, coach, league):
    page = soup(browser(coach).get(reverse("league:list")))

    nav = page.find("header").find("nav")
    assert nav.find("a", string="coach")
    sign_out = nav.find("form", action=reverse("logout"))
    assert sign_out["method"] == "post"
    assert sign_out.find("input", attrs={"name": "csrfmiddlewaretoken"})


def test_league_page_shows_standings_with_tiebreaker_columns_fixtures_and_results(
    browser, league, season, played_fixture
):
    page = soup(browser().get(reverse("league:detail", args=[league.pk])))

    standings = page.find(id="standings").find("table")
    headers = [th.get_text(strip=True) for th in standings.find("thead").find_all("th")]
    assert headers[-4:] == ["Pts", "GD", "GF", "H2H"]  # the league's tie-breaker order
    teams = [row.find("th").get_text(" ", strip=True) for row in standings.tbody.find_all("tr")]
    result = played_fixture.result
    winner = played_fixture.home.name if result.winner == "home" else played_fixture.away.name
    assert teams[0].startswith(winner)
    report = page.find(id="season-content").find_all("a", href=played_fixture.get_absolute_url())
    assert any(f"{result.home_score}–{result.away_score}" in a.get_text() for a in report)
    assert page.find(id="round-fixtures").find("h3").get_text(" ", strip=True).startswith("Round 1")


def test_tiebreaker_order_drives_the_standings_columns(browser, league, season):
    league.tiebreakers = ["wins", "points"]
    league.save()

    page = soup(browser().get(reverse("league:detail", args=[league.pk])))

    metrics = page.find(id="standings").find("thead").find_all("th", class_="metric")
    assert [th.get_text(strip=True) for th in metrics] == ["W", "Pts"]


def test_season_picker_shows_the_chosen_season_and_answers_htmx_with_the_fragment(
    browser, league, season, played_fixture
):
    new_season = SeasonFactory(league=league, name="2627")
    url = reverse("league:detail", args=[league.pk])

    latest = soup(browser().get(url))
    picker = latest.find("form", class_="season-picker")
    assert picker.find("option", selected=True)["value"] == str(new_season.pk)
    assert "No fixtures yet." in latest.find(id="season-content").get_text()

    older = browser().get(
        url, {"season": season.pk}, headers={"HX-Request": "true", "HX-Target": "season-content"}
    )
    fragment = soup(older)
    assert fragment.find("html") is None
    assert fragment.find(id="season-content").find("a", href=played_fixture.get_absolute_url())


def test_team_page_shows_colours_coach_roster_lineup_scores_ratings_and_fixtures(
    browser, team, played_fixture
):
    page = soup(browser().get(reverse("league:team", args=[team.pk])))

    assert team.primary_colour in page.get_text()
    assert "Coach: coach" in page.get_text()
    lineup = page.find("table", class_="lineup")
    passer = lineup.find("tr", class_="position-passer")
    assert "Wolves passer" in passer.get_text()
    assert passer.find("td", class_="score-cell").get_text(strip=True) == "45"
    ratings = {
        card.dt.get_text(strip=True): card.dd.get_text(strip=True)
        for card in page.find("dl", class_="rating-cards").find_all("div")
    }
    assert ratings == {"Attack": "45", "Defence": "45", "Coach": "45"}
    roster = page.find("table", class_="players")
    assert "Wolves reserve 1" in roster.get_text()
    assert page.find("a", href=played_fixture.get_absolute_url())
    assert "Balanced" in page.find(id="ratings-title").parent.get_text()


def test_team_page_without_complete_lineup_names_the_empty_positions(browser, team):
    team.lineup_slots.filter(position="coach").delete()

    page = soup(browser().get(reverse("league:team", args=[team.pk])))

    assert page.find("dl", class_="rating-cards") is None
    assert "Coach (Entraîneur)" in page.find("p", class_="missing").get_text()
    assert page.find("div", class_="issues")


def test_match_report_shows_score_verdict_grid_turns_dice_and_lineups(browser, played_fixture):
    result = played_fixture.result
    record = result.record

    page = soup(browser().get(played_fixture.get_absolute_url()))

    score = page.find("div", class_="score").get_text("", strip=True)
    assert score == f"{result.home_score}–{result.away_score}"
    verdict = page.find("p", class_="verdict").get_text(" ", strip=True)
    assert "wins in" in verdict or "wins on possession" in verdict
    assert (
        f"Possessions: {record['possessions']['home']} – {record['possessions']['away']}" in verdict
    )

    grid = page.find("table", class_="match-grid")
    home_row, away_row = grid.tbody.find_all("tr")
    assert len(home_row.find_all("td", class_="box-cell")) == len(record["turns"])
    for row, side in ((home_row, "home"), (away_row, "away")):
        ticked_initiative = row.select(".init-box.ticked")
        ticked_goals = row.select(".goal-box.ticked")
        assert len(ticked_initiative) == record["possessions"][side]
        assert len(ticked_goals) == getattr(result, f"{side}_score")
    assert {th.get_text(strip=True) for th in grid.thead.find_all("th", scope="colgroup")} >= {
        "1st half",
        "2nd half",
    }

    turns = page.find("table", class_="turn-table").tbody.find_all("tr", class_="turn")
    assert len(turns) == len(record["turns"])
    first = record["turns"][0]
    assert first["attack"]["result"] in turns[0].get_text()
    dice = page.find("section", class_="dice-log").find("details")
    assert len(dice.tbody.find_all("tr")) == len(record["rolls"])
    assert "Wolves passer" in page.find("section", class_="lineups-used").get_text()


def test_match_report_of_a_scheduled_fixture_says_so(browser, scheduled_fixture):
    page = soup(browser().get(scheduled_fixture.get_absolute_url()))

    assert "Scheduled" in page.find("div", class_="score").get_text()
    assert page.find("table", class_="match-grid") is None
    assert page.find(class_="commissioner-tools") is None


def test_unknown_pages_are_404(browser, db):
    assert browser().get(reverse("league:detail", args=[999])).status_code == 404
    assert browser().get(reverse("league:team", args=[999])).status_code == 404
    assert browser().get(reverse("matches:fixture", args=[999])).status_code == 404


def test_match_report_under_the_coach_difference_rule_explains_the_bonus(
    browser, league, season, team, other_team
):
    league_update(league=league, coach_rule="difference")  # Wolves' coach 45, Ravens' 40
    fixture = Fixture.objects.create(
        season=season,
        round=1,
        home=team,
        away=other_team,
        kickoff=timezone.now() + timedelta(days=1),
    )
    match_services.fixture_simulate(fixture_id=fixture.pk, seed=7)

    page = soup(browser().get(fixture.get_absolute_url()))

    turns = page.find("table", class_="turn-table").tbody
    assert "coach difference" in turns.find("td", class_="coach").get_text()
    assert "better coach" in turns.get_text()  # the home coach's bonus in every home roll


def test_the_league_page_flags_teams_not_ready_and_offers_the_next_round(
    browser, commissioner, league, season, team, other_team
):
    from tests.factories import TeamFactory

    boars = TeamFactory(league=league, name="Boars")  # no line-up at all
    Fixture.objects.create(season=season, round=1, home=team, away=other_team,
                           kickoff=timezone.now() + timedelta(days=1))  # fmt: skip
    Fixture.objects.create(season=season, round=2, home=boars, away=team,
                           kickoff=timezone.now() + timedelta(days=8))  # fmt: skip

    page = soup(browser(commissioner).get(league.get_absolute_url()))

    flagged = [row.find("a").get_text(strip=True) for row in page.select("table.standings tbody tr")
               if row.select_one(".not-ready")]  # fmt: skip
    assert flagged == ["Boars"]
    next_step = page.select_one("button.next-step")
    assert next_step is not None and "round 1" in next_step.get_text()
    assert page.select_one("#not-ready-note") is not None


def test_a_scheduled_fixture_previews_both_line_ups_and_the_odds(browser, season, team, other_team):
    fixture = Fixture.objects.create(season=season, round=1, home=team, away=other_team,
                                     kickoff=timezone.now() + timedelta(days=1))  # fmt: skip

    page = soup(browser().get(fixture.get_absolute_url()))

    preview = page.find("section", class_="fixture-preview")
    assert preview is not None
    assert len(preview.find_all("table", class_="lineup")) == 2
    odds = preview.find("p", class_="preview-odds").get_text(" ", strip=True)
    shares = [int(n) for n in re.findall(r"(\d+) %", odds)]
    assert len(shares) == 2 and sum(shares) == 100


def test_standings_cells_sign_the_goal_difference_and_dash_head_to_head_not_counted(
    browser, league, season
):
    league.tiebreakers = ["points", "head_to_head", "goal_difference"]
    league.save()
    alpha, bravo, charlie, delta = (
        TeamFactory(league=league, name=name) for name in ("Alpha", "Bravo", "Charlie", "Delta")
    )
    for home, away, home_score, away_score in ((alpha, bravo, 3, 1), (charlie, delta, 2, 2)):
        fixture = FixtureFactory(
            season=season, home=home, away=away, round=1, status=Fixture.Status.PLAYED
        )
        winner = "home" if home_score > away_score else "draw"
        ResultFactory(fixture=fixture, home_score=home_score, away_score=away_score, winner=winner)

    page = soup(browser().get(reverse("league:detail", args=[league.pk])))

    cells = {
        row.find("th").find(class_="team-name").get_text(strip=True): [
            td.get_text() for td in row.find_all("td", class_="metric")
        ]
        for row in page.find(id="standings").find("tbody").find_all("tr")
    }
    win, draw = league.points_win, league.points_draw
    assert cells == {  # only Charlie and Delta are level on points: their head-to-head counts
        "Alpha": [str(win), "–", "+2"],
        "Bravo": [str(league.points_loss), "–", "\u22122"],
        "Charlie": [str(draw), str(draw), "0"],
        "Delta": [str(draw), str(draw), "0"],
    }
