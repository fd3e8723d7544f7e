"""Read-side queries for Killpower Ball teams and gladiators; every derived number comes from
the rules engine (characteristics, armour, raises available, power, division)."""

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from django.db.models import Case, Prefetch, Q, QuerySet, Value, When, prefetch_related_objects
from django.db.models.functions import Now
from django.utils.translation import gettext as _

from core.refusals import Refused
from core.registry import FORFEIT
from league.models import Team
from league.selectors import teams_of_game
from matches.models import Fixture, PostMatchRun, Result
from rules_engine import RosterIssue
from rules_engine.killpower import SYSTEM, Outcome, Side, division
from rules_engine.killpower.post_match import record_of
from systems.killpower import RULE_SYSTEM, engine
from systems.killpower.models import Gladiator, GladiatorEvent, ranking_points_of
from systems.killpower.models.gladiators import LIVING
from systems.killpower.selectors.tournaments import team_tournament_in_play

LIVING_ATTR = "living_gladiators"


def living_prefetch() -> Prefetch:
    """Prefetch a team's living gladiators, in number order, into ``team.living_gladiators``."""
    return Prefetch(
        "gladiators",
        queryset=Gladiator.objects.filter(LIVING).order_by("number"),
        to_attr=LIVING_ATTR,
    )


def living_read(*, teams: Sequence[Team]) -> None:
    """The living gladiators of each Killpower team among ``teams`` (a page of a team list of
    any league), read in one query onto :data:`LIVING_ATTR`; none when no team is Killpower's
    (a list of another game's teams prefetched every team's, to find none)."""
    mine = teams_of_game(teams=teams, rule_system=RULE_SYSTEM)
    if mine:
        prefetch_related_objects(mine, living_prefetch())


def killpower_team_list() -> QuerySet[Team]:
    """Killpower teams with their league's commissioner, coach, ranking points and living
    gladiators (:func:`living_prefetch`)."""
    return (
        Team.objects.select_related("league__commissioner", "coach", "killpower")
        .prefetch_related(living_prefetch())
        .filter(league__rule_system=RULE_SYSTEM)
    )


def gladiator_list(*, team: Team | None = None, living: bool | None = None) -> QuerySet[Gladiator]:
    """Gladiators with their team and league, by team and number (the dead after the living)."""
    gladiators = Gladiator.objects.select_related("team__league")
    if team is not None:
        gladiators = gladiators.filter(team=team)
    if living is not None:
        gladiators = gladiators.filter(LIVING if living else ~LIVING)
    dead_last = Case(When(status=Gladiator.Status.DEAD, then=Value(1)), default=Value(0))
    return gladiators.order_by("team__name", "team", dead_last, "number", "pk")


def gladiator_detail_list() -> QuerySet[Gladiator]:
    """:func:`gladiator_list`, each gladiator with his history (:func:`gladiator_history`)."""
    return gladiator_list().prefetch_related(Prefetch("events", queryset=gladiator_history()))


def living_gladiators(*, team: Team) -> list[Gladiator]:
    """``team``'s living gladiators by number (prefetched by :func:`living_prefetch` or read)."""
    prefetched = getattr(team, LIVING_ATTR, None)
    if prefetched is not None:
        return list(prefetched)
    return list(team.gladiators.filter(LIVING).order_by("number"))


def gladiator_sheet(*, gladiator: Gladiator) -> dict[str, Any]:
    """The engine's sheet of one gladiator: ``characteristics``, ``armour``,
    ``raises_available`` beside what is stored."""
    sheet = engine.engine_gladiator(gladiator).to_dict()
    sheet["id"], sheet["number"] = gladiator.pk, gladiator.number
    return sheet


def team_sheet(*, team: Team) -> dict[str, Any]:
    """The team sheet (la feuille d'équipe): ranking points, total XP, power, division and the
    seven gladiators with their characteristics, as the engine computes them."""
    return engine.team_sheet(team, living_gladiators(team=team))


@dataclass(frozen=True)
class TeamPower:
    ranking_points: int
    total_xp: int
    power: int
    division: int


def team_power(*, team: Team) -> TeamPower:
    """``team``'s power and division now (ranking points + total XP / 10 + race bonus)."""
    built = engine.engine_team(team, living_gladiators(team=team))
    power = built.power()
    return TeamPower(ranking_points_of(team), built.total_xp(), power, division(power))


def roster_issues(*, team: Team) -> list[RosterIssue]:
    """The engine's verdict on the roster: seven valid gladiators with distinct names
    (blocking), powers held too often in tournament mode (warnings)."""
    return SYSTEM.validate_roster(engine.team_input(team, living_gladiators(team=team)))


