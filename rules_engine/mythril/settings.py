"""League settings of a Mythril league, with the house rules' figures as defaults.

``budget`` (1,000,000 at creation), championship ``points`` (win 3, draw 1, loss 0),
the ``experience`` table, the ``prices``, and the post-match winnings and popularity roll.

Readings where the text is silent (it names only "la rubrique gains" and "le jet de
popularité" with its -1 for a defeat): winnings are (1D6 + popularity) x ``winnings_unit``
(10,000); the popularity roll is 1D6 + 1 for a win, - 1 for a defeat (and the forfeit's -2),
a total of ``popularity_down`` (1) or less loses a point (never below 0), of ``popularity_up``
(6) or more gains one.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from rules_engine.mythril.experience import ExperienceTable
from rules_engine.mythril.reading import Reader
from rules_engine.mythril.results import ChampionshipPoints
from rules_engine.mythril.roster import Prices


@dataclass(frozen=True, slots=True)
class MythrilSettings:
    budget: int = 1_000_000
    points: ChampionshipPoints = field(default_factory=ChampionshipPoints)
    experience: ExperienceTable = field(default_factory=ExperienceTable)
    prices: Prices = field(default_factory=Prices)
    winnings_unit: int = 10_000
    popularity_down: int = 1
    popularity_up: int = 6
    win_modifier: int = 1
    loss_modifier: int = -1

    NUMBERS = ("budget", "winnings_unit", "popularity_down", "popularity_up")

    @classmethod
    def from_dict(cls, data: object, field: str = "settings") -> MythrilSettings:
        reader = Reader(
            data,
            field,
            allowed=(
                *cls.NUMBERS,
                "points",
                "experience",
                "prices",
                "win_modifier",
                "loss_modifier",
            ),
        )
        default = cls()
        numbers = {key: reader.number(key, getattr(default, key)) for key in cls.NUMBERS}
        return cls(
            points=ChampionshipPoints.from_dict(reader.raw("points", {}), reader.field("points")),
            experience=ExperienceTable.from_dict(
                reader.raw("experience", {}), reader.field("experience")
            ),
            prices=Prices.from_dict(reader.raw("prices", {}), reader.field("prices")),
            win_modifier=reader.number("win_modifier", default.win_modifier, low=None),
            loss_modifier=reader.number("loss_modifier", default.loss_modifier, low=None),
            **numbers,
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "budget": self.budget,
            "points": self.points.to_dict(),
            "experience": self.experience.to_dict(),
            "prices": self.prices.to_dict(),
            "winnings_unit": self.winnings_unit,
            "popularity_down": self.popularity_down,
            "popularity_up": self.popularity_up,
            "win_modifier": self.win_modifier,
            "loss_modifier": self.loss_modifier,
        }
