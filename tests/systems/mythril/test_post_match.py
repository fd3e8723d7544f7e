"""The post-match sequence with scripted dice: experience, the MVP (never a champion), a
level-up queued for the coach, injuries and the dead, winnings credited to the treasury as a
ledger transaction, the popularity roll; run once however often it is sent."""

import pytest
from django.core.exceptions import ValidationError

from core.refusals import Refused
from ledger.models import Transaction
from matches.models import Fixture
from rules_engine import Dice
from systems.mythril.models import LevelUp, Player, PostMatchRun, TeamProfile
from systems.mythril.selectors import gold_of
from systems.mythril.services.level_ups import level_up_choose
from systems.mythril.services.post_match import post_match_run
from tests.systems.mythril.helpers import enter_and_confirm, ids, kick_off, side

# home: MVP roll 1 (of 11), skill roll 3+3 (a double), winnings 4, popularity 5 (+1 win);
# away: MVP roll 1 (of 10), skill roll 1+2, winnings 6, popularity 1 (-1 loss)
SCRIPT = [1, 3, 3, 4, 5, 1, 1, 2, 6, 1]


@pytest.fixture
def played(fixture, coach, other_coach):
    kick_off(fixture)
    home, away = ids(fixture, "home"), ids(fixture, "away")
    enter_and_confirm(
        fixture,
        {
            "score": {"home": 2, "away": 1},
            "home": side(home, p0={"touchdowns": 2}, p2={"injury": "serious"}),
            "away": side(away, p0={"touchdowns": 1}, p1={"injury": "dead"}),
        },
        by=coach,
        confirm_by=other_coach,
    )
    return fixture


def test_the_sequence_writes_the_engines_outcome(played, home_team, away_team):
    gold = gold_of(home_team), gold_of(away_team)
    run = post_match_run(fixture_id=played.pk, dice=Dice.scripted(SCRIPT))
    assert run.status == "done"
    home = {p.number: p for p in Player.objects.filter(team=home_team)}
    away = {p.number: p for p in Player.objects.filter(team=away_team)}
    assert (home[1].spp, home[1].touchdowns, home[1].mvps) == (2 * 3 + 5, 2, 1)
    assert home[3].status == "injured"
    assert (away[1].spp, away[1].mvps) == (3 + 5, 1)
    assert away[2].status == "dead"
    level = LevelUp.objects.get(player=home[1])
    assert level.options["double"] is True
    assert level.options["categories"] == ["general", "agility", "strength", "passing"]
    assert LevelUp.objects.get(player=away[1]).options["categories"] == ["general"]
    assert gold_of(home_team) == gold[0] + (4 + 1) * 10_000
    assert gold_of(away_team) == gold[1] + (6 + 1) * 10_000
    assert TeamProfile.objects.get(team=home_team).popularity == 2
    assert TeamProfile.objects.get(team=away_team).popularity == 0
    assert [r["value"] for r in run.rolls] == SCRIPT
    assert run.log["home"]["mvp"] == str(home[1].pk)


def test_it_runs_once_however_often_it_is_sent(played, home_team):
    post_match_run(fixture_id=played.pk, dice=Dice.scripted(SCRIPT))
    gold = gold_of(home_team)
    again = post_match_run(fixture_id=played.pk, dice=Dice.scripted(SCRIPT))
    assert again.status == "done"
    assert gold_of(home_team) == gold
    assert PostMatchRun.objects.filter(fixture=played).count() == 1
    assert Transaction.objects.filter(reason="winnings", fixture=played).count() == 2
    assert LevelUp.objects.count() == 2


def test_a_champion_is_never_mvp(fixture, home_team, coach, other_coach):
    from systems.mythril.services.teams import player_hire
    from systems.mythril.services.treasury import Reason, treasury_credit

    treasury_credit(team=home_team, amount=500_000, reason=Reason.GRANT)
    griff = player_hire(team=home_team, user=coach, champion="Griff Oberwald")
    kick_off(fixture)
    home, away = ids(fixture, "home"), ids(fixture, "away")
    assert str(griff.pk) == home[-1]
    enter_and_confirm(
        fixture,
        {"score": {"home": 0, "away": 0}, "home": side(home), "away": side(away)},
        by=coach,
        confirm_by=other_coach,
    )
    run = post_match_run(fixture_id=fixture.pk, dice=Dice.scripted([11, 1, 1, 3, 1, 1, 3]))
    assert run.rolls[0]["die"] == "d11"  # twelve played, the champion not among the MVP draw
    assert run.log["home"]["mvp"] == home[10]
    assert Player.objects.get(pk=griff.pk).spp == 0


def test_the_coach_picks_a_skill_from_the_allowed_categories(played, home_team, coach, other_coach):
    post_match_run(fixture_id=played.pk, dice=Dice.scripted(SCRIPT))
    level = LevelUp.objects.get(player__team=home_team)
    with pytest.raises(Refused) as caught:
        level_up_choose(level_up=level, user=other_coach, kind="skill", value="Dodge")
    assert caught.value.status_code == 403
    with pytest.raises(Refused) as caught:
        level_up_choose(level_up=level, user=coach, kind="skill", value="Regeneration")
    assert caught.value.code == "skill_category"
    level_up_choose(level_up=level, user=coach, kind="skill", value="Dodge")
    assert Player.objects.get(pk=level.player_id).skills == ["Dodge"]
    with pytest.raises(Refused) as caught:
        level_up_choose(level_up=level, user=coach, kind="skill", value="Block")
    assert caught.value.code == "level_up_taken"


