"""Campaign, army, battle and run pages, read by their audiences; the game master drives a
run (next round, crucial moment, resolve, casualties) and the others watch."""

import pytest
from django.urls import reverse

from battles import services
from battles.models import ArmyEvent, BattleRun, Troop
from tests.battles_pages.fixtures import HTMX, SEED, step_to_pause
from tests.pages.conftest import form_data, soup

pytestmark = pytest.mark.django_db


def test_campaign_page_lists_armies_with_head_count_and_main_troop(
    browser, campaign, alliance, hunt, battle, finished_run, game_master, player
):
    page = soup(browser(player).get(reverse("battles:campaign", args=[campaign.pk])))

    rows = {
        row.find("th").get_text(strip=True): row.get_text(" ", strip=True)
        for row in page.find("table", class_="armies").find("tbody").find_all("tr")
    }
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
        "Wild Hunt Attacker",
        "Auld Alliance Defender",
    ]
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
        "form", action=reverse("battles:run_start", args=[battle.pk])
    )

    response = client.post(form["action"], form_data(form, seed=str(SEED)))

    run = BattleRun.objects.get(battle=battle)
    assert run.seed == SEED
    assert response["Location"] == reverse("battles:run", args=[run.pk])
    page = soup(client.get(response["Location"]))
    assert page.find("button", string="Next round")
    assert len(page.find_all("section", class_="phase")) == 3


def test_a_card_with_errors_cannot_start_a_battle(browser, battle, alliance, game_master):
    Troop.objects.filter(army=alliance, name__in=["Golems", "Elementals", "Gargoyles"]).update(
        phase=1
    )
    client = browser(game_master)
    page = soup(client.get(reverse("battles:battle", args=[battle.pk])))

    assert "Auld Alliance: Phase 1 has 4 specialist troops (at most 3)." in page.find(
        class_="flash-error"
    ).get_text(" ", strip=True)
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
    assert buttons == [
        "Wild Hunt wins the moment",
        "Auld Alliance wins the moment",
        "Drop the moment",
    ]
    assert soup(browser(game_master).get(url)).find(id="run").get("hx-trigger") is None


def test_the_game_master_decides_the_moment_and_the_run_moves_on(
    browser, paused_run, game_master, player
):
    client = browser(game_master)
    page = soup(client.get(reverse("battles:run", args=[paused_run.pk])))
    form = next(
        f
        for f in page.find(id="prompt").find_all("form")
        if f.find("input", attrs={"name": "winner", "value": "defender"})
    )

    fragment = soup(client.post(form["action"], form_data(form), headers=HTMX))

    paused_run.refresh_from_db()
    assert paused_run.status != BattleRun.Status.PAUSED or paused_run.pending["phase"] > 1
    moment = fragment.find(id="phase-1").find("tr", class_="crucial_moment")
    assert "Auld Alliance wins the crucial moment (+5), as the game master records." in (
        moment.get_text(" ", strip=True)
    )
    refused = browser(player).post(form["action"], {"winner": "attacker"})
    assert refused.status_code == 403


def test_a_watcher_poll_answers_nothing_while_the_run_has_not_moved(browser, paused_run, player):
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
        "form", action=reverse("battles:run_resolve", args=[paused_run.pk])
    )

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
    history = (
        soup(client.get(reverse("battles:army", args=[alliance.pk])))
        .find(class_="history")
        .get_text(" ", strip=True)
    )
    assert "Casualties of a battle" in history
    assert f"{losses['dead']} dead, {losses['wounded']} wounded." in history
    assert ArmyEvent.objects.filter(kind="casualties").count() == 2
    army_page = soup(client.get(reverse("battles:army", args=[alliance.pk])))
    recover = army_page.find("form", action=reverse("battles:army_recover", args=[alliance.pk]))
    client.post(recover["action"], form_data(recover))
    assert sum(Troop.objects.filter(army=alliance).values_list("count", flat=True)) == (
        before - losses["dead"]
    )


