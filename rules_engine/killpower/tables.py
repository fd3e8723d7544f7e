"""The Killpower Ball tables, as plain data (rule file 004, RULES_NOTES section 3).

Only primitives live here; the modules that use a table build their typed objects from it,
and a league may replace most of them (see :mod:`rules_engine.killpower.settings`).

Readings of the scanned text that are not in RULES_NOTES are written beside their table.
"""

from __future__ import annotations

from typing import Final

CHARACTERISTICS: Final = ("DEP", "PHY", "HAB", "POU", "BAL", "VIE")
RAISABLE: Final = ("PHY", "HAB", "POU", "BAL", "VIE")  # chapter 12: DEP is never raised

# TABLE 11: races. The base game has humans only ("Un humain rajoute 0 à la puissance").
RACES: Final[dict[str, dict[str, object]]] = {
    "human": {
        "base": {"DEP": 5, "PHY": 4, "HAB": 4, "POU": 4, "BAL": 4, "VIE": 4},
        # The maxima include the specialization bonus, not powers (chapter 12).
        "maxima": {"DEP": 5, "PHY": 20, "HAB": 20, "POU": 20, "BAL": 20, "VIE": 15},
        "rapidity_die": 10,  # RAP: 1D10 drawn before every match (TABLE 12)
        "power_bonus": 0,
    },
}

# TABLE 11: specializations, +1 to one characteristic.
SPECIALIZATIONS: Final[dict[str, str]] = {
    "archer": "HAB",  # Archer
    "defender": "VIE",  # Défenseur
    "warrior": "PHY",  # Guerrier
    "mentor": "POU",  # Mentor
    "shooter": "BAL",  # Tireur
}

# 2.1: equipment.
NORMAL_ARMOUR: Final = 1  # "Chaque gladiateur n'ayant pas une armure magique a une armure de 1"
MAGIC_ARMOUR_BASE: Final = 6  # 1D5 + 6, drawn once at creation
POWER_CARDS_PER_GLADIATOR: Final = 2
GLOVES_DIE: Final = 10  # +1D10 damage per hit, drawn at each hit during the match

# The power cards. The rule text describes the deck but prints no card; it names two in its
# explanations (4.2, 4.3), whose text is given here as the rule text gives it. A league loads
# its own deck (settings ``power_cards``); until matches are simulated a card is its name and
# its text.
POWER_CARDS: Final[tuple[dict[str, str], ...]] = (
    {
        "name": "Fantôme",
        "text": (
            "Pouvoir à durée illimitée : le porteur doit réussir son jet d'activation, puis le "
            "pouvoir fonctionne tant qu'il est actif. Le pouvoir s'annule au choix du porteur "
            "ou s'il sort du terrain, devient inerte ou tombe à terre."
        ),
    },
    {
        "name": "Rayon laser",
        "text": (
            "Si le pouvoir est activé, le porteur ne le contrôle plus, mais il pourra le "
            "désactiver en réussissant un jet. On ne dit rien à l'adversaire tant qu'aucun "
            "gladiateur ne passe la ligne 14 ; dès que c'est fait, on lit le texte souligné "
            "à condition que la cible ait raté son jet de résistance, sinon il ne se passe rien."
        ),
    },
)

# TABLE 3: points to score, by power difference: (from, to or None, stronger, weaker).
# Reading: the weaker column past 55 is illegible in the scan ("3, 2, 2, 1, 1 ..."); RULES_NOTES
# keeps +1 for every row, and a league may override the whole table.
TARGET_TABLE: Final[tuple[tuple[int, int | None, int, int], ...]] = (
    (0, 4, 1, 1),
    (5, 9, 2, 1),
    (10, 14, 3, 1),
    (15, 19, 4, 1),
    (20, 24, 5, 1),
    (25, 29, 6, 1),
    (30, 34, 7, 1),
    (35, 39, 8, 1),
    (40, 44, 9, 1),
    (45, 49, 10, 1),
    (50, 54, 11, 1),
    (55, 59, 12, 1),
    (60, 64, 13, 1),
    (65, 69, 14, 1),
    (70, 74, 15, 1),
    (75, 79, 16, 1),
    (80, 84, 17, 1),
    (85, 89, 18, 1),
    (90, 94, 19, 1),
    (95, 99, 20, 1),
    (100, None, 25, 1),
)

# The ranking sheet's formula (3.4 example: A power 12 beats B power 19, 15 -> 19, 20 -> 18).
# Draws and abandons are not in the text: league settings, defaults from RULES_NOTES.
RANKING: Final[dict[str, int]] = {
    "win": 3,
    "division_bonus": 1,  # per division the loser is above the winner
    "loss": -2,
    "draw": 1,  # each team
    "abandon": -2,  # the abandoning team; its opponent scores a win
    "minimum": 0,  # "une équipe a au minimum 0 point de classement"
}

# 9.1: damage state = (VIE + armour) - damage: (lowest state of the band, status).
DAMAGE_BANDS: Final[tuple[tuple[int, str], ...]] = (
    (0, "unharmed"),  # "reste positif": a state of exactly 0 is unharmed (RULES_NOTES)
    (-10, "badly_wounded"),  # BG: back after the next basket or given point
    # below -10: coma, out for the match, with a death risk after it
)

# TABLE 8: death risk. 1D10 location, then the state decides by region.
# Reading (RULES_NOTES): 1 left arm, 2 right arm, 3-8 head, 9 left leg, 10 right leg.
LOCATIONS: Final[dict[int, tuple[str, str]]] = {
    1: ("left_arm", "limb"),
    2: ("right_arm", "limb"),
    3: ("head", "head"),
    4: ("head", "head"),
    5: ("head", "head"),
    6: ("head", "head"),
    7: ("head", "head"),
    8: ("head", "head"),
    9: ("left_leg", "limb"),
    10: ("right_leg", "limb"),
}
# The highest state at which a gladiator in a coma dies, by region: a limb -11..-15 stays in
# a coma (survives), -16 or less is dead; the head is dead at -11 or less.
DEAD_AT: Final[dict[str, int]] = {"limb": -16, "head": -11}

# Chapter 12: experience.
XP_PER_MATCH: Final = 5
XP_PER_RAISE: Final = 10

# TABLE 9 (12.H): ball malus by distance in cells: (from, to or None, malus).
BALL_MALUS: Final[tuple[tuple[int, int | None, int], ...]] = (
    (0, 3, 0),
    (4, 6, -1),  # the scan prints "De 0 à 6": the band after 0-3
    (7, 9, -2),
    (10, 12, -3),
    (13, 15, -4),
    (16, 18, -5),
    (19, 21, -6),
    (22, 24, -7),
    (25, None, -8),
)

# 13.2: free throws.
FREE_THROW_MIN: Final = 2
FREE_THROW_MAX: Final = 12
FREE_THROW_SHOOTERS: Final = 2

# 1.2: a team.
TEAM_SIZE: Final = 7
SAME_POWER_PER_TEAM: Final = 3  # tournament mode: a power at most 3 times per team
