"""A coach's choices for the post-match sequence (sequence 15), all optional.

As JSON::

    {
      "dismiss": ["Bob"],                      # gladiators let go (they must have played)
      "recruits": [<recruit>, ...],            # new gladiators (see creation.parse_recruit)
      "raises": {"Tom": ["BAL", "BAL"]},       # raises to take, in order
      "redraw": {"Max": "magic_armour"}        # new equipment of that kind
    }

Choices about a gladiator who dies in the death-risk rolls are ignored (and logged): the coach
enters them before the rolls are made.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from rules_engine.killpower.creation import Recruit, parse_recruit
from rules_engine.killpower.gladiator import Characteristic, EquipmentKind
from rules_engine.killpower.parsing import choice, join, listing, mapping, names, only_keys


@dataclass(frozen=True, slots=True)
class Decisions:
    dismiss: tuple[str, ...] = ()
    recruits: tuple[Recruit, ...] = ()
    raises: Mapping[str, tuple[Characteristic, ...]] = field(default_factory=dict)
    redraw: Mapping[str, EquipmentKind] = field(default_factory=dict)

    @property
    def empty(self) -> bool:
        return not (self.dismiss or self.recruits or self.raises or self.redraw)

    @classmethod
    def parse(cls, data: object, field: str = "decisions") -> Decisions:
        if data is None:
            return cls()
        decisions = mapping(data, field)
        only_keys(decisions, ("dismiss", "recruits", "raises", "redraw"), field)
        recruits_field = join(field, "recruits")
        raises_field, redraw_field = join(field, "raises"), join(field, "redraw")
        return cls(
            dismiss=names(decisions.get("dismiss", []), join(field, "dismiss")),
            recruits=tuple(
                parse_recruit(item, join(recruits_field, i))
                for i, item in enumerate(listing(decisions.get("recruits", []), recruits_field))
            ),
            raises={
                str(name): tuple(
                    choice(item, Characteristic, join(join(raises_field, name), i))
                    for i, item in enumerate(listing(items, join(raises_field, name)))
                )
                for name, items in mapping(decisions.get("raises", {}), raises_field).items()
            },
            redraw={
                str(name): choice(kind, EquipmentKind, join(redraw_field, name))
                for name, kind in mapping(decisions.get("redraw", {}), redraw_field).items()
            },
        )
