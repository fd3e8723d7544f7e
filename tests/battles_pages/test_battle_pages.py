"""Campaign, army, battle and run pages, read by their audiences; the game master drives a
run (next round, crucial moment, resolve, casualties) and the others watch."""

import pytest
from django.urls import reverse

from battles import services
from battles.models import ArmyEvent, BattleRun, Troop
from tests.battles_pages.conftest import HTMX, SEED
from tests.pages.conftest import form_data, soup

pytestmark = pytest.mark.django_db


def test_campaign_page_lists_armies_with_head_count_and_main_troop(
    browser, campaign, alliance, hunt, battle, finished_run, game_master, player
):
    page = soup(browser(player).get(reverse("battles:campaign", args=[campaign.pk])))

    rows = {row.find("th").get_text(strip=True): row.get_text(" ", strip=True)
            for row in page.find("table", class_="armies").find("tbody").find_all("tr")}
    assert "94" in rows["Auld Alliance"] and "Militia + Skelligers" in rows["Auld Alliance"]
    assert "200" in rows["Wild Hunt"] and "Warriors of the Wild Hunt" in rows["Wild Hunt"]
    battles = page.find("table", class_="battles").get_text(" ", strip=True)
    assert "Won by Auld Alliance" in battles
    assert page.find(class_="commissioner-tools") is None  # the game master's controls
    gm_page = soup(browser(game_master).get(reverse("battles:campaign", args=[campaign.pk])))
    tools = gm_page.find(class_="commissioner-tools")
    assert tools.find("a", href=reverse("battles:battle_create", args=[campaign.pk]))


def test_battle_page_shows_both_cards_and_each_phase_dc_explained(browser, battle, stranger):
    page = soup(browser(stranger).get(reverse("battles:battle", args=[battle.pk])))

    cards = page.find_all("article", class_="battle-card")
    assert [c.find("h3").get_text(" ", strip=True) for c in cards] == [
        "Wild Hunt Attacker", "Auld Alliance Defender"]
    assert "success threshold (SR) 10" in page.find("hgroup").get_text()
    plan = page.find("table", class_="phase-plan").find("tbody").find_all("tr")
    phase_one = plan[0].find_all("td")[1].get_text(" ", strip=True)  # the Auld Alliance
    assert "Seliad Graf von Kry'Ger" in phase_one and "DC 19" in phase_one
    assert "Own specialists engaged (−1 each) −1" in phase_one
    assert "Enemy numerical superiority +2" in phase_one
    assert "Surprise −1" in plan[2].find_all("td")[0].get_text(" ", strip=True)
    assert page.find("form", action=reverse("battles:run_start", args=[battle.pk])) is None
    anonymous = soup(browser().get(reverse("battles:battle", args=[battle.pk])))
    assert anonymous.find(id="odds") is None  # the odds need a signed-in user
    assert "to see the odds" in anonymous.find(class_="odds-panel").get_text()


def test_odds_load_as_a_fragment_for_signed_in_users(browser, battle, player):
    client = browser(player)
    page = soup(client.get(reverse("battles:battle", args=[battle.pk])))
    odds = page.find(id="odds")
    assert odds["hx-trigger"] == "load"
    assert odds.find("a")["href"] == odds["hx-get"]  # a real link beside hx-get

    fragment = soup(client.get(odds["hx-get"], headers=HTMX))

    assert fragment.find("html") is None
    text = fragment.find(id="odds").get_text(" ", strip=True)
    assert "Out of 20,000 battles" in text and "Wild Hunt" in text and "%" in text


def test_the_game_master_starts_a_run_from_the_battle_page(browser, battle, game_master):
    client = browser(game_master)
    form = soup(client.get(reverse("battles:battle", args=[battle.pk]))).find(
        "form", action=reverse("battles:run_start", args=[battle.pk]))

    response = client.post(form["action"], form_data(form, seed=str(SEED)))

    run = BattleRun.objects.get(battle=battle)
    assert run.seed == SEED
    assert response["Location"] == reverse("battles:run", args=[run.pk])
    page = soup(client.get(response["Location"]))
    assert page.find("button", string="Next round")
    assert len(page.find_all("section", class_="phase")) == 3


