"""Casualties confirmed by the game master reduce the armies' head counts exactly once, and
the armies' histories keep the head counts before and after."""

import pytest
from django.core.exceptions import PermissionDenied, ValidationError

from battles import services
from battles.models import ArmyEvent, BattleRun
from tests.battles.factories import siege

pytestmark = pytest.mark.django_db

SEED = 20240601


@pytest.fixture
def finished(battle, game_master):
    run = services.run_start(battle=battle, user=game_master, seed=SEED)
    return services.run_resolve(run_id=run.pk)


def head_counts(army):
    return dict(army.troops.values_list("name", "count"))


def wounded(army):
    return dict(army.troops.values_list("name", "wounded"))


def test_confirmed_casualties_leave_the_head_counts_once(finished, game_master, hunt, alliance):
    losses = finished.report["casualties"]
    before = {"attacker": head_counts(hunt), "defender": head_counts(alliance)}

    services.casualties_confirm(run_id=finished.pk, user=game_master)
    again = services.casualties_confirm(run_id=finished.pk, user=game_master)

    assert again.casualties_confirmed_at is not None
    for side, army in (("attacker", hunt), ("defender", alliance)):
        after = head_counts(army)
        lost = sum(before[side].values()) - sum(after.values())
        assert lost == losses[side]["casualties"]  # dead and wounded leave the card
        assert sum(wounded(army).values()) == losses[side]["wounded"]
        events = army.events.filter(kind=ArmyEvent.Kind.CASUALTIES)
        assert events.count() == 1  # confirmed twice, applied once
        detail = events.get().detail
        assert (detail["dead"], detail["wounded"]) == (
            losses[side]["dead"],
            losses[side]["wounded"],
        )
        assert {line["name"]: (line["before"], line["after"]) for line in detail["troops"]} == {
            name: (before[side][name], after[name]) for name in after
        }


def test_casualties_fall_on_troops_in_proportion(finished, game_master, alliance):
    services.casualties_confirm(run_id=finished.pk, user=game_master)

    lines = alliance.events.get(kind="casualties").detail["troops"]
    dead = {line["name"]: line["dead"] for line in lines}
    assert dead["Militia"] >= dead["Golems"]  # 30 against 7 soldiers
    assert all(line["after"] == line["before"] - line["dead"] - line["wounded"] for line in lines)


@pytest.mark.parametrize("persona", ["player", "other_player", "stranger"])
def test_only_the_game_master_confirms_casualties(request, finished, alliance, persona):
    before = head_counts(alliance)

    with pytest.raises(PermissionDenied):
        services.casualties_confirm(run_id=finished.pk, user=request.getfixturevalue(persona))

    assert head_counts(alliance) == before
    assert BattleRun.objects.get(pk=finished.pk).casualties_confirmed_at is None
    assert not ArmyEvent.objects.filter(kind="casualties").exists()


def test_casualties_wait_for_the_end_of_the_battle(battle, game_master):
    run = services.run_start(battle=battle, user=game_master, seed=SEED)

    with pytest.raises(ValidationError) as caught:
        services.casualties_confirm(run_id=run.pk, user=game_master)
    assert list(caught.value.message_dict) == ["run"]


def test_a_battle_without_casualties_has_none_to_confirm(campaign, game_master, hunt, alliance):
    battle = siege(
        campaign, user=game_master, attacker=hunt, defender=alliance, options={"casualties": "off"}
    )
    run = services.run_resolve(run_id=services.run_start(battle=battle, user=game_master).pk)

    with pytest.raises(ValidationError) as caught:
        services.casualties_confirm(run_id=run.pk, user=game_master)
    assert list(caught.value.message_dict) == ["casualties"]


def test_a_battle_fought_gives_its_casualties_once_and_is_not_fought_again(
    finished, battle, game_master, alliance
):
    services.casualties_confirm(run_id=finished.pk, user=game_master)
    before = head_counts(alliance)

    with pytest.raises(ValidationError) as caught:
        services.run_start(battle=battle, user=game_master)

    assert list(caught.value.message_dict) == ["battle"]
    assert battle.runs.count() == 1 and head_counts(alliance) == before


def test_a_second_run_beside_an_unfinished_one_gives_no_second_casualties(
    battle, game_master, alliance
):
    first = services.run_start(battle=battle, user=game_master, seed=SEED)
    second = services.run_start(battle=battle, user=game_master, seed=SEED + 1)
    services.run_resolve(run_id=first.pk)
    services.casualties_confirm(run_id=first.pk, user=game_master)
    before = head_counts(alliance)

    with pytest.raises(ValidationError) as caught:
        services.casualties_confirm(
            run_id=services.run_resolve(run_id=second.pk).pk, user=game_master
        )

    assert list(caught.value.message_dict) == ["run"]
    assert head_counts(alliance) == before


def test_casualties_apply_to_the_troops_that_fought(finished, game_master, player, alliance):
    # given a troop joined the army after the battle
    services.troop_add(army=alliance, user=player, name="Late recruits", dc=12, count=50)

    services.casualties_confirm(run_id=finished.pk, user=game_master)

    assert head_counts(alliance)["Late recruits"] == 50
    names = [line["name"] for line in alliance.events.get(kind="casualties").detail["troops"]]
    assert "Late recruits" not in names


@pytest.mark.parametrize(
    ("total", "weights", "shares"),
    [
        (10, [30, 30, 14, 7, 3, 10], [3, 3, 2, 1, 0, 1]),
        (0, [5, 5], [0, 0]),
        (7, [1, 1], [1, 1]),  # never more than a troop has
        (3, [0, 4], [0, 3]),
        (1, [2, 2], [1, 0]),  # ties: the earlier line
        (5, [], []),
    ],
)
def test_spread_is_proportional_and_bounded(total, weights, shares):
    assert services.spread(total, weights) == shares
