"""Team ratings, computed once per sheet ("Calcul des scores des équipes").

RULES_NOTES 1 reads every division of the rule text as a floor:

* Attacker / Passer = floor((E + Ag + F) / 3)
* Defender = floor((E + Ag) / 2)
* Coach = floor((Ag + Int) / 2)
* Team Attack = floor((A1 + A2 + 2 x Passer) / 4)
* Team Defense = floor((D1 + D2 + D3) / 3)
"""

from __future__ import annotations

from dataclasses import dataclass

from rules_engine.rotzball.sheet import Attacker, Coach, Defender, TeamSheet


def attacker_score(player: Attacker) -> int:
    return (player.endurance + player.agility + player.strength) // 3


def defender_score(player: Defender) -> int:
    return (player.endurance + player.agility) // 2


def coach_score(coach: Coach) -> int:
    return (coach.agility + coach.intelligence) // 2


@dataclass(frozen=True, slots=True)
class Ratings:
    """A team's three scores: every roll of a match is made against one of them."""

    attack: int
    defense: int
    coach: int

    @classmethod
    def of(cls, sheet: TeamSheet) -> Ratings:
        a1, a2 = (attacker_score(player) for player in sheet.attackers)
        attack = (a1 + a2 + 2 * attacker_score(sheet.passer)) // 4
        defense = sum(defender_score(player) for player in sheet.defenders) // 3
        return cls(attack=attack, defense=defense, coach=coach_score(sheet.coach))

    def to_dict(self) -> dict[str, int]:
        return {"attack": self.attack, "defense": self.defense, "coach": self.coach}
