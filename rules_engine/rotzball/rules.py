"""The numbers of Rotzball's turn both engines play by: the narrative engine
(:mod:`~rules_engine.rotzball.match`) and the vectorised odds
(:mod:`~rules_engine.rotzball.fast_odds`)."""

from rules_engine.rotzball.shared import AWAY, HOME

OTHER = {HOME: AWAY, AWAY: HOME}
TACTIC_BONUS = 10
COACH_BONUS = 5
REGULATION_HALF_TURNS = 5
EXTRA_HALF_TURNS = 2


def counter_attack_tactic(team: str, initiative: str) -> int:
    """The tactic modifier of ``team``'s roll in a counter-attack: the initiative team's tactic
    works the other way round (-10 on the roll it now makes), the other team's gives nothing."""
    return -TACTIC_BONUS if team == initiative else 0
