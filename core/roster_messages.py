"""The rules engine's roster messages in the user's language.

The engine speaks English to programs (``defenders: must be a list of exactly 3 players``);
people read the same facts through these translated sentences. A message this module does
not know is shown as the engine wrote it.
"""

import re

from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from rules_engine import RosterIssue

SHEET_PARTS = {
    "passer": gettext_lazy("Passer"),
    "attackers": gettext_lazy("Attackers"),
    "defenders": gettext_lazy("Defenders"),
    "coach": gettext_lazy("Coach (Entraîneur)"),
    "name": gettext_lazy("Name"),
    "tactic": gettext_lazy("Match plan"),
}
EXACTLY = re.compile(r"must be a list of exactly (\d+) players")


def roster_issue_text(issue: RosterIssue) -> str:
    """One translated sentence for an engine roster issue."""
    part = SHEET_PARTS.get(issue.field.split(".")[0])
    if part is None:
        return f"{issue.field}: {issue.message}"
    if issue.message == "is required":
        return _("%(part)s: nobody is in this position.") % {"part": part}
    if exactly := EXACTLY.fullmatch(issue.message):
        return _("%(part)s: exactly %(count)s players are needed.") % {
            "part": part,
            "count": exactly.group(1),
        }
    return f"{issue.field}: {issue.message}"
