"""What happens at each kick-off ("COUP D'ENVOI", "METEO", "Table des blessures").

* An unconscious player comes back at the next kick-off.
* A badly hurt player rolls 1D6 at each kick-off: back on 5 or 6, else he stays out.
* Heat wave (weather 11): "those who are injured come back only on a 6". The project reads
  "injured" as both the unconscious and the badly hurt: each rolls 1D6, back on a 6 only.
* Scorching (weather 12): 1D6 for each player who was on the pitch just before the kick-off;
  on a 1 he sits out until the next kick-off.

Players are named by the caller (names or ids as strings); the rolls go through ``dice``
with the player in their purpose, so the sheet can show who rolled what.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rules_engine.dice import Dice, Purpose
from rules_engine.tutatis.tables import Weather

BADLY_HURT_BACK_FROM = 5
HEAT_WAVE_BACK_FROM = 6
SCORCHING_SITS_OUT_ON = 1


@dataclass(frozen=True, slots=True)
class KickOffRoll:
    player: str
    check: str  # "badly_hurt", "unconscious" (heat wave) or "scorching"
    roll: int
    out: bool  # stays out (injured) or sits out (scorching) until the next kick-off

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "check": self.check, "roll": self.roll, "out": self.out}


@dataclass(frozen=True, slots=True)
class KickOff:
    weather: Weather
    back: tuple[str, ...]
    still_out: tuple[str, ...]
    sitting_out: tuple[str, ...]
    rolls: tuple[KickOffRoll, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "weather": self.weather.value,
            "back": list(self.back),
            "still_out": list(self.still_out),
            "sitting_out": list(self.sitting_out),
            "rolls": [roll.to_dict() for roll in self.rolls],
        }


def kick_off(
    *,
    weather: Weather,
    on_pitch: Sequence[str],
    unconscious: Sequence[str],
    badly_hurt: Sequence[str],
    dice: Dice,
) -> KickOff:
    """The injured players' returns and, in scorching heat, who sits this phase out."""
    heat = weather is Weather.HEAT_WAVE
    rolls: list[KickOffRoll] = []
    back: list[str] = []
    still_out: list[str] = []
    for player in unconscious:
        if not heat:
            back.append(player)
            continue
        value = dice.d6(Purpose.of("heat_wave_return", player=player))
        out = value < HEAT_WAVE_BACK_FROM
        rolls.append(KickOffRoll(player, "unconscious", value, out))
        (still_out if out else back).append(player)
    threshold = HEAT_WAVE_BACK_FROM if heat else BADLY_HURT_BACK_FROM
    for player in badly_hurt:
        value = dice.d6(Purpose.of("badly_hurt_return", player=player))
        out = value < threshold
        rolls.append(KickOffRoll(player, "badly_hurt", value, out))
        (still_out if out else back).append(player)
    sitting_out: list[str] = []
    if weather is Weather.SCORCHING:
        for player in on_pitch:
            value = dice.d6(Purpose.of("scorching", player=player))
            out = value == SCORCHING_SITS_OUT_ON
            rolls.append(KickOffRoll(player, "scorching", value, out))
            if out:
                sitting_out.append(player)
    return KickOff(weather, tuple(back), tuple(still_out), tuple(sitting_out), tuple(rolls))
