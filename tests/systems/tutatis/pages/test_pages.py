"""Tutatis pages: team page, roster editor (live check over htmx, refusal in the rule's
words), sheets, lists, the fixture's match-day tools and result entry."""

import pytest
from bs4 import BeautifulSoup
from django.urls import reverse

from systems.tutatis.models import MatchRoll, Player, ResultReport, TeamList
from tests.systems.tutatis.conftest import ORCS

pytestmark = pytest.mark.django_db


def roster_data(spec):
    entries = list(TeamList.objects.get(league=None, name=ORCS).entries.order_by("pk"))
    data = {}
    for index, entry in enumerate(entries):
        pitch, bench = spec.get(index, (0, 0))
        data[f"pitch_{entry.pk}"] = pitch
        data[f"bench_{entry.pk}"] = bench
    return data


def _keeper(team, name, *, on_pitch):
    """A goalkeeper hired straight into ``team``, on the pitch or on the bench."""
    return Player.objects.create(
        team=team,
        name=name,
        role="goalkeeper",
        mo=4,
        st=7,
        ag=7,
        co=8,
        bp=8,
        price=60,
        on_pitch=on_pitch,
    )


def test_team_page_and_sheet_show_players_and_the_check(client, orcs):
    page = client.get(orcs.get_absolute_url())
    assert page.status_code == 200
    assert b"Orc Brute 1" in page.content and b"445 / 600 Irr" in page.content
    sheet = client.get(reverse("league:tt_team_sheet", args=[orcs.pk]))
    assert b"data-print" in sheet.content and b"Orc Goalkeeper 1" in sheet.content


def test_roster_live_check_fragment_and_refusal(client, orcs, coach):
    client.force_login(coach)
    url = reverse("league:tt_roster", args=[orcs.pk])
    assert client.get(url).status_code == 200
    over = roster_data({0: (6, 0), 4: (1, 5)})
    fragment = client.post(url, {**over, "check_only": "1"}, HTTP_HX_REQUEST="true")
    assert b"930 / 600 Irr" in fragment.content and b"<html" not in fragment.content
    assert b"budget_exceeded" in fragment.content
    typo = client.post(
        url, {**over, "check_only": "1", next(iter(over)): "x"}, HTTP_HX_REQUEST="true"
    )
    assert b"Give whole numbers" in typo.content and b"<html" not in typo.content
    refused = client.post(url, over)
    assert refused.status_code == 200
    assert b"The team costs 930 Irr, over the budget of 600 Irr." in refused.content
    assert Player.objects.filter(team=orcs).count() == 9
    saved = client.post(url, roster_data({0: (4, 0), 1: (1, 0), 2: (1, 0), 3: (1, 0)}))
    assert saved.status_code == 302
    assert Player.objects.filter(team=orcs).count() == 7


def test_after_a_refused_save_the_check_box_shows_the_check_of_what_was_posted(client, orcs, coach):
    client.force_login(coach)
    over = roster_data({0: (6, 0), 4: (1, 5)})
    refused = client.post(reverse("league:tt_roster", args=[orcs.pk]), over)
    check = BeautifulSoup(refused.content, "html.parser").find(id="roster-check")
    assert "930 / 600 Irr" in check.text and "budget_exceeded" in check.text
    assert "Give whole numbers" not in check.text


def test_roster_editor_is_closed_to_others(client, orcs, other_coach):
    url = reverse("league:tt_roster", args=[orcs.pk])
    assert client.get(url).status_code == 302  # sign in
    client.force_login(other_coach)
    assert client.get(url).status_code == 403


def test_fixture_tools_roll_and_log(client, tt_fixture, coach, script_dice):
    script_dice("systems.tutatis.engine", [5, 6])
    client.force_login(coach)
    page = client.get(tt_fixture.get_absolute_url())
    assert page.status_code == 200 and b"Roll: Weather" in page.content
    fragment = client.post(
        reverse("matches:tt_roll", args=[tt_fixture.pk]),
        {"action": "weather", "side": "home"},
        HTTP_HX_REQUEST="true",
    )
    assert fragment.status_code == 200
    roll = MatchRoll.objects.get()
    assert f'id="roll-{roll.pk}"'.encode() in fragment.content
    assert b"Time Warp" in fragment.content
    sheet = client.get(reverse("matches:tt_match_sheet", args=[tt_fixture.pk]))
    assert roll.result["weather"] == "heat_wave"
    assert b"heat wave (injured back only on a 6)" in fragment.content
    assert b"heat wave (injured back only on a 6)" in sheet.content
    assert sheet.content.count(b'class="tt-token"') == 6  # three tokens a side, none used
    client.post(reverse("matches:tt_time_warp", args=[roll.pk]))
    sheet = client.get(reverse("matches:tt_match_sheet", args=[tt_fixture.pk]))
    assert sheet.content.count(b'class="tt-token tt-used"') == 1