def test_printable_card_follows_the_rule_text(browser, alliance, stranger):
    page = soup(browser(stranger).get(reverse("battles:army_sheet", args=[alliance.pk])))

    carte = {
        row.find("th").get_text(strip=True): row.find("td").get_text(" ", strip=True)
        for row in page.find("table", class_="carte").find_all("tr")
    }
    assert carte["Army name"] == "Auld Alliance"
    assert carte["Main troops"].startswith("30 Militia + 30 Skelligers")
    assert carte["Difficulty for the enemy side"] == "DC 18"
    assert carte["Specialists, phase 2"] == "7 Golems + 3 Elementals"
    assert page.find("button", string="Print the battle card")


def test_pages_read_in_french(browser, paused_run, player):
    client = browser(player)
    client.cookies["django_language"] = "fr"

    page = soup(
        client.get(reverse("battles:run", args=[paused_run.pk]), headers={"Accept-Language": "fr"})
    )

    assert page.html["lang"] == "fr"
    assert "En attente du maître de jeu" in page.find(id="prompt").get_text()


def test_the_game_master_plans_a_battle_from_the_form(
    browser, campaign, hunt, alliance, game_master
):
    client = browser(game_master)
    url = reverse("battles:battle_create", args=[campaign.pk])
    form = soup(client.get(url)).find("form", class_="battle-form")

    response = client.post(
        url,
        form_data(
            form,
            name="Ambush at the ford",
            attacker=str(alliance.pk),
            defender=str(hunt.pk),
            moments="chance",
            moment_2="on",
            moment_2_chance="70",
            casualties="quick",
            attacker_1_surprise="2",
            defender_2_weather="1",
            defender_3_deployed="120",
        ),
    )

    battle = campaign.battles.get(name="Ambush at the ford")
    assert response["Location"] == reverse("battles:battle", args=[battle.pk])
    assert battle.crucial_moments == {"2": {"attacker_chance": 0.7}}
    assert battle.circumstances == {
        "attacker": {"1": {"surprise": 2}},
        "defender": {"2": {"weather": 1}},
    }
    assert battle.deployment == {"defender": {"3": 120}}
    assert battle.options["casualties"] == "quick" and battle.options["moments"] == "chance"
    page = soup(client.get(response["Location"]))
    settings = page.find(class_="settings-list").get_text(" ", strip=True)
    assert "phase 2 (70% for the attacker)" in settings
    assert "Wild Hunt, phase 3: 120 engaged" in settings  # the defender, this time
    plan = page.find("table", class_="phase-plan").find("tbody").find_all("tr")
    assert "Surprise −2" in plan[0].find_all("td")[0].get_text(" ", strip=True)


def test_a_fought_battle_keeps_its_armies_when_the_game_master_edits_it(
    browser, battle, paused_run, game_master, alliance, hunt
):
    client = browser(game_master)
    url = reverse("battles:battle_edit", args=[battle.pk])
    form = soup(client.get(url)).find("form", class_="battle-form")

    kept = client.post(url, form_data(form, name="Siege of Kaer Trolde"))
    swapped = client.post(url, form_data(form, attacker=str(alliance.pk), defender=str(hunt.pk)))

    assert kept.status_code == 302
    battle.refresh_from_db()
    assert battle.name == "Siege of Kaer Trolde" and battle.deployment == {"attacker": {"3": 300}}
    assert "its armies no longer change" in soup(swapped).find(class_="form-errors").get_text()


def test_a_player_raises_their_own_army_then_fills_its_card(browser, campaign, other_player):
    client = browser(other_player)
    url = reverse("battles:army_create", args=[campaign.pk])
    form = soup(client.get(url)).find("main").find("form")
    assert form.find("select", attrs={"name": "owner"}) is None  # a player keeps their own

    response = client.post(
        url, form_data(form, name="Free Company", commander_name="Aen", commander_rank="major")
    )

    army = campaign.armies.get(name="Free Company")
    assert army.owner == other_player and army.commander == {"name": "Aen", "rank": "major"}
    assert response["Location"] == reverse("battles:army_edit", args=[army.pk])
    editor = soup(client.get(response["Location"]))
    assert "The card needs at least one troop." in editor.find(id="card-preview").get_text()