def gladiator_history(*, gladiator: Gladiator | None = None) -> QuerySet[GladiatorEvent]:
    """The gladiator's events (every gladiator's without) in the order they happened, each
    with its fixture's teams."""
    events = GladiatorEvent.objects.select_related("fixture__home", "fixture__away")
    if gladiator is not None:
        events = events.filter(gladiator=gladiator)
    return events.order_by("created_at", "pk")


def team_unsettled_fixture(*, team: Team) -> Fixture | None:
    """A fixture of ``team`` still in the way: kicked off without a result, played without
    its post-match sequence, or past its kick-off time by the database's clock. Until it is
    settled the gladiators are frozen (a kick-off asks :func:`teams_unsettled_fixtures`,
    where a due fixture does not hold up another)."""
    return teams_unsettled_fixtures(teams=[team], include_due=True).get(team.pk)


def teams_unsettled_fixtures(
    *, teams: list[Team], exclude: Sequence[Fixture] = (), include_due: bool = False
) -> dict[int, Fixture]:
    """:func:`team_unsettled_fixture` of each of ``teams`` that has one, by team id (a query
    for all)."""
    unsettled = Q(status=Fixture.Status.LOCKED) | (
        Q(status=Fixture.Status.PLAYED)
        & ~Q(post_match__status=PostMatchRun.Status.DONE)
        & ~Q(result__decided_by=FORFEIT)  # awarded without playing: no sequence to wait for
    )
    if include_due:
        unsettled |= Q(status=Fixture.Status.SCHEDULED, kickoff__lte=Now())
    fixtures = (
        Fixture.objects.filter(Q(home__in=teams) | Q(away__in=teams))
        .filter(unsettled)
        .exclude(pk__in=[fixture.pk for fixture in exclude])
        .select_related("home", "away")
        .order_by("-kickoff", "-pk")
    )
    wanted = {team.pk for team in teams}
    found = {}
    for fixture in fixtures:  # the earliest last
        for team_id in {fixture.home_id, fixture.away_id} & wanted:
            found[team_id] = fixture
    return found


def team_record(*, team: Team, season_id: int | None = None) -> dict[str, int]:
    """Matches played by ``team`` and how they ended (the sheet's "Matchs joués"), from the
    results of its league (one season when ``season_id`` is given), counted by the engine
    (the loser of an abandon is the team that abandoned)."""
    results = Result.objects.filter(Q(fixture__home=team) | Q(fixture__away=team))
    if season_id is not None:
        results = results.filter(fixture__season_id=season_id)
    outcomes = []
    for home_id, winner, decided_by in results.values_list("fixture__home", "winner", "decided_by"):
        won = None if winner == Result.Winner.DRAW else Side(winner)
        abandoned_by = won.other if won is not None and decided_by == "abandon" else None
        outcomes.append(
            Outcome.of(Side.HOME if home_id == team.pk else Side.AWAY, won, abandoned_by)
        )
    return record_of(outcomes).to_dict()


def teams_not_ready(*, teams: list[Team]) -> dict[int, str]:
    """Teams whose roster cannot kick off, each with why in words (two queries for all: the
    living gladiators and the ranking points the engine's roster input carries)."""
    prefetch_related_objects(teams, "killpower", living_prefetch())
    problems = {}
    for team in teams:
        blocking = [issue for issue in roster_issues(team=team) if issue.blocking]
        if blocking:
            problems[team.pk] = " ".join(str(issue) for issue in blocking)
    return problems


def bet_outcomes(fixture: Fixture) -> tuple[str, ...]:
    """A championship match can end level; a tournament's cannot (free throws decide it)."""
    return ("home", "away") if fixture.bracket_position else ("home", "away", "draw")


def gladiators_frozen(*, team: Team) -> Refused | None:
    """Gladiators change only between matches: not while a fixture of the team is kicked off
    or waits for its result or post-match sequence.

    Nor while the team is still in a tournament (13.2: "il récupère son équipe de gladiateurs
    identique à celle qu'il avait avant le premier match"): from the draw of the bracket until
    it is knocked out or the tournament has its champion, the team stays as it entered, so
    every kick-off sheet is its entry sheet (only the RAP is drawn again at each match).
    """
    fixture = team_unsettled_fixture(team=team)
    if fixture is not None:
        opponent = fixture.away if fixture.home_id == team.pk else fixture.home
        return Refused(
            "gladiators_frozen",
            _(
                "%(team)s's match against %(opponent)s is not settled: its gladiators are frozen "
                "until the result is confirmed and the post-match sequence has run."
            ),
            team=team.name,
            opponent=opponent.name,
        )
    tournament = team_tournament_in_play(team=team)
    if tournament is not None:
        return Refused(
            "in_tournament",
            _(
                "%(team)s is still in the tournament of season %(season)s: it plays every "
                "round as it entered it, so its gladiators are frozen until it is knocked "
                "out or the tournament has its champion."
            ),
            field="team",
            team=team.name,
            season=tournament.season.name,
        )
    return None
