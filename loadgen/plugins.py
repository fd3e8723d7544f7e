"""The plug-in point ``loadgen`` calls: how a game builds many teams, kick-offs and results at
once for ``manage.py generate_load`` (see ``core.plugins``). The core never knows load
generation exists; a game that can be generated registers here.
"""

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from django.core.exceptions import ValidationError

from core.plugins import PluginPoint
from rules_engine.dice import MAX_SEED

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
        set on the objects, each team's sheet built once), without saving them: a simulated
        game, or a table game with its own ``load_results``. By default nothing is frozen (a
        table game's rounds kick off in the default ``load_results``, through the game's
        ``kick_off_many``)."""

    def load_entry(self, *, fixture: "Fixture", dice: "Dice") -> object:
        """For a game played at the table: what a coach enters for the kicked-off
        ``fixture`` (``report_enter``'s ``result``), drawn on ``dice``."""
        name = fixture.season.league.rule_system
        raise ValidationError({"leagues": f"{name} cannot generate its results"})

    def load_results(
        self, *, fixtures: Sequence["Fixture"], dice: "Dice", by: "User"
    ) -> list["Result"]:
        """For a game played at the table: the season's saved, scheduled ``fixtures`` played
        round after round through the result-report workflow's round-level variants
        (``matches.table_results.bulk``): each round kicked off, its reports (drawn by
        :meth:`load_entry`) entered by the home coach and confirmed by the away coach (``by``
        for a side without one), recorded and their post-match sequences run, each on a seed
        drawn on ``dice``; the season's standings counted once at the end. Returns the
        results, saved."""
        from django.contrib.auth.models import User

        from matches.standings_keeping import standings_refresh
        from matches.table_results import bulk

        coaches = User.objects.in_bulk(
            {team.coach_id for f in fixtures for team in (f.home, f.away) if team.coach_id}
        )

        def play(fixture: "Fixture") -> "bulk.Play":
            return bulk.Play(
                fixture=fixture,
                result=self.load_entry(fixture=fixture, dice=dice),
                entered_by=coaches.get(fixture.home.coach_id or 0, by),
                confirmed_by=coaches.get(fixture.away.coach_id or 0, by),
                seed=dice.roll(MAX_SEED, "result seed") - 1,
                post_match_seed=dice.roll(MAX_SEED, "post-match seed") - 1,
            )

        results: list[Result] = []
        for number in sorted({fixture.round for fixture in fixtures}):
            ids = [fixture.pk for fixture in fixtures if fixture.round == number]
            results += bulk.round_play(fixture_ids=ids, play=play, standings=False)
        for season_id in sorted({fixture.season.pk for fixture in fixtures}):
            standings_refresh(season_id=season_id)
        return results


load = PluginPoint(
    "loadgen.load",
    Load,
    doc="Many teams, kick-offs and results at once (``loadgen.services``, ``manage.py "
    "generate_load``).",
)
