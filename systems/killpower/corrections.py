"""What a commissioner's correction or void of a Killpower result means for the game
(``matches.plugins.results``: ``result_check``, ``result_corrected``, ``result_voided``).

The post-match sequence rolls dice for injuries, deaths and experience and moves the ranking
points: none of it can be replayed on another result, so it is flagged for the commissioner
to review, never undone by guess."""

from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import gettext_noop

from matches.defaults import default_result_check
from matches.models import Fixture, Result
from matches.table_results.post_match import post_match_ran, post_match_voided
from rules_engine.killpower.power import Targets, judge
from rules_engine.killpower.sides import Score

POST_MATCH_RAN = gettext_noop(
    "The post-match sequence (injuries, deaths, experience, ranking points) ran on the old "
    "result: review both teams' gladiators and ranking points."
)
REPLAY_WITHOUT_SEQUENCE = gettext_noop(
    "The post-match sequence will not run again for the replay: apply its outcome by hand."
)
BRACKET = gettext_noop(
    "This tournament fixture's winner went on in the bracket: review the next round."
)
PLAYER_LINES = gettext_noop(
    "The result report's player lines (points, injuries) still read as entered."
)
ANY_WINNER = ("abandon", "elimination", "free_throws")


def result_check(
    *, fixture: Fixture, home_score: int, away_score: int, winner: str, decided_by: str
) -> dict[str, str]:
    """An abandon, an elimination or the free throws give a winner whatever the score; after 20
    turns the side whose lead reaches its points to score wins (13.1), else it is a draw."""
    if decided_by in ANY_WINNER:
        if winner == Result.Winner.DRAW:
            return {"winner": _("An abandon, an elimination or the free throws have a winner.")}
        return {}
    needed = ((fixture.options or {}).get("kickoff") or {}).get("points_to_score")
    if decided_by != "points" or not needed:
        return default_result_check(home_score=home_score, away_score=away_score, winner=winner)
    judged = judge(Score(home_score, away_score), Targets(needed["home"], needed["away"]))
    expected = judged.value if judged is not None else Result.Winner.DRAW
    if winner != expected:
        return {
            "winner": _(
                "With %(home)s–%(away)s and the points to score (+%(need_home)s, "
                "+%(need_away)s) the result is: %(result)s."
            )
            % {
                "home": home_score,
                "away": away_score,
                "need_home": needed["home"],
                "need_away": needed["away"],
                "result": Result.Winner(expected).label,
            }
        }
    return {}


def _flags(fixture: Fixture, bracket: bool) -> list[str]:
    flags = []
    if post_match_ran(fixture=fixture):
        flags += [POST_MATCH_RAN, PLAYER_LINES]
    if bracket:
        flags.append(BRACKET)
    return flags


def result_corrected(*, result: Result, before: dict[str, Any]) -> list[str]:
    fixture = result.fixture
    return _flags(fixture, bool(fixture.bracket_position) and before["winner"] != result.winner)


def result_voided(*, fixture: Fixture, before: dict[str, Any]) -> list[str]:
    ran = post_match_voided(fixture=fixture)
    flags = _flags(fixture, bool(fixture.bracket_position))
    return [*flags, REPLAY_WITHOUT_SEQUENCE] if ran else flags


def fixture_awarded(*, fixture: Fixture, result: Result) -> None:
    """A bracket match awarded by forfeit sends its winner on, as a played one does."""
    if fixture.bracket_position:
        from systems.killpower.services.tournaments import tournament_advance

        tournament_advance(season=fixture.season)
