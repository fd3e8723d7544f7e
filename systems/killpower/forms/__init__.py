"""Forms of the Killpower Ball pages: a team of seven gladiators, raises, tournaments, and a
match result entered per gladiator, confirmed, disputed or decided. They parse and display;
the services decide."""

from systems.killpower.forms.reports import (
    ConfirmForm,
    DecideForm,
    DisputeForm,
)
from systems.killpower.forms.results import ResultForm
from systems.killpower.forms.teams import (
    KillpowerTeamForm,
    RaiseForm,
    TournamentForm,
)

__all__ = [
    "ConfirmForm",
    "DecideForm",
    "DisputeForm",
    "KillpowerTeamForm",
    "RaiseForm",
    "ResultForm",
    "TournamentForm",
]
