"""A kick-off that freezes each team's sheet and its league's options on the fixture, or
refuses naming each side whose team cannot play yet: a :class:`~matches.frozen_kickoff.
FrozenKickOff` whose game says only how its teams are judged and its sheets and options
built (Tutatis's rosters; the shape of Rotzball's line-ups)."""

from collections.abc import Mapping, Sequence
from typing import Any

from django.core.exceptions import ValidationError
from django.db.models import prefetch_related_objects
from django.utils import timezone

from league.models import League, Team
from matches.frozen_kickoff import FrozenKickOff
from matches.models import Fixture
from matches.selectors import teams_unsettled

SIDES = ("home", "away")


class SheetKickOff(FrozenKickOff):
    """Freezes ``home_sheet``, ``away_sheet`` and ``options``; a subclass answers
    :meth:`team_sheets` and :meth:`league_options` and words its refusal (``refusal``, with
    ``%(team)s`` and ``%(why)s``)."""

    refusal: Any = "%(team)s cannot play yet: %(why)s"
    league_related: Sequence[str] = ()
    """What each league's options read, prefetched once for all the fixtures."""
    cleared: Sequence[str] = ()
    """The fixture's text fields emptied at kick-off (Rotzball's ``problem`` of a failed
    simulation)."""
    unsettled: Any = None
    """Why a team whose played match still waits for its post-match sequence cannot kick off
    (``matches.selectors.teams_unsettled``; Tutatis carries its injuries so); ``None``: it
    can."""

    def __init__(self) -> None:
        fields = ["home_sheet", "away_sheet", "options", "status", "locked_at", *self.cleared]
        super().__init__(self.fixtures_freeze, fields)

    def team_sheets(self, teams: list[Team]) -> tuple[Mapping[int, Any], Mapping[int, str]]:
        """The sheet of each team that may play and why each other may not, by team id."""
        raise NotImplementedError

    def league_options(self, league: League) -> dict[str, Any]:
        """What the fixture keeps of its league's settings."""
        return {}

    def fixtures_freeze(
        self, *, fixtures: Sequence[Fixture]
    ) -> list[tuple[Fixture, ValidationError]]:
        """Set what the kick-off freezes on each of ``fixtures`` (saved or not; nothing
        written): each league and team read once for all, each team judged once. Returns each
        fixture that cannot kick off with its ``ValidationError`` per side, left untouched."""
        if not fixtures:
            return []
        leagues = {fixture.season.league_id: fixture.season.league for fixture in fixtures}
        prefetch_related_objects(list(leagues.values()), *self.league_related)
        teams = {team.pk: team for fixture in fixtures for team in (fixture.home, fixture.away)}
        for team in teams.values():
            if team.league_id in leagues:  # each league read once
                team.league = leagues[team.league_id]
        sheets, problems = self.team_sheets(list(teams.values()))
        if self.unsettled is not None:
            waiting = teams_unsettled(teams=teams.values())
            problems = {pk: self.unsettled for pk in waiting} | dict(problems)
        options = {pk: self.league_options(league) for pk, league in leagues.items()}
        refused = []
        now = timezone.now()
        for fixture in fixtures:
            sides = {side: getattr(fixture, side) for side in SIDES}
            errors = {
                side: self.refusal % {"team": team.name, "why": problems[team.pk]}
                for side, team in sides.items()
                if team.pk in problems
            }
            if errors:
                refused.append((fixture, ValidationError(errors)))
                continue
            fixture.home_sheet = sheets[fixture.home_id]
            fixture.away_sheet = sheets[fixture.away_id]
            fixture.options = options[fixture.season.league_id]
            fixture.status = Fixture.Status.LOCKED
            fixture.locked_at = now
            for field in self.cleared:
                setattr(fixture, field, "")
        return refused
