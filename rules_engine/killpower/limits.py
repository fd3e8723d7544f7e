"""The largest values the engine accepts from people (reports, house rules).

The rule text sets no maximum for these; these bounds keep every number far above what a table
plays and inside what a database column holds (a match score in a small integer), so absurd
input is refused by the engine, naming its field, before anything is stored.
"""

MAX_SCORE = 999
"""Points of one side in a match, or in its free throws."""
MAX_POWER = 9_999
"""A team's power, as a report or a target table gives it."""
MAX_DAMAGE_STATE = 99
"""How far below 0 a gladiator's state may go (a coma is -11 or less)."""
MAX_ARMOUR_LOST = 99
MAX_TARGET = 99
"""Points to score in the target table."""
MAX_XP_PER_MATCH = 100
MAX_RANKING_POINTS = 99
"""Ranking points won or lost in one match (a house rule), either way."""
