"""A Killpower league's competition format and house rules, read by the engine."""

import pytest
from django.core.exceptions import ValidationError

from league.models import League
from league.services import league_create, league_update
from systems.killpower.engine import league_settings
from tests.factories import FixtureFactory

pytestmark = pytest.mark.django_db


def test_house_rules_are_the_engines_settings(commissioner):
    league = league_create(
        commissioner=commissioner,
        name="Draws count double",
        rule_system="killpower",
        competition_format="tournament",
        house_rules={"ranking": {"draw": 2}, "death_risk": {"dead_at": {"limb": -18}}},
    )

    settings = league_settings(league)
    assert settings.mode.value == "tournament"
    assert settings.ranking.draw == 2 and settings.ranking.win == 3
    assert settings.death_risk.to_dict() == {"dead_at": {"limb": -18, "head": -11}}


@pytest.mark.parametrize(
    ("house_rules", "names"),
    [
        ({"ranking": {"win": "three"}}, "ranking.win"),
        ({"target_table": [{"from": 1, "to": None, "stronger": 1, "weaker": 1}]}, "target_table.0.from"),
        ({"power_cards": [{"name": "Solo", "text": "…"}]}, "power_cards"),
        ({"death_risk": {"dead_at": {"head": -5}}}, "death_risk.dead_at.head"),
        ({"xp_per_match": -1}, "xp_per_match"),
        ({"mode": "tournament"}, "mode"),
        ({"rankings": {}}, "rankings"),
    ],
)  # fmt: skip
def test_a_bad_house_rule_names_the_setting_and_nothing_is_saved(commissioner, house_rules, names):
    with pytest.raises(ValidationError) as error:
        league_create(
            commissioner=commissioner, name="Bad", rule_system="killpower", house_rules=house_rules
        )

    [message] = error.value.message_dict["house_rules"]
    assert message.startswith(names)
    assert not League.objects.filter(name="Bad").exists()


def test_rotzball_leagues_have_neither_tournaments_nor_house_rules(league):
    with pytest.raises(ValidationError) as error:
        league_update(league=league, competition_format="tournament")
    assert "competition_format" in error.value.message_dict
    with pytest.raises(ValidationError) as error:
        league_update(league=league, house_rules={"xp_per_match": 10})
    assert "house_rules" in error.value.message_dict


def test_the_format_is_fixed_once_a_season_has_fixtures(kp_league, kp_season, titanos, viking):
    league_update(league=kp_league, house_rules={"xp_per_match": 10})  # allowed any time
    FixtureFactory(season=kp_season, home=titanos, away=viking)

    with pytest.raises(ValidationError) as error:
        league_update(league=kp_league, competition_format="tournament")

    assert "competition_format" in error.value.message_dict
    kp_league.refresh_from_db()
    assert kp_league.competition_format == "championship"
    assert kp_league.house_rules == {"xp_per_match": 10}
