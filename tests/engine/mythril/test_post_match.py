"""The post-match sequence with scripted dice: experience, MVP, level-ups, injuries, the
apothecary, winnings, popularity, forfeits.

Roll order per team (home first): the apothecary's end-of-match attempt, the MVP, each
level's skill roll (2D6, roster order), the winnings D6, the popularity D6.
"""

from __future__ import annotations

from typing import Any

import pytest

from rules_engine.dice import Dice
from rules_engine.errors import InvalidInput
from rules_engine.mythril import MatchReport, MythrilSettings, Pair, Side, post_match

TROLL = {"ma": 4, "st": 5, "ag": 1, "av": 9}


def roster_player(pid: str, **extra: Any) -> dict[str, Any]:
    return {"id": pid, "name": f"Player {pid}", "position": "Lineman", "race": "Orc", **extra}


def side(players, stats, *, popularity=3, **extra):
    return {"players": players, "stats": stats, "popularity": popularity, **extra}


def home_side():
    return side(
        [
            roster_player("h1", spp=4),
            roster_player("h2", champion=True, position="Varag"),
            roster_player("h3", big_guy=True, spp=8, start=TROLL, position="Troll"),
        ],
        [
            {"player": "h1", "touchdowns": 2},
            {"player": "h2"},
            {"player": "h3", "casualties": 1},
        ],
    )


def away_side(**extra):
    return side(
        [
            roster_player("a1"),
            roster_player("a2", spp=30),
            roster_player("a3", start={"ma": 5, "st": 3, "ag": 3, "av": 9}),
            roster_player("a4", miss_next_match=True),
        ],
        [
            {"player": "a1", "touchdowns": 1, "completions": 1, "interceptions": 1},
            {"player": "a2", "injury": "dead"},
            {"player": "a3", "injury": "st_loss"},
            {"player": "a4", "played": False},
        ],
        popularity=2,
        **extra,
    )


def report(**extra):
    data = {"home": home_side(), "away": away_side(), "score": {"home": 2, "away": 1}} | extra
    return MatchReport.from_dict(data)


def test_a_won_match_experience_mvp_levels_winnings_popularity():
    dice = Dice.scripted(
        [
            2,  # home MVP: d2 among h1, h3 (the champion h2 is never eligible) -> h3
            3,
            4,  # h1's level 1 (4 + 2 TD x 3 = 10 >= 6)
            5,
            5,  # h3's level 1 (8 + 2 + 5 = 15 >= 11): a double, a big guy's choices
            4,  # home winnings
            5,  # home popularity: 5 + 1 (win) = 6 -> +1
            1,  # away MVP: d2 among a1, a3 (a2 died) -> a1
            2,
            3,  # a1's level 1 (3 + 1 + 2 + 5 = 11) and level 2 (>= 6, < 16)? see below
            1,  # away winnings
            1,  # away popularity: 1 - 1 (defeat) = 0 -> -1
        ]
    )
    outcome = post_match(dice, report())
    home, away = outcome.home, outcome.away
    assert outcome.points == Pair(3, 0) and outcome.winner is Side.HOME and outcome.sequence
    assert dict(home.spp) == {"h1": 6, "h3": 2 + 5}
    assert home.mvp == "h3"
    assert [(level.player, level.level) for level in home.levels] == [("h1", 1), ("h3", 1)]
    troll_roll = home.levels[1].roll
    assert (
        troll_roll.double and troll_roll.big_guy_choices and troll_roll.categories == ("general",)
    )
    players = {player.id: player for player in home.players}
    assert players["h1"].spp == 10 and players["h1"].levels == 1
    assert players["h2"].spp == 0  # champions earn no star player points
    assert players["h3"].spp == 15 and players["h3"].levels == 1
    assert home.winnings == (4 + 3) * 10_000
    assert (home.popularity_roll, home.popularity_modifier, home.popularity) == (5, 1, 4)
    assert away.mvp == "a1" and dict(away.spp) == {"a1": 3 + 1 + 2 + 5}
    assert [(level.player, level.level) for level in away.levels] == [("a1", 1)]
    assert away.dead == ("a2",)
    after = {player.id: player for player in away.players}
    assert set(after) == {"a1", "a3", "a4"}
    assert after["a3"].miss_next_match and after["a3"].profile is not None
    assert after["a3"].profile.st == 2 and after["a3"].start is not None
    assert after["a3"].start.st == 3
    assert after["a4"].miss_next_match is False  # he sat this one out
    assert away.winnings == (1 + 2) * 10_000
    assert (away.popularity_modifier, away.popularity_change, away.popularity) == (-1, -1, 1)
    purposes = [roll["purpose"]["code"] for roll in outcome.rolls]
    assert purposes == [
        "mvp",
        "skill_roll",
        "skill_roll",
        "skill_roll",
        "skill_roll",
        "winnings",
        "popularity",
        "mvp",
        "skill_roll",
        "skill_roll",
        "winnings",
        "popularity",
    ]


def test_the_mvp_is_never_a_champion():
    for seed in range(40):
        outcome = post_match(Dice(seed=seed), report())
        assert outcome.home.mvp in {"h1", "h3"}
        assert outcome.away.mvp in {"a1", "a3"}


def test_the_sequence_replays_from_its_seed():
    first = post_match(Dice(seed=11), report()).to_dict()
    assert post_match(Dice(seed=11), report()).to_dict() == first


