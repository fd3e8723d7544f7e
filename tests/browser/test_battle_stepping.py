"""The game master steps a battle in a real browser: round by round until a crucial moment
pauses it, decides the moment, resolves the rest and reads the final report; a player
watching the same run sees the game master is awaited."""

import pytest
from playwright.sync_api import expect

from battles import services
from battles.models import Battle, BattleRun
from tests.battles.factories import auld_alliance, siege, wild_hunt
from tests.browser.conftest import sign_in
from tests.factories import UserFactory

pytestmark = pytest.mark.django_db(transaction=True)

SEED = 1272  # the demo's dice: phase 1's crucial moment comes after a few rounds
MAX_ROUNDS = 30


@pytest.fixture
def siege_battle() -> Battle:
    """The rule text's siege: the game master's Wild Hunt against the player's Auld Alliance,
    a crucial moment in each phase left to the game master, casualties rolled."""
    game_master, player = UserFactory(username="game_master"), UserFactory(username="player")
    campaign = services.campaign_create(game_master=game_master, name="The Wild Hunt")
    services.campaign_add_player(campaign=campaign, user=game_master, player=player)
    alliance = auld_alliance(campaign, user=player, owner=player)
    hunt = wild_hunt(campaign, user=game_master)
    return siege(campaign, user=game_master, attacker=hunt, defender=alliance)


def test_game_master_steps_to_a_crucial_moment_decides_it_and_finishes(
    page, browser, live_server, siege_battle
):
    battle = siege_battle
    sign_in(page, "game_master")
    page.goto(f"/campaigns/battles/{battle.pk}/")
    expect(page.locator("#odds")).to_contain_text("battles simulated", timeout=30_000)
    page.locator(".seed-option summary").click()
    page.get_by_label("Seed").fill(str(SEED))
    page.get_by_role("button", name="Start the battle").click()
    page.wait_for_url("**/campaigns/runs/*/")
    run = BattleRun.objects.get(battle=battle)

    rounds = page.locator("#run tr.round")
    played = 0
    while page.locator("#prompt").count() == 0:
        assert played < MAX_ROUNDS, "no crucial moment came"
        page.get_by_role("button", name="Next round").click()
        played += 1
        expect(rounds).to_have_count(played)  # htmx swapped in the new round
    assert played >= 1
    expect(page.locator("#prompt")).to_contain_text("the crucial moment")
    expect(page.get_by_role("button", name="Next round")).to_have_count(0)

    watcher = browser.new_context(base_url=live_server.url, locale="en-GB").new_page()
    watcher_errors = []
    watcher.on("pageerror", lambda error: watcher_errors.append(str(error)))
    sign_in(watcher, "player")
    watcher.goto(f"/campaigns/runs/{run.pk}/")
    expect(watcher.locator("#prompt")).to_contain_text("Waiting for the game master")
    expect(watcher.get_by_role("button", name="Auld Alliance wins the moment")).to_have_count(0)

    page.get_by_role("button", name="Auld Alliance wins the moment").click()
    expect(page.locator("#phase-1 tr.crucial_moment")).to_contain_text(
        "Auld Alliance wins the crucial moment (+5)"
    )
    expect(watcher.locator("#phase-1 tr.crucial_moment")).to_contain_text(
        "Auld Alliance wins the crucial moment", timeout=10_000
    )  # the watcher's page polls

    page.get_by_role("button", name="Resolve to the end").click()
    report = page.locator("#report")
    expect(report).to_contain_text("Final report", timeout=30_000)
    run.refresh_from_db()
    assert run.status == BattleRun.Status.FINISHED
    winner = getattr(battle, run.winner).name
    expect(report).to_contain_text(winner)
    expect(report).to_contain_text("Phases won:")
    expect(report.locator("table.casualties tbody tr")).to_have_count(2)
    expect(page.locator("#run progress.total-bar")).to_have_count(6)

    page.get_by_role("button", name="Confirm casualties").click()
    expect(page.locator("#report")).to_contain_text("Casualties confirmed on")
    run.refresh_from_db()
    assert run.casualties_confirmed_at is not None
    assert page.js_errors == []
    assert watcher_errors == []
    watcher.context.close()
