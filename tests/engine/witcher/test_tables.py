"""The Witcher tables as data: every row of the text's tables, and house-rule overrides."""

import json

import pytest

from rules_engine import InvalidInput
from rules_engine.witcher import default_tables, load_tables
from rules_engine.witcher.tables import WitcherTables

TABLES = default_tables()


@pytest.mark.parametrize(
    ("dc", "min_size"),
    [(10, None), (12, None), (14, None), (16, None), (18, 10), (20, 5), (25, 5), (30, None)],
)
def test_troop_types_dc_and_minimum_group(dc, min_size):
    assert TABLES.troop_type(dc) is not None
    assert TABLES.min_size(dc) == min_size


def test_a_dc_outside_the_troop_table_has_no_row():
    assert TABLES.troop_type(15) is None
    assert TABLES.min_size(15) is None


@pytest.mark.parametrize(
    ("engaged", "sr"),
    [
        (20, 5),  # below the skirmish's 50: still a skirmish
        (51, 5),  # the peasants, mercenaries and heroes (31) against 20 brigands
        (250, 5),
        (251, 10),
        (294, 10),  # Auld Alliance: 200 + 94, "petite bataille"
        (1000, 10),
        (1001, 15),
        (5000, 15),
        (5001, 20),
        (20000, 20),
        (20001, 25),
        (10**7, 25),
    ],
)
def test_engagement_size_gives_the_success_threshold(engaged, sr):
    assert TABLES.success_threshold(engaged) == sr


@pytest.mark.parametrize(
    ("enemy", "own", "modifier"),
    [
        (100, 100, 0),
        (119, 100, 0),
        (120, 100, 1),
        (150, 100, 1),
        (151, 100, 2),
        (200, 94, 2),  # the text: 212%, "between 151 and 200%" -> +2
        (299, 100, 2),
        (3, 1, 3),  # one against three -> +3
        (300, 94, 3),  # Auld Alliance after the reinforcements (319%)
        (499, 100, 4),
        (800, 100, 8),
        (5000, 100, 8),  # at most +8
        (94, 200, 0),
    ],
)
def test_numerical_superiority(enemy, own, modifier):
    assert TABLES.superiority_modifier(enemy=enemy, own=own) == modifier


@pytest.mark.parametrize(
    ("margin", "d6", "bonus", "quick", "low", "high"),
    [
        (-16, 9, 20, 50, 29, 74),
        (-40, 9, 20, 50, 29, 74),
        (-15, 8, 18, 45, 26, 66),
        (-11, 8, 18, 45, 26, 66),
        (-10, 7, 16, 40, 23, 58),
        (-6, 7, 16, 40, 23, 58),
        (-5, 6, 14, 35, 20, 50),
        (-1, 6, 14, 35, 20, 50),
        (0, 5, 12, 30, 17, 42),
        (5, 5, 12, 30, 17, 42),
        (6, 4, 10, 25, 14, 34),
        (10, 4, 10, 25, 14, 34),
        (11, 3, 8, 20, 11, 26),
        (15, 3, 8, 20, 11, 26),
        (16, 2, 6, 15, 8, 18),
        (40, 2, 6, 15, 8, 18),
    ],
)
def test_casualty_bands_and_their_ranges(margin, d6, bonus, quick, low, high):
    band = TABLES.casualty_band(margin)

    assert (band.d6, band.bonus, band.quick) == (d6, bonus, quick)
    assert (band.d6 + band.bonus, 6 * band.d6 + band.bonus) == (low, high)  # "Plage de %"


def test_officer_templates_by_rank():
    rows = [(o.rank, o.tactics, o.command, o.may_swap) for o in TABLES.officers]

    assert rows == [
        ("captain", 12, 12, False),
        ("major", 15, 12, True),
        ("colonel", 15, 15, False),
        ("general", 18, 15, True),
        ("marshal", 18, 18, False),
    ]


def test_works_circumstances_moments_and_casualty_modifiers():
    assert TABLES.works.better_terrain == TABLES.works.prepared == 1
    assert (TABLES.works.barricades, TABLES.works.fortifications) == (2, 3)
    assert TABLES.circumstances.specialist == -1
    assert TABLES.circumstances.surprise_max == TABLES.circumstances.weather_max == 3
    assert (TABLES.crucial_moment.window, TABLES.crucial_moment.points) == (5, 5)
    modifiers = TABLES.casualties.modifiers
    assert (modifiers.phase_won, modifiers.phase_lost) == (-1, 1)
    assert (modifiers.barricades, modifiers.fortifications) == (2, 3)
    assert TABLES.casualties.no_quarter.bonus == 2 and TABLES.casualties.no_quarter.quick == 5


def test_the_tables_round_trip_through_json():
    data = json.loads(json.dumps(TABLES.to_dict()))

    assert WitcherTables.from_dict(data) == TABLES


def test_house_rules_replace_whole_sections():
    tables = load_tables({"rounds_limit": 3, "crucial_moment": {"window": 3, "points": 4,
                                                                  "default_chance": 0.6}})  # fmt: skip

    assert tables.rounds_limit == 3
    assert tables.crucial_moment.points == 4
    assert tables.card == TABLES.card
    assert load_tables(None) is TABLES


@pytest.mark.parametrize(
    ("overrides", "field"),
    [
        ({"dice": 3}, "tables.dice"),
        ({"rounds_limit": "many"}, "tables.rounds_limit"),
        ({"rounds_limit": 0}, "tables"),
        ({"engagement": [{"label": "All", "up_to": 10, "sr": 5}]}, "tables.engagement"),
        ({"card": {"majority_percent": 50}}, "tables.card.main_percent"),
        (
            {
                "works": {
                    "better_terrain": 1,
                    "prepared": 1,
                    "barricades": 2,
                    "moat": 3,
                    "fortifications": 3,
                }
            },
            "tables.works.moat",
        ),
    ],
)
def test_bad_overrides_name_the_field(overrides, field):
    with pytest.raises(InvalidInput) as caught:
        load_tables(overrides)
    assert caught.value.field == field
