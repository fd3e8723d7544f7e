"""Knock-out trophies: a trophy is a bracket of fixtures beside the championship (trophy
matches do not count in the table); its final doubles the team bets' payouts.

The commissioner names the entrants in bracket order (2, 4, 8 or 16 teams): the first stage
pairs them in that order (1 v 2, 3 v 4, ...), each later stage the winners of two neighbouring
matches, created by ``trophy_advance`` once both are decided (the post-match sequence calls
it). A trophy match needs a winner: a draw waits for the commissioner to decide the result.
"""

from collections.abc import Callable, Sequence
from datetime import datetime, timedelta

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from core.refusals import Forbidden, Refused
from league.models import Season, Team
from league.roles import is_commissioner
from matches.models import Fixture, Result
from rules_engine.mythril.trophies import SIZES, bracket_pairs
from systems.mythril import RULE_SYSTEM
from systems.mythril.models import Trophy, TrophyMatch

STAGE_INTERVAL = timedelta(days=7)


def _stage(
    trophy: Trophy,
    stage: int,
    pairs: Sequence[tuple[int, int]],
    round_of: Callable[[int, int], int],
    kickoff: datetime,
) -> list[Fixture]:
    """A stage's fixtures, each on the matchday ``round_of(home, away)``; a single match is
    the final."""
    created = []
    for index, (home, away) in enumerate(pairs, start=1):
        fixture = Fixture.objects.create(
            season=trophy.season,
            round=round_of(home, away),
            home_id=home,
            away_id=away,
            kickoff=kickoff,
            bracket_position=f"T{trophy.pk}S{stage}M{index}",
        )
        final = len(pairs) == 1
        TrophyMatch.objects.create(trophy=trophy, fixture=fixture, stage=stage, final=final)
        created.append(fixture)
    return created


@transaction.atomic
def trophy_create(
    *, season: Season, user: User, name: str, team_ids: Sequence[int], round: int, kickoff: datetime
) -> Trophy:
    """A trophy and its first stage's fixtures (matchday ``round``, at ``kickoff``)."""
    league = season.league
    if league.rule_system != RULE_SYSTEM:
        raise Refused("not_mythril", _("Trophies are for Mythril leagues."), field="season")
    if not is_commissioner(user, league):
        raise Forbidden(_("Only the commissioner creates a trophy."))
    if season.finished_at is not None:
        raise Refused(
            "season_finished",
            _("Season %(name)s is finished and archived: it cannot change.")
            % {"name": season.name},
            field="season",
        )
    ids = list(dict.fromkeys(team_ids))
    if len(ids) not in SIZES or len(ids) != len(team_ids):
        raise Refused("trophy_size", _("Name 2, 4, 8 or 16 different teams."), field="teams")
    if Team.objects.filter(league=league, pk__in=ids, retired_at__isnull=True).count() != len(ids):
        raise Refused("invalid", _("Every team must play in this league."), field="teams")
    if not name.strip():
        raise Refused("required", _("Name the trophy."), field="name")
    if _free_round(season, tuple(ids), round) != round:  # type: ignore[arg-type]
        raise Refused(
            "round_taken",
            _("A team of the trophy already plays on matchday %(round)s: choose another.")
            % {"round": round},
            field="round",
        )
    trophy = Trophy.objects.create(season=season, name=name.strip()[:80])
    _stage(trophy, 1, bracket_pairs(ids), lambda home, away: round, kickoff)
    return trophy


@transaction.atomic
def trophy_advance(*, trophy: Trophy) -> list[Fixture]:
    """The next stage's fixtures whose two feeders have a winner; idempotent."""
    trophy = Trophy.objects.select_for_update().get(pk=trophy.pk)
    matches = list(trophy.matches.select_related("fixture").order_by("stage", "fixture__pk"))
    stage = max(m.stage for m in matches)
    current = [m for m in matches if m.stage == stage]
    if len(current) < 2:
        return []
    order = []  # the winners in bracket order
    for match in sorted(current, key=lambda m: int(m.fixture.bracket_position.rsplit("M", 1)[1])):
        result = Result.objects.filter(fixture=match.fixture).first()
        if result is None or result.winner == Result.Winner.DRAW:
            return []
        fixture = match.fixture
        order.append(fixture.home_id if result.winner == Result.Winner.HOME else fixture.away_id)
    last = current[-1].fixture

    def free_round(home: int, away: int) -> int:
        return _free_round(trophy.season, (home, away), last.round + 1)

    return _stage(
        trophy, stage + 1, bracket_pairs(order), free_round, last.kickoff + STAGE_INTERVAL
    )


def _free_round(season: Season, teams: tuple[int, ...], start: int) -> int:
    """The first matchday from ``start`` where neither team plays yet."""
    busy = set(
        Fixture.objects.filter(season=season)
        .filter(Q(home__in=teams) | Q(away__in=teams))
        .values_list("round", flat=True)
    )
    round = start
    while round in busy:
        round += 1
    return round


def trophy_after_match(*, fixture: Fixture) -> None:
    match = TrophyMatch.objects.filter(fixture=fixture).select_related("trophy").first()
    if match is not None and not match.final:
        trophy_advance(trophy=match.trophy)