def test_result_entry_then_confirmation_on_the_page(client, tt_fixture, coach, other_coach):
    client.force_login(coach)
    response = client.post(
        reverse("matches:tt_result", args=[tt_fixture.pk]),
        {
            "home_goals": 2,
            "home_over_bar": 0,
            "away_goals": 0,
            "away_over_bar": 1,
        },
    )
    assert response.status_code == 302
    report = ResultReport.objects.get()
    client.force_login(other_coach)
    page = client.get(tt_fixture.get_absolute_url())
    assert b"Confirm" in page.content
    client.post(reverse("matches:tt_report_action", args=[report.pk, "confirm"]))
    page = client.get(tt_fixture.get_absolute_url())
    assert b"6 \xe2\x80\x93 1" in page.content


def test_lists_page_marks_sample_data(client, tt_league, commissioner):
    page = client.get(reverse("league:tt_lists", args=[tt_league.pk]))
    assert b"Sample data" in page.content and b"Edit for this league" not in page.content
    client.force_login(commissioner)
    sample = TeamList.objects.get(league=None, name=ORCS)
    client.post(reverse("league:tt_list_copy", args=[tt_league.pk, sample.pk]))
    copy = TeamList.objects.get(league=tt_league)
    entry = copy.entries.first()
    edit = client.get(reverse("league:tt_entry_edit", args=[entry.pk]))
    assert edit.status_code == 200


def test_team_page_moves_renames_and_fires_a_player(client, orcs, coach, other_coach):
    keeper = Player.objects.get(team=orcs, role="goalkeeper")
    brute = Player.objects.get(team=orcs, name="Orc Brute 4")  # on the bench
    client.force_login(other_coach)
    assert client.post(reverse("league:tt_player", args=[brute.pk, "fire"])).status_code == 403
    client.force_login(coach)
    page = client.get(orcs.get_absolute_url())
    assert b"To the bench" in page.content
    client.post(reverse("league:tt_player", args=[brute.pk, "rename"]), {"name": "Gorbag"})
    eight = client.post(reverse("league:tt_player", args=[brute.pk, "move"]), follow=True)
    assert b"8 players are on the pitch" in eight.content  # refused: one must leave first
    first = Player.objects.get(team=orcs, name="Orc Brute 1")
    client.post(reverse("league:tt_player", args=[first.pk, "move"]))
    client.post(reverse("league:tt_player", args=[brute.pk, "move"]))
    assert Player.objects.filter(team=orcs, name="Gorbag", on_pitch=True).exists()
    assert Player.objects.filter(team=orcs, on_pitch=True).count() == 7
    client.post(reverse("league:tt_player", args=[keeper.pk, "fire"]))
    assert not Player.objects.filter(pk=keeper.pk).exists()
    second = _keeper(orcs, "Keeper B", on_pitch=True)
    third = _keeper(orcs, "Keeper C", on_pitch=False)
    response = client.post(reverse("league:tt_player", args=[third.pk, "move"]), follow=True)
    assert b"2 goalkeepers on the pitch: only 1 at a time" in response.content
    assert Player.objects.get(pk=third.pk).on_pitch is False
    assert second.on_pitch


def test_a_blank_or_too_long_name_is_refused_and_the_player_keeps_his(client, orcs, coach):
    brute = Player.objects.get(team=orcs, name="Orc Brute 4")
    client.force_login(coach)
    url = reverse("league:tt_player", args=[brute.pk, "rename"])
    blank = client.post(url, {"name": "   "}, follow=True)
    assert b"Give the player a name." in blank.content
    long = client.post(url, {"name": "G" * 81}, follow=True)
    assert b"at most 80 characters" in long.content
    brute.refresh_from_db()
    assert brute.name == "Orc Brute 4"


def test_the_fixture_page_reads_each_sides_players_once(
    client, tt_fixture, coach, django_assert_max_num_queries
):
    # a visitor sees no match-day form; the coach sees eight, and the players are read once
    # for all of them
    with django_assert_max_num_queries(15):
        visitor = client.get(tt_fixture.get_absolute_url())
    client.force_login(coach)
    with django_assert_max_num_queries(19):
        page = client.get(tt_fixture.get_absolute_url())

    assert visitor.status_code == 200 and b"Roll: Weather" not in visitor.content
    assert page.status_code == 200 and b"Roll: Weather" in page.content
