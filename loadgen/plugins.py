"""The plug-in point ``loadgen`` calls: how a game builds many teams, kick-offs and results at
once for ``manage.py generate_load`` (see ``core.plugins``). The core never knows load
generation exists; a game that can be generated registers here.
"""

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from django.core.exceptions import ValidationError

from core.plugins import PluginPoint

if TYPE_CHECKING:
    from django.contrib.auth.models import User

    from league.models import League, Team
    from matches.models import Fixture, Result
    from rules_engine import Dice


class Load:
    """Bulk builders of a game's rows, every draw on the given dice."""

    def load_teams(
        self, *, league: "League", teams: Sequence[Mapping[str, Any]], dice: "Dice"
    ) -> list["Team"]:
        """Register many teams at once with full rosters that pass the game's checks
        (``teams``: ``{"name", "coach", "primary_colour", "secondary_colour"}`` each); the
        teams in order. Only the games that implement it are generated."""
        raise NotImplementedError("a generated game registers its teams")

    def load_kick_off(self, *, fixtures: Sequence["Fixture"], dice: "Dice") -> None:
        """Freeze many unsaved fixtures of one league as ``kick_off`` would (sheets and options
        set on the objects, each team's sheet built once), without saving them. By default
        nothing is frozen."""

    def load_results(
        self, *, fixtures: Sequence["Fixture"], dice: "Dice", by: "User"
    ) -> list["Result"]:
        """For a game played at the table: plausible results entered and confirmed by ``by``
        for many saved, kicked-off fixtures; the game writes its own rows (reports,
        post-match witnesses) and returns the ``Result`` of each fixture: saved when it records
        them through the workflow (``matches.table_results.services.reports_play``), else
        unsaved, for the generator to write."""
        name = fixtures[0].season.league.rule_system if fixtures else "this game"
        raise ValidationError({"leagues": f"{name} cannot generate its results"})


load = PluginPoint(
    "loadgen.load",
    Load,
    doc="Many teams, kick-offs and results at once (``loadgen.services``, ``manage.py "
    "generate_load``).",
)
