"""Rotzball, the Warhammer match simulation: everything the web side does for it.

Players with WFRP characteristics, the seven-position line-up and the match plan; the team
page with its ratings and the match report with its grid and every roll. The workers simulate
the matches (``matches.services.fixture_simulate``) with what :mod:`~systems.rotzball.kickoff`
froze at kick-off. The core reaches it only through the registration in
:mod:`systems.rotzball.apps`.
"""

from django.utils.translation import gettext_lazy as _

RULE_SYSTEM = "rotzball"
"""The rules engine's name for Rotzball, and a league's ``rule_system`` value."""

DECIDED_BY = [
    ("regulation", _("Regulation time")),
    ("extra_time", _("Extra time")),
    ("possession", _("Possession judgement")),
]
"""How a Rotzball match is decided (``Result.decided_by``)."""
