"""post_match_run with scripted dice: every step applied to the rows, once."""

import pytest

from matches.table_results.services import report_confirm, report_enter
from systems.killpower.models import Gladiator, GladiatorEvent, PostMatchRun
from systems.killpower.services.post_match import post_match_run, post_match_sweep
from systems.killpower.tasks import post_match_task
from tests.factories import ranking_points, set_ranking_points
from tests.systems.killpower.helpers import play, report

pytestmark = pytest.mark.django_db

PLAYED = [f"Titanos {i}" for i in range(1, 7)]  # Titanos 7 sits the match out
HOME = {
    "played": PLAYED,
    "comas": [
        {"gladiator": "Titanos 2", "state": -11},  # location rolled after the match
        {"gladiator": "Titanos 3", "state": -12},
    ],
    "badly_wounded": ["Titanos 4"],
}
# Titanos 2's location 9: left leg, -11 is a coma; Titanos 3's 4: head, dead; Titanos 5's new
# magic armour: 1D10 = 6, so 1D5 = 3 and armour 9. Viking rolls nothing.
ROLLS = [9, 4, 6]


@pytest.fixture
def confirmed(kp_fixture, coach, other_coach, monkeypatch):
    """Titanos beat Viking 3-0; the post-match task has not run yet."""
    monkeypatch.setattr("matches.tasks.post_match_task.delay", lambda fixture_id: None)
    entered = report_enter(
        fixture=kp_fixture,
        user=coach,
        result=report(3, 0, home=HOME),
        decisions={"home": {"redraw": {"Titanos 5": "magic_armour"}}},
    )
    return report_confirm(report=entered, user=other_coach)


def by_name(team):
    return {g.name: g for g in team.gladiators.all()}


def test_the_whole_sequence_is_applied(confirmed, kp_fixture, titanos, viking, script_dice):
    script_dice("matches.table_results.post_match", ROLLS)

    run = post_match_run(fixture_id=kp_fixture.pk)

    titanos.refresh_from_db()
    viking.refresh_from_db()
    # ranking points: a win at equal powers is +3; the loser cannot go below 0
    assert (ranking_points(titanos), ranking_points(viking)) == (3, 0)
    glads = by_name(titanos)
    # death risk: Titanos 2 survives his coma, Titanos 3 dies and leaves the team
    assert glads["Titanos 2"].status == Gladiator.Status.COMA
    dead = glads["Titanos 3"]
    assert dead.status == Gladiator.Status.DEAD and dead.died_at is not None
    # a recruit takes his place (number 3), a warrior with combat gloves like him
    recruit = glads["Recruit 1"]
    assert (recruit.number, recruit.specialization, recruit.equipment) == (
        3,
        "warrior",
        {"kind": "combat_gloves"},
    )
    assert titanos.gladiators.exclude(status="dead").count() == 7
    # +5 XP for those who played and live; not for Titanos 7, the dead or the recruit
    assert {n: g.xp for n, g in glads.items()} == {
        "Titanos 1": 5, "Titanos 2": 5, "Titanos 3": 0, "Titanos 4": 5, "Titanos 5": 5,
        "Titanos 6": 5, "Titanos 7": 0, "Recruit 1": 0,
    }  # fmt: skip
    assert {g.xp for g in viking.gladiators.all()} == {5}
    # the badly wounded and the fit
    assert glads["Titanos 4"].status == Gladiator.Status.BADLY_WOUNDED
    assert glads["Titanos 1"].status == glads["Titanos 7"].status == Gladiator.Status.FIT
    # the coach's redraw: a magic armour of 9
    assert glads["Titanos 5"].equipment == {"kind": "magic_armour", "armour": 9}
    # everything rolled is stored, with the seed
    assert run.rolls == [
        {"die": "d10", "value": 9, "purpose": "death risk location Titanos 2"},
        {"die": "d10", "value": 4, "purpose": "death risk location Titanos 3"},
        {"die": "d10", "value": 6, "purpose": "magic armour Titanos 5"},
    ]
    assert run.log["home"]["log"]["ranking"] == {"before": 0, "change": 3, "after": 3}
    assert run.log["away"]["outcome"] == "loss"


def test_each_step_is_in_the_gladiators_history(confirmed, kp_fixture, titanos, script_dice):
    script_dice("matches.table_results.post_match", ROLLS)
    post_match_run(fixture_id=kp_fixture.pk)
    glads = by_name(titanos)

    def kinds(name):
        return [e.kind for e in glads[name].events.order_by("pk")]

    assert kinds("Titanos 3") == ["created", "played", "coma", "death_risk", "died"]
    assert kinds("Titanos 2") == ["created", "played", "coma", "death_risk", "xp"]
    assert kinds("Titanos 5") == ["created", "played", "xp", "equipment"]
    assert kinds("Titanos 7") == ["created"]
    assert kinds("Recruit 1") == ["recruited"]
    risk = glads["Titanos 3"].events.get(kind=GladiatorEvent.Kind.DEATH_RISK)
    assert (risk.detail["location"], risk.detail["fate"], risk.fixture) == (
        "head",
        "dead",
        kp_fixture,
    )
    assert risk.detail["rolls"] == [
        {"die": "d10", "value": 4, "purpose": "death risk location Titanos 3"}
    ]
    recruited = glads["Recruit 1"].events.get()
    assert recruited.detail["replaces"] == "Titanos 3"