def test_a_big_guys_double_raises_strength_within_the_caps(home_team, coach):
    from systems.mythril.services.teams import player_hire
    from systems.mythril.services.treasury import Reason, treasury_credit

    treasury_credit(team=home_team, amount=500_000, reason=Reason.GRANT)
    ogre = player_hire(team=home_team, user=coach, position="Ogre")
    options = {
        "dice": [4, 4],
        "double": True,
        "categories": ["general", "strength"],
        "characteristics": [],
        "big_guy_choices": ["st", "av", "drop_skill"],
    }
    first, second, third = (
        LevelUp.objects.create(player=ogre, level=n, options=options) for n in (1, 2, 3)
    )
    level_up_choose(level_up=first, user=coach, kind="big_guy", value="st")
    level_up_choose(level_up=second, user=coach, kind="big_guy", value="st")
    assert Player.objects.get(pk=ogre.pk).profile["st"] == 5 + 2
    with pytest.raises(Refused) as caught:
        level_up_choose(level_up=third, user=coach, kind="big_guy", value="st")
    assert caught.value.code == "gain_cap"
    level_up_choose(
        level_up=third, user=coach, kind="big_guy", value="drop_skill", skill="Bone-head"
    )
    assert "Bone-head" not in Player.objects.get(pk=ogre.pk).skills


def test_the_next_match_waits_for_the_post_match_sequence(played, home_team, away_team):
    """A sheet frozen before the sequence ran would let the next match's sequence write the
    old star player points, injuries and deaths back over it."""
    second = Fixture.objects.create(
        season=played.season, round=2, home=away_team, away=home_team, kickoff=played.kickoff
    )
    with pytest.raises(ValidationError) as caught:
        kick_off(second)
    assert "not carried over yet" in str(caught.value)
    assert Fixture.objects.get(pk=second.pk).status == Fixture.Status.SCHEDULED

    post_match_run(fixture_id=played.pk, dice=Dice.scripted(SCRIPT))
    kick_off(second)

    assert second.status == Fixture.Status.LOCKED
    sheet = {player["id"]: player for player in second.away_sheet["players"]}
    assert sheet[ids(played, "home")[0]]["spp"] == 2 * 3 + 5  # as the sequence left it


def _earlier_level_up(player_id: str, **options) -> LevelUp:
    """A level-up of an earlier match, still to pick."""
    roll = {"dice": [5, 5], "double": True, "categories": ["general"], "characteristics": []}
    return LevelUp.objects.create(
        player_id=int(player_id), level=1, options={**roll, "big_guy_choices": [], **options}
    )


def _played_from_the_sheet(fixture, coach, other_coach, **home_lines):
    """The ``played`` match's result on a fixture kicked off already, ``home_lines`` for the
    home side's players besides the two touchdowns."""
    home, away = ids(fixture, "home"), ids(fixture, "away")
    enter_and_confirm(
        fixture,
        {
            "score": {"home": 2, "away": 1},
            "home": side(home, p0={"touchdowns": 2}, **home_lines),
            "away": side(away, p0={"touchdowns": 1}, p1={"injury": "dead"}),
        },
        by=coach,
        confirm_by=other_coach,
    )


def test_a_skill_picked_after_the_kick_off_survives_the_sequence(fixture, coach, other_coach):
    """The sequence starts from the sheet frozen at kick-off: a skill picked since (an earlier
    match's level-up) stays, and what the sequence gives is added to it."""
    kick_off(fixture)
    player_id = ids(fixture, "home")[2]
    skills = Player.objects.get(pk=player_id).skills
    level_up_choose(level_up=_earlier_level_up(player_id), user=coach, kind="skill", value="Block")
    _played_from_the_sheet(fixture, coach, other_coach, p2={"injury": "niggling"})

    post_match_run(fixture_id=fixture.pk, dice=Dice.scripted(SCRIPT))

    player = Player.objects.get(pk=player_id)
    assert player.skills == [*skills, "Block", "Niggling Injury"]
    assert player.status == "injured"
    scorer = Player.objects.get(pk=ids(fixture, "home")[0])
    assert (scorer.spp, scorer.levels_taken) == (2 * 3 + 5, 1)


def test_a_characteristic_raised_after_the_kick_off_survives_a_loss(fixture, coach, other_coach):
    """A characteristic the coach raised since the kick-off is kept; the one the match cost
    is taken from the profile as it is now."""
    kick_off(fixture)
    player_id = ids(fixture, "home")[2]
    start = Player.objects.get(pk=player_id).profile
    level_up = _earlier_level_up(player_id, characteristics=["av"])
    level_up_choose(level_up=level_up, user=coach, kind="characteristic", value="av")
    _played_from_the_sheet(fixture, coach, other_coach, p2={"injury": "ma_loss"})

    post_match_run(fixture_id=fixture.pk, dice=Dice.scripted(SCRIPT))

    profile = Player.objects.get(pk=player_id).profile
    assert profile == {**start, "ma": start["ma"] - 1, "av": start["av"] + 1}


def test_popularity_changed_after_the_kick_off_keeps_the_change(played, home_team, away_team):
    """The popularity roll's change goes on the popularity as it is now, not the sheet's."""
    TeamProfile.objects.filter(team=home_team).update(popularity=3)
    TeamProfile.objects.filter(team=away_team).update(popularity=0)

    post_match_run(fixture_id=played.pk, dice=Dice.scripted(SCRIPT))

    assert TeamProfile.objects.get(team=home_team).popularity == 3 + 1
    assert TeamProfile.objects.get(team=away_team).popularity == 0  # never below 0
