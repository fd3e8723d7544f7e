"""League settings of Killpower Ball: the house rules a league may set, all optional.

As JSON (every key optional; unknown keys are refused so a misspelt setting cannot silently
fall back to its default)::

    {
      "mode": "championship",            # or "tournament" (13.2)
      "ranking": {"win": 3, "division_bonus": 1, "loss": -2, "draw": 1, "abandon": -2,
                  "minimum": 0},
      "target_table": [{"from": 0, "to": 4, "stronger": 1, "weaker": 1}, ...,
                       {"from": 100, "to": null, "stronger": 25, "weaker": 1}],
      "power_cards": [{"name": "Fantôme", "text": "..."}, ...],   # the league's deck
      "death_risk": {"dead_at": {"limb": -16, "head": -11}},
      "xp_per_match": 5
    }
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from rules_engine.errors import InvalidInput
from rules_engine.killpower import tables
from rules_engine.killpower.creation import DEFAULT_DECK, PowerCard
from rules_engine.killpower.damage import DEFAULT_DEATH_RISK, DeathRiskTable
from rules_engine.killpower.limits import MAX_XP_PER_MATCH
from rules_engine.killpower.parsing import (
    choice,
    integer,
    join,
    listing,
    mapping,
    only_keys,
    require,
    text,
)
from rules_engine.killpower.power import DEFAULT_TARGETS, TargetTable
from rules_engine.killpower.ranking import DEFAULT_RANKING, RankingSettings


class Mode(StrEnum):
    CHAMPIONSHIP = "championship"  # 13.1: the post-match sequence after every match
    TOURNAMENT = "tournament"  # 13.2: single elimination, teams restored after each match


SETTING_KEYS = ("mode", "ranking", "target_table", "power_cards", "death_risk", "xp_per_match")


def parse_deck(data: object, field: str = "power_cards") -> tuple[PowerCard, ...]:
    cards: list[PowerCard] = []
    for i, item in enumerate(listing(data, field)):
        card_field = join(field, i)
        card = mapping(item, card_field)
        only_keys(card, ("name", "text"), card_field)
        name = text(require(card, "name", card_field), join(card_field, "name"))
        if any(known.name == name for known in cards):
            raise InvalidInput(join(card_field, "name"), f"{name!r} is listed twice")
        cards.append(
            PowerCard(name, text(require(card, "text", card_field), join(card_field, "text")))
        )
    if len(cards) < tables.POWER_CARDS_PER_GLADIATOR:
        raise InvalidInput(field, "must list at least two cards")
    return tuple(cards)


@dataclass(frozen=True, slots=True)
class KillpowerSettings:
    mode: Mode = Mode.CHAMPIONSHIP
    ranking: RankingSettings = DEFAULT_RANKING
    targets: TargetTable = DEFAULT_TARGETS
    power_cards: tuple[PowerCard, ...] = DEFAULT_DECK
    death_risk: DeathRiskTable = field(default=DEFAULT_DEATH_RISK)
    xp_per_match: int = tables.XP_PER_MATCH

    @classmethod
    def parse(cls, data: object, field: str = "settings") -> KillpowerSettings:
        """Settings from JSON; ``None`` means all defaults."""
        if data is None:
            return cls()
        settings = mapping(data, field)
        only_keys(settings, SETTING_KEYS, field)
        defaults = cls()

        def given(key: str) -> bool:
            return settings.get(key) is not None

        return cls(
            mode=choice(settings["mode"], Mode, join(field, "mode"))
            if given("mode")
            else defaults.mode,
            ranking=RankingSettings.parse(settings.get("ranking"), join(field, "ranking")),
            targets=TargetTable.parse(settings["target_table"], join(field, "target_table"))
            if given("target_table")
            else defaults.targets,
            power_cards=parse_deck(settings["power_cards"], join(field, "power_cards"))
            if given("power_cards")
            else defaults.power_cards,
            death_risk=DeathRiskTable.parse(settings.get("death_risk"), join(field, "death_risk")),
            xp_per_match=integer(
                settings.get("xp_per_match", defaults.xp_per_match),
                join(field, "xp_per_match"),
                low=0,
                high=MAX_XP_PER_MATCH,
            ),
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "mode": self.mode.value,
            "ranking": self.ranking.to_dict(),
            "target_table": self.targets.to_list(),
            "power_cards": [card.to_dict() for card in self.power_cards],
            "death_risk": self.death_risk.to_dict(),
            "xp_per_match": self.xp_per_match,
        }


DEFAULT_SETTINGS = KillpowerSettings()