def test_a_card_with_errors_cannot_start_a_battle(browser, battle, alliance, game_master):
    Troop.objects.filter(army=alliance, name__in=["Golems", "Elementals", "Gargoyles"]).update(
        phase=1)
    client = browser(game_master)
    page = soup(client.get(reverse("battles:battle", args=[battle.pk])))

    assert "Auld Alliance: Phase 1 has 4 specialist troops (at most 3)." in page.find(
        class_="flash-error").get_text(" ", strip=True)
    assert page.find("form", class_="start-run").find("button").has_attr("disabled")
    response = client.post(reverse("battles:run_start", args=[battle.pk]), follow=True)
    assert "The battle cannot start" in soup(response).get_text()
    assert not BattleRun.objects.exists()


def test_next_round_with_htmx_swaps_the_run_fragment(browser, battle, game_master):
    run = services.run_start(battle=battle, user=game_master, seed=SEED)
    client = browser(game_master)
    page = soup(client.get(reverse("battles:run", args=[run.pk])))
    form = page.find("form", action=reverse("battles:run_step", args=[run.pk]))
    assert form["hx-post"] == form["action"] and form["hx-target"] == "#run"

    fragment = soup(client.post(form["action"], form_data(form), headers=HTMX))

    assert fragment.find("html") is None
    rounds = fragment.find(id="phase-1").find_all("tr", class_="round")
    assert len(rounds) == 1
    assert "vs DC 18" in rounds[0].get_text(" ", strip=True)
    progress = fragment.find(id="phase-1").find_all("progress")
    assert [bar["max"] for bar in progress] == ["10", "10"]
    response = client.post(form["action"], form_data(form))  # without htmx: back to the page
    assert response["Location"] == reverse("battles:run", args=[run.pk])


def test_only_the_game_master_sees_the_crucial_moment_prompt(
    browser, paused_run, game_master, player
):
    url = reverse("battles:run", args=[paused_run.pk])
    watching = soup(browser(player).get(url)).find(id="prompt")
    assert "Waiting for the game master" in watching.get_text()
    assert watching.find("form") is None
    assert soup(browser(player).get(url)).find(id="run")["hx-trigger"] == "every 3s"

    prompt = soup(browser(game_master).get(url)).find(id="prompt")

    assert "Phase 1: the crucial moment." in prompt.get_text()
    buttons = [b.get_text(strip=True) for b in prompt.find_all("button")]
    assert buttons == ["Wild Hunt wins the moment", "Auld Alliance wins the moment",
                       "Drop the moment"]
    assert soup(browser(game_master).get(url)).find(id="run").get("hx-trigger") is None


def test_the_game_master_decides_the_moment_and_the_run_moves_on(
    browser, paused_run, game_master, player
):
    client = browser(game_master)
    page = soup(client.get(reverse("battles:run", args=[paused_run.pk])))
    form = next(f for f in page.find(id="prompt").find_all("form")
                if f.find("input", attrs={"name": "winner", "value": "defender"}))

    fragment = soup(client.post(form["action"], form_data(form), headers=HTMX))

    paused_run.refresh_from_db()
    assert paused_run.status != BattleRun.Status.PAUSED or paused_run.pending["phase"] > 1
    moment = fragment.find(id="phase-1").find("tr", class_="crucial_moment")
    assert "Auld Alliance wins the crucial moment (+5), as the game master records." in (
        moment.get_text(" ", strip=True))
    refused = browser(player).post(form["action"], {"winner": "attacker"})
    assert refused.status_code == 403


def test_a_watcher_poll_answers_nothing_while_the_run_has_not_moved(
    browser, paused_run, player
):
    client = browser(player)
    url = reverse("battles:run", args=[paused_run.pk])
    poll = soup(client.get(url)).find(id="run")["hx-get"]

    assert client.get(poll, headers=HTMX).status_code == 204
    BattleRun.objects.filter(pk=paused_run.pk).update(version=paused_run.version + 1)
    assert soup(client.get(poll, headers=HTMX)).find(id="run") is not None


