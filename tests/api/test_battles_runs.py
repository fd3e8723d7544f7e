"""Battles API: battles, odds and runs (start, step, decide, resolve, confirm casualties);
each role on each write endpoint, and the run as the battle page reads it."""
# ruff: noqa: F811 - the battle fixtures are imported from tests.battles.fixtures

import pytest

from battles import services
from battles.models import Battle, BattleRun
from tests.api.conftest import ANONYMOUS, assert_error, refused_status
from tests.battles.fixtures import (  # noqa: F401
    alliance,
    battle,
    campaign,
    game_master,
    hunt,
    other_player,
    player,
)

pytestmark = pytest.mark.django_db

NOT_GAME_MASTER = ["player", "other_player", "stranger", ANONYMOUS]
SEED = 20240601


@pytest.fixture
def paused(battle, game_master):
    """A run of the text's battle waiting for the crucial moment of phase 1."""
    run = services.run_start(battle=battle, user=game_master, seed=SEED)
    while run.pending is None:
        run = services.run_step(run_id=run.pk, user=game_master)
    return run


@pytest.fixture
def finished(battle, game_master):
    run = services.run_start(battle=battle, user=game_master, seed=SEED)
    return services.run_resolve(run_id=run.pk)


# --- battles --------------------------------------------------------------------------------


def test_a_battle_shows_both_cards_and_each_phase_dc(api_as, battle):
    body = api_as(None).get(f"/api/v1/battles/{battle.pk}/").json()

    assert body["ready"] is True and body["errors"] == {}
    assert (body["sr"], body["engaged"]) == (10, 294)
    assert body["cards"]["defender"]["dc"] == 18 and body["cards"]["attacker"]["dc"] == 18
    phase3 = body["phases"][2]
    assert phase3["skill"] is None
    assert phase3["sides"]["attacker"]["dc"] == 17  # surprise -1
    assert phase3["sides"]["defender"]["modifiers"][0]["key"] == "enemy_card"
    assert body["runs"] == []


def test_the_game_master_plans_a_battle(api_as, game_master, campaign, hunt, alliance):
    response = api_as(game_master).post(
        "/api/v1/battles/",
        {
            "campaign": campaign.pk,
            "name": "Ambush",
            "attacker": alliance.pk,
            "defender": hunt.pk,
            "circumstances": {"attacker": {"1": {"surprise": 2}}},
        },
        format="json",
    )

    assert response.status_code == 201, response.content
    assert response.json()["phases"][0]["sides"]["attacker"]["modifiers"][2]["value"] == -2


def test_a_battle_setting_error_names_the_engine_field(
    api_as, game_master, campaign, hunt, alliance
):
    response = api_as(game_master).post(
        "/api/v1/battles/",
        {
            "campaign": campaign.pk,
            "name": "Ambush",
            "attacker": alliance.pk,
            "defender": hunt.pk,
            "options": {"phase3_skill": "luck"},
        },
        format="json",
    )

    assert_error(response, 400, "options.phase3_skill")


@pytest.mark.parametrize("persona", NOT_GAME_MASTER)
def test_only_the_game_master_plans_and_changes_battles(
    client_for, persona, campaign, hunt, alliance, battle
):
    client = client_for(persona)

    created = client.post(
        "/api/v1/battles/",
        {"campaign": campaign.pk, "name": "Ambush", "attacker": alliance.pk, "defender": hunt.pk},
    )
    changed = client.patch(f"/api/v1/battles/{battle.pk}/", {"name": "Renamed"})

    assert_error(created, refused_status(persona))
    assert_error(changed, refused_status(persona))
    assert list(Battle.objects.values_list("name", flat=True)) == ["Siege of the fortress"]


@pytest.mark.parametrize(
    ("persona", "expected"),
    [("game_master", 200), ("player", 200), ("stranger", 200), (ANONYMOUS, 401)],
)
def test_signed_in_users_estimate_the_odds(client_for, persona, expected, battle):
    response = client_for(persona).post(f"/api/v1/battles/{battle.pk}/odds/", {"n": 500, "seed": 1})

    assert response.status_code == expected, response.content
    if expected == 200:
        body = response.json()
        assert body["n"] == 500 and set(body["phase_win"]) == {"1", "2", "3"}


def test_odds_refuse_too_many_battles(api_as, stranger, battle):
    response = api_as(stranger).post(f"/api/v1/battles/{battle.pk}/odds/", {"n": 10**9})

    assert_error(response, 400, "n")


# --- runs -----------------------------------------------------------------------------------


def test_the_game_master_starts_a_run(api_as, game_master, battle):
    response = api_as(game_master).post("/api/v1/runs/", {"battle": battle.pk, "seed": SEED})

    assert response.status_code == 201, response.content
    body = response.json()
    assert body["run"]["seed"] == SEED and body["run"]["status"] == "running"
    assert [phase["state"] for phase in body["phases"]] == ["under_way", "to_come", "to_come"]
    assert body["phases"][0]["rounds"] == 0 and body["rolls"] == []
    assert body["names"] == {"attacker": "Wild Hunt", "defender": "Auld Alliance"}


def test_a_run_of_a_battle_with_card_errors_is_refused(
    api_as, game_master, player, battle, alliance
):
    services.troop_update(troop=alliance.troops.get(name="Skelligers"), user=player, phase=3)

    response = api_as(game_master).post("/api/v1/runs/", {"battle": battle.pk})

    assert_error(response, 400, "defender.troops.1.phase")
    assert not BattleRun.objects.exists()