def test_tom_at_minus_eleven_on_a_limb_is_only_in_a_coma(
    kp_fixture, coach, other_coach, titanos, script_dice, run_on_commit
):
    # 9.2: Tom falls to -11; after the match the location roll gives a limb: a coma, he lives.
    titanos.gladiators.filter(name="Titanos 1").update(name="Tom")
    entered = report_enter(
        fixture=kp_fixture,
        user=coach,
        result=report(0, 1, home={"comas": [{"gladiator": "Tom", "state": -11}]}),
    )
    script_dice("matches.table_results.post_match", [1])  # 1: the left arm
    run_on_commit(report_confirm, report=entered, user=other_coach)

    tom = titanos.gladiators.get(name="Tom")
    assert tom.status == Gladiator.Status.COMA and tom.xp == 5
    risk = tom.events.get(kind=GladiatorEvent.Kind.DEATH_RISK).detail
    assert (risk["location"], risk["region"], risk["fate"], risk["roll"]) == (
        "left_arm",
        "limb",
        "coma",
        1,
    )


def test_the_ranking_example_a_power_12_beats_b_power_19(
    kp_fixture, titanos, viking, coach, other_coach, run_on_commit
):
    # 3.4: B first with 20 points, A second with 15; A (power 12) beats B (19): A +3 +1, B -2.
    set_ranking_points(titanos, 15)
    set_ranking_points(viking, 20)
    entered = report_enter(
        fixture=kp_fixture,
        user=coach,
        result={**report(1, 0), "home_power": 12, "away_power": 19},
    )
    run_on_commit(report_confirm, report=entered, user=other_coach)

    titanos.refresh_from_db()
    viking.refresh_from_db()
    assert (ranking_points(titanos), ranking_points(viking)) == (19, 18)


def test_the_post_match_sequence_runs_once_however_often_the_task_is_sent(
    confirmed, kp_fixture, titanos
):
    first = post_match_task.apply(args=[kp_fixture.pk]).get()
    events = GladiatorEvent.objects.count()
    points = ranking_points(titanos)

    again = post_match_task.apply(args=[kp_fixture.pk]).get()
    rerun = post_match_run(fixture_id=kp_fixture.pk, seed=123)

    assert first == again == {"fixture": kp_fixture.pk, "post_match": rerun.pk}
    assert PostMatchRun.objects.filter(fixture=kp_fixture).count() == 1
    assert GladiatorEvent.objects.count() == events
    assert ranking_points(titanos) == points


def test_nothing_to_run_before_the_result(kp_fixture):
    assert post_match_run(fixture_id=kp_fixture.pk) is None
    assert post_match_run(fixture_id=10**9) is None
    assert not PostMatchRun.objects.exists()


def test_the_sweeper_leaves_a_fresh_result_to_its_own_message(confirmed, kp_fixture):
    # the result was confirmed a moment ago: its task is still on its way
    assert post_match_sweep() == {"post_match_enqueued": 0}


def test_the_sweeper_enqueues_every_sequence_still_to_run(
    confirmed, kp_fixture, monkeypatch, django_capture_on_commit_callbacks, settings
):
    monkeypatch.undo()  # the broker message was lost; the task itself works
    settings.SWEEPER_GRACE_SECONDS = 0  # and it has waited long enough
    with django_capture_on_commit_callbacks(execute=True):
        assert post_match_sweep() == {"post_match_enqueued": 1}

    assert PostMatchRun.objects.filter(fixture=kp_fixture).exists()
    assert post_match_sweep() == {"post_match_enqueued": 0}


def test_a_whole_match_played_twice_runs_both_sequences(
    kp_season, kp_fixture, titanos, viking, commissioner
):
    from tests.factories import FixtureFactory

    play(kp_fixture, 2, 0, by=commissioner, confirm_by=commissioner, seed=1)
    rematch = FixtureFactory(season=kp_season, round=2, home=viking, away=titanos)
    play(rematch, 0, 2, by=commissioner, confirm_by=commissioner, seed=2)

    titanos.refresh_from_db()
    assert ranking_points(titanos) == 6
    assert {g.xp for g in titanos.gladiators.all()} == {10}
    assert {GladiatorEvent.objects.filter(gladiator__team=titanos, kind="played").count()} == {14}