def test_resolve_to_the_end_enqueues_the_worker_and_shows_the_report(
    browser, paused_run, game_master, django_capture_on_commit_callbacks
):
    client = browser(game_master)
    form = soup(client.get(reverse("battles:run", args=[paused_run.pk]))).find(
        "form", action=reverse("battles:run_resolve", args=[paused_run.pk]))

    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        waiting = soup(client.post(form["action"], form_data(form), headers=HTMX))
    assert len(callbacks) == 1  # the task, after commit
    assert "A worker is resolving the battle" in waiting.find(class_="resolving").get_text()
    assert waiting.find(id="run")["hx-trigger"] == "every 1s"  # the progress fragment polls
    callbacks[0]()  # the worker (eager here)

    page = soup(client.get(reverse("battles:run", args=[paused_run.pk])))
    report = page.find(id="report").get_text(" ", strip=True)
    assert "wins" in report and "Phases won:" in report
    assert page.find(id="run").get("hx-trigger") is None


def test_final_report_shows_winner_phases_and_casualties(browser, finished_run, player):
    page = soup(browser(player).get(reverse("battles:run", args=[finished_run.pk])))

    report = page.find(id="report")
    assert "Auld Alliance wins a crushing victory." in report.get_text(" ", strip=True)
    rows = report.find("table", class_="casualties").find("tbody").find_all("tr")
    for row, side in zip(rows, ("attacker", "defender"), strict=True):
        losses = finished_run.report["casualties"][side]
        cells = [td.get_text(" ", strip=True) for td in row.find_all("td")]
        assert cells[-2] == str(losses["dead"]) and cells[-1].startswith(str(losses["wounded"]))
    assert report.find("button", string="Confirm casualties") is None  # a player
    assert "has not confirmed these casualties yet" in report.get_text()


def test_the_game_master_confirms_casualties_once_and_head_counts_go_down(
    browser, finished_run, game_master, alliance
):
    client = browser(game_master)
    url = reverse("battles:run", args=[finished_run.pk])
    form = soup(client.get(url)).find(id="report").find("form")
    before = sum(Troop.objects.filter(army=alliance).values_list("count", flat=True))
    losses = finished_run.report["casualties"]["defender"]

    response = client.post(form["action"], form_data(form))

    assert response["Location"] == url
    after = sum(Troop.objects.filter(army=alliance).values_list("count", flat=True))
    assert before - after == losses["dead"] + losses["wounded"]
    page = soup(client.get(url))
    assert "Casualties confirmed on" in page.find(id="report").get_text()
    assert page.find(id="report").find("form") is None
    client.post(form["action"], form_data(form))  # again: nothing more
    assert sum(Troop.objects.filter(army=alliance).values_list("count", flat=True)) == after
    history = soup(client.get(reverse("battles:army", args=[alliance.pk]))).find(
        class_="history").get_text(" ", strip=True)
    assert "Casualties of a battle" in history
    assert f"{losses['dead']} dead, {losses['wounded']} wounded." in history
    assert ArmyEvent.objects.filter(kind="casualties").count() == 2


def test_printable_card_follows_the_rule_text(browser, alliance, stranger):
    page = soup(browser(stranger).get(reverse("battles:army_sheet", args=[alliance.pk])))

    carte = {row.find("th").get_text(strip=True): row.find("td").get_text(" ", strip=True)
             for row in page.find("table", class_="carte").find_all("tr")}
    assert carte["Army name"] == "Auld Alliance"
    assert carte["Main troops"].startswith("30 Militia + 30 Skelligers")
    assert carte["Difficulty for the enemy side"] == "DC 18"
    assert carte["Specialists, phase 2"] == "7 Golems + 3 Elementals"
    assert page.find("button", string="Print the battle card")


def test_pages_read_in_french(browser, paused_run, player):
    client = browser(player)
    client.cookies["django_language"] = "fr"

    page = soup(client.get(reverse("battles:run", args=[paused_run.pk]),
                           headers={"Accept-Language": "fr"}))

    assert page.html["lang"] == "fr"
    assert "En attente du maître de jeu" in page.find(id="prompt").get_text()
