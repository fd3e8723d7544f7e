"""Tournament mode (13.2): a season played as a single-elimination bracket.

The bracket is the engine's (:func:`rules_engine.killpower.single_elimination`: byes to the
top seeds, seeds 1 and 2 meeting at the earliest in the final), seeded by ranking points, then
power (both higher first), then name; each bracket match played is a fixture with its
``bracket_position`` (``"R1M2"``), created by ``tournament_advance`` once both its feeders are
resolved (a bye counts as resolved), which the post-match sequence calls. A draw after 20
turns is settled by free throws when the result is recorded; the engine restores the teams
before each match, and a team keeps its gladiators as it entered until it is knocked out
(``selectors.gladiators.gladiators_frozen``).
"""

from datetime import datetime, timedelta

from django.db import transaction
from django.utils.translation import gettext as _

from core.refusals import Refused
from league.models import League, Season
from league.services import season_check_open
from matches.models import Fixture
from matches.services import first_kickoff_default
from systems.killpower import RULE_SYSTEM
from systems.killpower.models import Tournament, TournamentEntry, ranking_points_of
from systems.killpower.selectors.gladiators import living_prefetch, team_power
from systems.killpower.selectors.tournaments import tournament_bracket


@transaction.atomic
def tournament_create(
    *,
    season: Season,
    first_kickoff: datetime | None = None,
    interval: timedelta = timedelta(days=7),
) -> list[Fixture]:
    """Seed the league's teams into a bracket and create the fixtures ready to play (round 1,
    and any later match whose two entrants both had a bye)."""
    league = season.league
    if league.rule_system != RULE_SYSTEM:
        raise Refused(
            "not_killpower", _("Tournaments are for Killpower Ball leagues."), field="season"
        )
    if league.competition_format != League.CompetitionFormat.TOURNAMENT:
        raise Refused(
            "not_a_tournament",
            _("This league plays a championship: set its format to tournament."),
            field="season",
        )
    season_check_open(season=season)
    if Tournament.objects.filter(season=season).exists() or season.fixtures.exists():
        raise Refused("fixtures_exist", _("This season already has its fixtures."), field="season")
    if interval <= timedelta(0):
        raise Refused(
            "interval_not_positive",
            _("The time between rounds must be positive."),
            field="interval",
        )
    teams = list(
        league.teams.filter(retired_at__isnull=True)
        .select_related("killpower")
        .prefetch_related(living_prefetch())
        .order_by("name", "pk")
    )
    if len(teams) < 2:
        raise Refused("too_few_teams", _("A tournament needs at least two teams."), field="season")
    seeded = sorted(teams, key=lambda t: (-ranking_points_of(t), -team_power(team=t).power))
    start = first_kickoff or first_kickoff_default()
    tournament = Tournament.objects.create(
        season=season, first_kickoff=start, round_interval=interval
    )
    TournamentEntry.objects.bulk_create(
        TournamentEntry(tournament=tournament, team=team, seed=seed)
        for seed, team in enumerate(seeded, start=1)
    )
    return tournament_advance(season=season)


@transaction.atomic
def tournament_advance(*, season: Season) -> list[Fixture]:
    """Create the fixture of every bracket match whose two entrants are known and that has
    none yet; idempotent. Round ``r`` kicks off at ``first_kickoff + (r - 1) * interval``."""
    tournament = Tournament.objects.select_for_update().filter(season=season).first()
    if tournament is None:
        return []
    existing = set(
        season.fixtures.filter(bracket_position__gt="").values_list("bracket_position", flat=True)
    )
    created = []
    for matches in tournament_bracket(tournament).rounds:
        for match in matches:
            if not match.ready or match.id in existing or match.away is None:
                continue
            created.append(
                Fixture.objects.create(
                    season=season,
                    round=match.round,
                    home_id=match.home.entrant,
                    away_id=match.away.entrant,
                    kickoff=tournament.first_kickoff
                    + (match.round - 1) * tournament.round_interval,
                    bracket_position=match.id,
                )
            )
    return created