def test_the_game_master_chooses_the_phase_3_skill_when_asked(
    browser, campaign, hunt, alliance, game_master, player
):
    battle = services.battle_create(
        campaign=campaign,
        user=game_master,
        name="Open field",
        attacker=hunt,
        defender=alliance,
        options={"phase3_skill": "gm"},
    )
    run = step_to_pause(services.run_start(battle=battle, user=game_master, seed=SEED), game_master)
    assert run.pending["decision"] == "phase3_skill"
    url = reverse("battles:run", args=[run.pk])
    chooser = (
        battle.attacker.name if run.pending["chooser"] == "attacker" else (battle.defender.name)
    )
    assert (
        "Waiting for the game master" in soup(browser(player).get(url)).find(id="prompt").get_text()
    )

    prompt = soup(browser(game_master).get(url)).find(id="prompt")
    assert f"{chooser} won phase 2: which skill for phase 3" in prompt.get_text()
    form = next(f for f in prompt.find_all("form") if f.find("button", string="Command"))
    assert browser(player).post(form["action"], form_data(form)).status_code == 403
    fragment = soup(browser(game_master).post(form["action"], form_data(form), headers=HTMX))

    run.refresh_from_db()
    assert run.pending is None
    assert (
        f"{chooser}, winner of phase 2, chooses command for phase 3 (the game master's "
        "choice)." in fragment.find(id="phase-3").get_text(" ", strip=True)
    )


def test_a_signed_in_user_starts_a_campaign_and_adds_a_player(browser, stranger, other_player):
    client = browser(stranger)
    form = soup(client.get(reverse("battles:create"))).find("main").find("form")

    response = client.post(
        reverse("battles:create"),
        form_data(form, name="Nilfgaard rising", description="The south marches."),
    )

    campaign = stranger.campaigns_mastered.get(name="Nilfgaard rising")
    assert response["Location"] == reverse("battles:campaign", args=[campaign.pk])
    url = reverse("battles:player_add", args=[campaign.pk])
    add = soup(client.get(url)).find("main").find("form")
    assert client.post(url, form_data(add, player="nobody")).status_code == 200  # refused
    client.post(url, form_data(add, player=other_player.username))
    assert list(campaign.players.all()) == [other_player]
    page = soup(client.get(reverse("battles:campaign", args=[campaign.pk])))
    assert "1 player: other_player" in page.find("hgroup").get_text(" ", strip=True)


def test_a_fought_battle_keeps_the_armies_as_they_fought_and_is_not_fought_again(
    browser, battle, finished_run, game_master, alliance
):
    alliance.name = "Renamed since"
    alliance.save()

    page = soup(browser(game_master).get(reverse("battles:battle", args=[battle.pk])))

    header = page.find("div", class_="page-head").get_text(" ", strip=True)
    assert "Auld Alliance" in header and "Renamed since" not in header
    tools = page.find("section", class_="commissioner-tools")
    assert tools.find("button", string=lambda s: s and "run" in s.lower()) is None
    assert tools.find("a", href=reverse("battles:run", args=[finished_run.pk])) is not None


def test_the_start_hint_shows_only_before_the_first_step(browser, battle, game_master):
    client = browser(game_master)
    run = services.run_start(battle=battle, user=game_master, seed=SEED)
    hint = "The battle begins."

    assert hint in client.get(reverse("battles:run", args=[run.pk])).content.decode()
    services.run_step(run_id=run.pk, user=game_master)
    assert hint not in client.get(reverse("battles:run", args=[run.pk])).content.decode()