def test_several_levels_at_once_are_all_queued():
    data = home_side()
    data["players"][0]["spp"] = 14
    data["stats"][0]["touchdowns"] = 2  # 14 + 6 = 20 -> levels 1 (6) and 2 (16)
    result = MatchReport.from_dict(
        {"home": data, "away": away_side(), "score": {"home": 2, "away": 1}}
    )
    dice = Dice.scripted([1, 1, 2, 3, 4, 6, 6, 1, 1] + [1] * 10)
    outcome = post_match(dice, result)
    assert [(level.player, level.level) for level in outcome.home.levels] == [("h1", 1), ("h1", 2)]


def test_the_beginner_apothecary_heals_a_serious_injury_on_3_at_the_end():
    healed = away_side(apothecary="beginner", apothecary_target="a3")
    result = report(away=healed)
    # home: MVP h1, h1's level (2D6), winnings, popularity; away: the apothecary's D6 (3),
    # MVP a1, a1's level, winnings, popularity
    dice = Dice.scripted([1, 1, 1, 1, 1, 3, 1, 2, 3, 1, 1])
    outcome = post_match(dice, result)
    assert outcome.away.healed == "a3"
    a3 = next(player for player in outcome.away.players if player.id == "a3")
    assert not a3.miss_next_match and a3.profile is not None and a3.profile.st == 3
    failed = post_match(Dice.scripted([1, 1, 1, 1, 1, 2, 1, 2, 3, 1, 1]), result)
    assert failed.away.healed is None


def test_an_apothecary_that_acted_or_a_dead_target_is_refused():
    used = report(
        away=away_side(apothecary="beginner", apothecary_used=True, apothecary_target="a3")
    )
    with pytest.raises(InvalidInput) as caught:
        post_match(Dice(seed=1), used)
    assert caught.value.field == "result.away.apothecary_target"
    dead = report(away=away_side(apothecary="real", apothecary_target="a2"))
    with pytest.raises(InvalidInput):
        post_match(Dice(seed=1), dead)


def forfeit_report(**extra):
    return report(forfeit="away", unfinished_halves=2, **extra)


def test_a_forfeit_after_play_gives_the_penalty_touchdowns_experience_to_the_winners_choice():
    home = home_side() | {"penalty_touchdowns": ["h1", "h3"]}
    result = report(home=home, forfeit="away", unfinished_halves=2)
    outcome = post_match(Dice(seed=3), result)
    assert outcome.score == Pair(4, 1) and outcome.points == Pair(3, 0)
    gained = dict(outcome.home.spp)
    mvp_bonus = {outcome.home.mvp: 5}
    assert gained["h1"] == 6 + 3 + mvp_bonus.get("h1", 0)
    assert gained["h3"] == 2 + 3 + mvp_bonus.get("h3", 0)
    assert outcome.away.popularity_modifier == -3  # -1 for the defeat, -2 for the forfeit
    assert outcome.home.popularity_modifier == 1
    assert not outcome.bets_cancelled


@pytest.mark.parametrize("chosen", [[], ["h1"], ["h1", "h1"], ["h1", "h2"], ["h1", "zz"]])
def test_the_winner_names_one_different_player_per_unfinished_half(chosen):
    home = home_side() | {"penalty_touchdowns": chosen}
    with pytest.raises(InvalidInput) as caught:
        post_match(Dice(seed=3), report(home=home, forfeit="away", unfinished_halves=2))
    assert caught.value.field in {
        "result.home.penalty_touchdowns",
        "result.home.penalty_touchdowns.1",
    }


def test_a_forfeit_without_any_turn_played_has_no_sequence_and_cancels_bets():
    empty_home = side([roster_player("h1")], [])
    empty_away = side([roster_player("a1")], [], popularity=2)
    result = MatchReport.from_dict(
        {
            "home": empty_home,
            "away": empty_away,
            "score": {"home": 0, "away": 0},
            "forfeit": "home",
            "unfinished_halves": 2,
            "turns_played": False,
        }
    )
    outcome = post_match(Dice.scripted([2]), result)
    assert not outcome.sequence and outcome.bets_cancelled
    assert outcome.points == Pair(0, 3) and outcome.score == Pair(0, 2)
    assert outcome.home.popularity_modifier == -3 and outcome.home.popularity_change == -1
    assert outcome.away.popularity_roll is None and outcome.away.winnings == 0
    assert outcome.home.mvp is None and outcome.away.mvp is None
    assert [roll["purpose"] for roll in outcome.rolls] == [{"code": "popularity", "side": "home"}]


def test_league_settings_change_winnings_and_draw_points():
    settings = MythrilSettings.from_dict({"winnings_unit": 5_000, "points": {"draw": 2}})
    drawn = report(
        score={"home": 1, "away": 1},
        home=home_side() | {"stats": [{"player": "h1", "touchdowns": 1}]},
    )
    outcome = post_match(Dice(seed=2), drawn, settings)
    assert outcome.points == Pair(2, 2) and outcome.winner is None
    roll = next(
        r["value"] for r in outcome.rolls if r["purpose"] == {"code": "winnings", "side": "home"}
    )
    assert outcome.home.winnings == (roll + 3) * 5_000


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"score": {"home": 3, "away": 1}}, "result.home.stats"),
        ({"away": away_side() | {"stats": [{"player": "nobody"}]}}, "result.away.stats.0.player"),
        ({"unfinished_halves": 1}, "result.forfeit"),
        ({"forfeit": "both"}, "result.forfeit"),
    ],
)
def test_bad_reports_name_the_field(change, field):
    data = {"home": home_side(), "away": away_side(), "score": {"home": 2, "away": 1}} | change
    with pytest.raises(InvalidInput) as caught:
        MatchReport.from_dict(data)
    assert caught.value.field == field
