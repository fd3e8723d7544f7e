"""A campaign's statistics: the casualties each army suffered and inflicted over its battles,
and the heaviest losses one army took in a battle. Read from the ``casualties`` army events,
the witnesses that a run's casualties were applied (once per army and run), so only battles
whose casualties the game master confirmed count, each once."""

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from battles.models import Army, ArmyEvent


@dataclass
class ArmyCasualties:
    army: Army
    battles: int = 0
    dead: int = 0
    wounded: int = 0
    inflicted_dead: int = 0
    inflicted_wounded: int = 0

    @property
    def suffered(self) -> int:
        return self.dead + self.wounded

    @property
    def inflicted(self) -> int:
        return self.inflicted_dead + self.inflicted_wounded


@dataclass(frozen=True)
class HeaviestLosses:
    army: Army
    battle_id: int
    battle_name: str
    dead: int
    wounded: int

    @property
    def casualties(self) -> int:
        return self.dead + self.wounded


@dataclass(frozen=True)
class CampaignStatistics:
    armies: list[ArmyCasualties] = field(default_factory=list)
    heaviest: HeaviestLosses | None = None


def campaign_statistics(
    *, campaign_id: int, armies: Sequence[Army] | None = None
) -> CampaignStatistics:
    """Every army of the campaign (``armies`` when the caller has them loaded), those that
    inflicted the most casualties first (then those that suffered the fewest, then by name),
    and the heaviest losses in one battle (the earliest confirmed on a tie). One query, two
    without ``armies``."""
    if armies is None:
        armies = list(Army.objects.filter(campaign_id=campaign_id).order_by("name", "pk"))
    lines = {army.pk: ArmyCasualties(army) for army in armies}
    events = ArmyEvent.objects.filter(
        army__campaign_id=campaign_id, kind=ArmyEvent.Kind.CASUALTIES
    ).order_by("created_at", "pk")
    by_run: dict[int | None, list[ArmyEvent]] = defaultdict(list)
    heaviest: HeaviestLosses | None = None
    for event in events.only("army_id", "run_id", "detail", "created_at"):
        line = lines[event.army_id]
        dead, wounded = int(event.detail.get("dead", 0)), int(event.detail.get("wounded", 0))
        line.battles += 1
        line.dead += dead
        line.wounded += wounded
        by_run[event.run_id].append(event)
        if heaviest is None or dead + wounded > heaviest.casualties:
            heaviest = HeaviestLosses(
                army=line.army,
                battle_id=int(event.detail.get("battle", 0)),
                battle_name=str(event.detail.get("battle_name", "")),
                dead=dead,
                wounded=wounded,
            )
    for run_id, sides in by_run.items():
        if run_id is None:
            continue  # a run deleted since: whom it fought is no longer known
        for event in sides:
            for other in sides:
                if other.army_id != event.army_id:
                    lines[event.army_id].inflicted_dead += int(other.detail.get("dead", 0))
                    lines[event.army_id].inflicted_wounded += int(other.detail.get("wounded", 0))
    ranked = sorted(
        lines.values(), key=lambda line: (-line.inflicted, line.suffered, line.army.name)
    )
    return CampaignStatistics(armies=ranked, heaviest=heaviest)
