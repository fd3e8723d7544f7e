"""The Rotzball engine's roster issues in the user's language.

The engine speaks English to programs (``defenders: must be a list of exactly 3 players``)
and names each problem it can have people read by a code (``exact_count``, with the count
in its params); people read the same facts through these translated sentences, which name
the part of the sheet. An issue without a code, or on a part not named here, is shown as the
engine wrote it.
"""

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy

from rules_engine import RosterIssue
from rules_engine.rotzball.sheet import EXACT_COUNT, REQUIRED

SHEET_PARTS = {
    "passer": gettext_lazy("Passer"),
    "attackers": gettext_lazy("Attackers"),
    "defenders": gettext_lazy("Defenders"),
    "coach": gettext_lazy("Coach (Entraîneur)"),
    "name": gettext_lazy("Name"),
    "tactic": gettext_lazy("Match plan"),
}
SENTENCES: dict[str, Promise] = {
    REQUIRED: gettext_lazy("%(part)s: nobody is in this position."),
    EXACT_COUNT: gettext_lazy("%(part)s: exactly %(count)s players are needed."),
}


LINEUP_HINT = gettext_lazy(
    "Its coach fills the line-up on the team's page: “Line-up”, a player for each position, "
    "then “Save the line-up”."
)
"""What to do about a line-up that cannot play, told after its issues."""


def lineup_problems_text(issues: list[RosterIssue]) -> str:
    """The blocking issues of a line-up in words, then where its coach mends it."""
    return " ".join([*(roster_issue_text(issue) for issue in issues), str(LINEUP_HINT)])


def roster_issue_text(issue: RosterIssue) -> str:
    """One translated sentence for an engine roster issue."""
    part = SHEET_PARTS.get(issue.field.split(".")[0])
    sentence = SENTENCES.get(issue.code)
    if part is None or sentence is None:
        return str(issue)
    return str(sentence) % {"part": part, **issue.params}
