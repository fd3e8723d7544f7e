"""``matches.plugins.Recorded.of``: an engine's outcome as a ``Result``'s columns."""

from matches.plugins import Recorded
from rules_engine import MatchOutcome


def test_an_outcome_is_recorded_with_its_own_record_or_the_one_given():
    won = MatchOutcome(3, 1, "home", "points", seed=7, record={"report": {"score": [3, 1]}})
    drawn = MatchOutcome(2, 2, None, "regulation", seed=8)

    assert Recorded.of(won) == Recorded(3, 1, "home", "points", {"report": {"score": [3, 1]}})
    assert Recorded.of(drawn, {"rolls": []}) == Recorded(2, 2, "draw", "regulation", {"rolls": []})
