"""What a commissioner's correction or void of a Tutatis result means for the game
(``matches.plugins.results``: ``result_corrected``, ``result_voided``): the post-match task carried
the badly hurt players to their next match by the match report, so it is flagged for review."""

from typing import Any

from django.utils.translation import gettext_noop

from matches.models import Fixture, Result
from matches.table_results.post_match import post_match_ran, post_match_voided

INJURIES_CARRIED = gettext_noop(
    "The injuries of this match were carried to each team's next match by the old result: "
    "review them."
)
REPLAY_WITHOUT_SEQUENCE = gettext_noop(
    "The post-match task will not run again for the replay: carry its injuries by hand."
)


def result_corrected(*, result: Result, before: dict[str, Any]) -> list[str]:
    return [INJURIES_CARRIED] if post_match_ran(fixture=result.fixture) else []


def result_voided(*, fixture: Fixture, before: dict[str, Any]) -> list[str]:
    return [INJURIES_CARRIED, REPLAY_WITHOUT_SEQUENCE] if post_match_voided(fixture=fixture) else []
