"""The result form refuses what the engine refuses (``rules_engine.killpower.refusals``), and
words each refusal itself from the engine's code, on the field of the gladiator it names."""

from types import SimpleNamespace

import pytest
from django.utils import translation

from rules_engine.killpower import Refusal, side_refusals
from systems.killpower.forms.results import REFUSAL_WORDING, ResultForm

TEAMS = {"home": SimpleNamespace(name="Titanos"), "away": SimpleNamespace(name="Viking")}
GLADIATORS = {side: [{"number": n, "name": f"{team.name} {n}"} for n in range(1, 8)]
              for side, team in TEAMS.items()}  # fmt: skip


def result_form(*, tournament=False, **changes):
    """Both teams' seven played, unharmed; 1-1 in a tournament (a draw), 1-0 otherwise."""
    data = {"home_score": "1", "away_score": "1" if tournament else "0", "decided_by": "points"}
    for side in TEAMS:
        for n in range(1, 8):
            data[f"{side}_{n}_played"] = "on"
            data[f"{side}_{n}_state"] = "fit"
    for key, value in changes.items():
        if value is None:
            data.pop(key, None)
        else:
            data[key] = value
    return ResultForm(data, teams=TEAMS, gladiators=GLADIATORS, redraw_sides=["home"],
                      tournament=tournament)  # fmt: skip


def test_the_form_words_every_refusal_a_result_can_meet():
    # A dismissal is chosen after the post-match sequence, never on the result form.
    assert set(REFUSAL_WORDING) == set(Refusal) - {Refusal.DISMISS_NOT_PLAYED}


@pytest.mark.parametrize(
    ("changes", "field", "english", "french"),
    [
        ({"home_7_state": "coma", "home_7_coma_state": "-12"}, "home_7_state",
         "Titanos 7 did not play: only gladiators who played can be hurt.",
         "Titanos 7 n’a pas joué : seuls les gladiateurs qui ont joué peuvent être blessés."),
        ({"home_7_state": "badly_wounded"}, "home_7_state",
         "Titanos 7 did not play: only gladiators who played can be hurt.",
         "Titanos 7 n’a pas joué : seuls les gladiateurs qui ont joué peuvent être blessés."),
        ({"home_7_out": "on"}, "home_7_out",
         "Titanos 7 did not play: he cannot be out at the end.",
         "Titanos 7 n’a pas joué : il ne peut pas être hors jeu à la fin."),
        ({"home_7_armour_lost": "2"}, "home_7_armour_lost",
         "Titanos 7 did not play: he lost no armour.",
         "Titanos 7 n’a pas joué : il n’a perdu aucune armure."),
        ({"home_7_redraw": "magic_armour"}, "home_7_redraw",
         "Titanos 7 did not play: only a gladiator who played may redraw his equipment.",
         "Titanos 7 n’a pas joué : seul un gladiateur qui a joué peut retirer son équipement."),
    ],
)  # fmt: skip
def test_an_entry_about_a_gladiator_who_did_not_play_is_refused_on_his_field(
    changes, field, english, french
):
    for language, message in (("en", english), ("fr", french)):
        with translation.override(language):
            form = result_form(home_7_played=None, **changes)
            assert not form.is_valid()
            assert [m.replace("\u00a0", " ") for m in form.errors[field]] == [message]
            assert list(form.errors) == [field]


def test_a_side_where_nobody_played_is_refused_naming_the_team():
    form = result_form(**{f"away_{n}_played": None for n in range(1, 8)})

    assert not form.is_valid()
    assert form.non_field_errors() == ["Tick at least one gladiator of Viking who played."]


def test_a_bench_gladiator_who_lost_his_equipment_may_have_its_kind_chosen():
    """The engine's forced redraw: his lost equipment is redrawn whether he played or not,
    and the coach may name its kind; the form no longer refuses what the engine accepts."""
    form = result_form(home_7_played=None, home_7_equipment_lost="on",
                       home_7_redraw="magic_armour")  # fmt: skip

    assert form.is_valid(), form.errors
    assert form.inputs()["decisions"] == {"home": {"redraw": {"Titanos 7": "magic_armour"}}}
    assert form.inputs()["result"]["home"]["equipment_lost"] == ["Titanos 7"]
    assert side_refusals(team="Titanos", played=[f"Titanos {n}" for n in range(1, 7)],
                         equipment_lost=["Titanos 7"], redraw=["Titanos 7"]) == []  # fmt: skip


@pytest.mark.parametrize(
    ("changes", "field", "shooter"),
    [
        ({"home_2_state": "coma", "home_2_coma_state": "-11"}, "home_ft_1", "Titanos 2"),
        ({"home_2_out": "on"}, "home_ft_1", "Titanos 2"),
        ({"home_2_played": None}, "home_ft_1", "Titanos 2"),
    ],
)  # fmt: skip
def test_a_free_throw_shooter_who_cannot_shoot_is_refused_on_his_shot(changes, field, shooter):
    form = result_form(tournament=True, home_ft_1="Titanos 2", home_ft_2="Titanos 3",
                       **changes)  # fmt: skip

    assert not form.is_valid()
    assert form.errors[field] == [
        f"{shooter} cannot shoot: a shooter played, is not in a coma and is not out."
    ]
    assert "home_ft_2" not in form.errors
    with translation.override("fr"):
        french = result_form(tournament=True, home_ft_1="Titanos 2", **changes).errors[field]
    assert [m.replace("\u00a0", " ") for m in french] == [
        f"{shooter} ne peut pas tirer : un tireur a joué, n’est pas dans le coma et n’est pas "
        "hors jeu."]  # fmt: skip


def test_the_same_entries_refused_by_both_the_form_and_the_engine():
    """Every refusal the form shows for a side is one the engine gives for the same entries."""
    form = result_form(
        tournament=True,
        home_6_played=None, home_6_state="badly_wounded", home_6_out="on",
        home_7_played=None, home_7_armour_lost="1",
        home_1_state="coma", home_1_coma_state="-12", home_ft_1="Titanos 1",
    )  # fmt: skip

    assert not form.is_valid()
    engine = side_refusals(
        team="Titanos", played=[f"Titanos {n}" for n in range(1, 6)], comas=["Titanos 1"],
        badly_wounded=["Titanos 6"], out=["Titanos 6"], armour_lost=["Titanos 7"],
        shooters=["Titanos 1"],
    )  # fmt: skip
    assert sorted(form.errors) == ["home_6_out", "home_6_state", "home_7_armour_lost", "home_ft_1"]
    assert len(engine) == len(form.errors)