@pytest.mark.parametrize("persona", NOT_GAME_MASTER)
def test_only_the_game_master_starts_a_run(client_for, persona, battle):
    response = client_for(persona).post("/api/v1/runs/", {"battle": battle.pk})

    assert_error(response, refused_status(persona))
    assert not BattleRun.objects.exists()


def test_a_run_is_stepped_through_its_crucial_moment(api_as, game_master, battle):
    client = api_as(game_master)
    run_id = client.post("/api/v1/runs/", {"battle": battle.pk, "seed": SEED}).json()["run"]["id"]

    body = client.post(f"/api/v1/runs/{run_id}/step/").json()
    while body["pending"] is None:
        body = client.post(f"/api/v1/runs/{run_id}/step/").json()
    refused = client.post(f"/api/v1/runs/{run_id}/step/")
    decided = client.post(f"/api/v1/runs/{run_id}/crucial-moment/", {"winner": "defender"})

    assert body["run"]["status"] == "paused"
    assert body["pending"]["decision"] == "crucial_moment" and body["pending"]["phase"] == 1
    assert_error(refused, 400, "run")
    assert decided.status_code == 200, decided.content
    phase1 = decided.json()["phases"][0]
    assert phase1["crucial_moment"] == {"winner": "defender"}
    assert phase1["events"][-1]["kind"] == "crucial_moment"
    round_one = phase1["events"][0]
    assert round_one["kind"] == "round" and "natural" in round_one["attacker"]


@pytest.mark.parametrize("persona", NOT_GAME_MASTER)
def test_only_the_game_master_drives_a_run(client_for, persona, paused):
    client = client_for(persona)
    before = BattleRun.objects.values("version", "status").get(pk=paused.pk)

    responses = [
        client.post(f"/api/v1/runs/{paused.pk}/step/"),
        client.post(f"/api/v1/runs/{paused.pk}/crucial-moment/", {"winner": "attacker"}),
        client.post(f"/api/v1/runs/{paused.pk}/skip-crucial-moment/"),
        client.post(f"/api/v1/runs/{paused.pk}/phase3-skill/", {"skill": "tactics"}),
        client.post(f"/api/v1/runs/{paused.pk}/resolve/"),
    ]

    for response in responses:
        assert_error(response, refused_status(persona))
    assert BattleRun.objects.values("version", "status").get(pk=paused.pk) == before


def test_the_game_master_skips_a_crucial_moment(api_as, game_master, paused):
    body = api_as(game_master).post(f"/api/v1/runs/{paused.pk}/skip-crucial-moment/").json()

    assert body["phases"][0]["crucial_moment"] == "skipped"


def test_a_bad_decision_names_its_field(api_as, game_master, paused):
    client = api_as(game_master)

    assert_error(
        client.post(f"/api/v1/runs/{paused.pk}/crucial-moment/", {"winner": "x"}), 400, "winner"
    )
    assert_error(
        client.post(f"/api/v1/runs/{paused.pk}/phase3-skill/", {"skill": "tactics"}), 400, "skill"
    )


def test_resolve_answers_202_and_the_worker_finishes_the_run(
    api_as, game_master, paused, django_capture_on_commit_callbacks
):
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        response = api_as(game_master).post(f"/api/v1/runs/{paused.pk}/resolve/")

    assert response.status_code == 202, response.content
    assert response["Location"].endswith(f"/api/v1/runs/{paused.pk}/")
    assert response.json()["run"]["resolve_requested_at"] is not None
    assert len(callbacks) == 1
    done = api_as(None).get(f"/api/v1/runs/{paused.pk}/").json()
    assert done["run"]["status"] == "finished" and done["winner"] in ("attacker", "defender")
    assert done["report"]["winner"] == done["winner"]


@pytest.mark.parametrize("persona", NOT_GAME_MASTER)
def test_only_the_game_master_confirms_casualties(client_for, persona, finished, alliance):
    before = dict(alliance.troops.values_list("name", "count"))

    response = client_for(persona).post(f"/api/v1/runs/{finished.pk}/confirm-casualties/")

    assert_error(response, refused_status(persona))
    assert dict(alliance.troops.values_list("name", "count")) == before


def test_casualties_confirmed_twice_are_applied_once(api_as, game_master, finished, alliance):
    client = api_as(game_master)

    first = client.post(f"/api/v1/runs/{finished.pk}/confirm-casualties/")
    after_first = dict(alliance.troops.values_list("name", "count"))
    second = client.post(f"/api/v1/runs/{finished.pk}/confirm-casualties/")

    assert first.status_code == second.status_code == 200
    assert first.json()["casualties_to_confirm"] is False
    assert dict(alliance.troops.values_list("name", "count")) == after_first
    assert sum(after_first.values()) == 94 - finished.report["casualties"]["defender"]["casualties"]
    history = client.get(f"/api/v1/armies/{alliance.pk}/history/").json()
    assert [event["kind"] for event in history] == ["created", "casualties"]


def test_runs_list_without_their_state_and_filter(api_as, paused, finished, battle):
    body = api_as(None).get("/api/v1/runs/", {"battle": battle.pk, "status": "finished"}).json()

    assert [run["id"] for run in body["results"]] == [finished.pk]
    assert "state" not in body["results"][0] and "rolls" not in body["results"][0]


def test_an_unknown_run_is_404(api_as, game_master):
    assert_error(api_as(game_master).post("/api/v1/runs/999999/step/"), 404)
    assert_error(api_as(None).get("/api/v1/runs/999999/"), 404)
