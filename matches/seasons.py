"""A league's year: finish a season (crown its champion, archive it), start the next one with
the same teams, and retire or bring back a team.

A finished season is archived: its standings, fixtures and results stay browsable, and the
services that would change it (fixtures, simulations, result reports) refuse it through
``league.services.season_check_open``. The next season starts only once the previous one is
finished: crowning the champion and opening the next year are two deliberate acts. Starting
it is one transaction: teams retired and added, the new season, each roster carried over by
its game's between-season rules (``matches.plugins.seasons``), a fresh round robin
and the ``season.started`` event, or nothing at all.
"""

from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from datetime import datetime, time, timedelta
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import PermissionDenied, ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from core import league_versions
from core.events import publish
from core.refusals import Refused
from league import roles
from league.defaults import team_name_check
from league.models import League, Season, Team
from league.services import season_create, team_register
from matches import locking, plugins
from matches.models import Fixture
from matches.selectors import season_teams
from matches.services import UNRESOLVED, first_kickoff_default, fixtures_generate

LEFT_SHOWN = 8
"""Unresolved fixtures named in the refusal to finish a season; the rest are counted."""
DEFAULT_INTERVAL = timedelta(days=7)
DEFAULT_KICKOFF = time(20)


class SeasonConflict(Refused):
    """The season or team is not in the state the command needs (the API's 409)."""

    status_code = 409


def _require_commissioner(user: User, league: League) -> None:
    if not roles.is_commissioner(user, league):
        raise PermissionDenied(_("Only the league's commissioner may do this."))


def _coaches(teams: Iterable[Team]) -> list[int | None]:
    return [team.coach_id for team in teams]


def _left_message(left: Sequence[Fixture], total: int) -> str:
    named = ", ".join(
        _("round %(round)s %(home)s v %(away)s")
        % {"round": f.round, "home": f.home.name, "away": f.away.name}
        for f in left
    )
    more = total - len(left)
    message = _("%(count)s fixtures are still to play or cancel: %(names)s") % {
        "count": total,
        "names": named,
    }
    if more > 0:
        message += " " + _("and %(more)s more.") % {"more": more}
    return message


def season_champion(*, season: Season) -> Team | None:
    """The winner of a season whose fixtures are all resolved: its game's say where it has
    one (``season_champion``), the final's winner in a tournament, else the top of the table
    by the league's tie-breakers; nobody when nothing was played."""
    return plugins.seasons.of(season.league.rule_system).season_champion(season=season)


@transaction.atomic
def season_finish(*, season: Season, by: User) -> Season:
    """Close a season whose every fixture is played or cancelled: it is archived (read-only)
    with its champion, and every coach of the league is told (``season.finished``)."""
    locked = Season.objects.select_for_update().filter(pk=season.pk).first()
    if locked is None:
        raise Refused("not_found", _("No such season."), field="season")
    league = League.objects.get(pk=locked.league_id)
    locked.league = league
    _require_commissioner(by, league)
    if locked.finished_at is not None:
        raise SeasonConflict(
            "season_finished",
            _("Season %(name)s is already finished.") % {"name": locked.name},
            field="season",
        )
    unresolved = locked.fixtures.filter(status__in=UNRESOLVED)
    total = unresolved.count()
    if total:
        left = list(unresolved.select_related("home", "away").order_by("round", "pk")[:LEFT_SHOWN])
        raise SeasonConflict("fixtures_left", _left_message(left, total), field="fixtures")
    pending = plugins.table_results.of(league.rule_system).post_match_pending(season=locked)
    if pending:
        raise SeasonConflict(
            "post_match_pending",
            _(
                "The post-match sequence of %(fixtures)s has not run yet: the season can finish "
                "once the workers have carried its injuries and experience over."
            )
            % {"fixtures": ", ".join(str(fixture) for fixture in pending[:LEFT_SHOWN])},
            field="fixtures",
        )
    if not locked.fixtures.filter(status=Fixture.Status.PLAYED).exists():
        raise SeasonConflict(
            "nothing_played",
            _("No fixture of this season was played: there is nothing to finish."),
            field="fixtures",
        )
    locked.champion = season_champion(season=locked)
    locked.archive = plugins.seasons.of(league.rule_system).season_archive(season=locked)
    locked.finished_at = timezone.now()
    locked.save(update_fields=["champion", "archive", "finished_at"])
    coaches = Team.objects.filter(league=league).filter(season_teams(season=locked))
    publish(
        "season.finished",
        key=f"season.finished:{locked.pk}",
        league_id=league.pk,
        recipients=coaches.values_list("coach_id", flat=True).distinct(),
        url=f"{league.get_absolute_url()}?season={locked.pk}",
        data={
            "season": locked.pk,
            "season_name": locked.name,
            "league": league.pk,
            "league_name": league.name,
            "champion": locked.champion_id,
            "champion_name": locked.champion.name if locked.champion else "",
        },
    )
    return locked


def _round_robin_settings(season: Season | None) -> tuple[bool, timedelta, time]:
    """Single or double round robin, the time between rounds and round 1's kick-off hour on
    the local wall clock, as the previous season was played (double, a week apart, at 20:00
    without one). Times are read in the site's time zone, so a season played in summer gives
    the next one, in winter, the same local hour."""
    if season is None:
        return True, DEFAULT_INTERVAL, DEFAULT_KICKOFF
    fixtures = list(season.fixtures.values_list("home_id", "away_id", "round", "kickoff"))
    if not fixtures:
        return True, DEFAULT_INTERVAL, DEFAULT_KICKOFF
    meetings = Counter(frozenset((home, away)) for home, away, _round, _kickoff in fixtures)
    first_kickoffs: dict[int, datetime] = {}
    site = timezone.get_default_timezone()  # not the reader's: the commissioner's may differ
    for _home, _away, number, kickoff in fixtures:
        local = timezone.localtime(kickoff, site).replace(tzinfo=None)  # the wall clock
        first_kickoffs[number] = min(local, first_kickoffs.get(number, local))
    interval = DEFAULT_INTERVAL
    if 1 in first_kickoffs and 2 in first_kickoffs:
        gap = first_kickoffs[2] - first_kickoffs[1]
        interval = gap if gap > timedelta(0) else DEFAULT_INTERVAL
    first = first_kickoffs[min(first_kickoffs)]
    return max(meetings.values()) > 1, interval, first.time()


def _retire_ids(league: League, retire: Iterable[Any]) -> list[int]:
    ids: list[int] = []
    for value in retire:
        if isinstance(value, Team):
            value = value.pk
        if isinstance(value, bool) or not isinstance(value, int):
            raise Refused(
                "team_ids_required", _("Give the teams to retire by their ids."), field="retire"
            )
        ids.append(value)
    known = dict(Team.objects.filter(league=league, pk__in=ids).values_list("pk", "retired_at"))
    unknown = [str(pk) for pk in ids if pk not in known]
    if unknown:
        raise Refused(
            "unknown_team",
            _("No team %(ids)s in this league."),
            field="retire",
            ids=", ".join(unknown),
        )
    if any(known[pk] is not None for pk in ids):
        raise Refused(
            "already_retired", _("A team in this list is retired already."), field="retire"
        )
    return sorted(set(ids))


def _season_exists(name: str) -> SeasonConflict:
    return SeasonConflict(
        "season_exists",
        _("This league already has a season called %(name)s.") % {"name": name},
        field="name",
    )


def season_name_check(*, league: League, name: str) -> None:
    """Refuse a name the league has given a season already (capitals aside), as
    ``season_start_next`` does; its form asks before the confirmation step."""
    if league.seasons.filter(name__iexact=name.strip()).exists():
        raise _season_exists(name.strip())


def new_teams_check(*, league: League, names: Sequence[str]) -> None:
    """Refuse, as ``season_start_next`` would when registering them, a new team whose name
    already plays in the league or comes twice in the list (capitals aside)."""
    seen: dict[str, str] = {}
    for name in names:
        team_name_check(league=league, name=name)
        key = name.strip().casefold()
        if key in seen:
            raise Refused(
                "name_taken",
                _("%(name)s already plays in this league (capitals aside): choose another name."),
                field="name",
                name=seen[key],
            )
        seen[key] = name.strip()


@transaction.atomic
def season_start_next(
    *,
    league: League,
    name: str,
    by: User,
    retire: Iterable[Any] = (),
    add: Sequence[Mapping[str, Any]] = (),
    double: bool | None = None,
    first_kickoff: datetime | None = None,
    interval: timedelta | None = None,
) -> Season:
    """Open the next season of ``league`` once the previous one is finished.

    ``retire``: teams (ids) that play no more; ``add``: new teams, each as
    ``league.services.team_register`` takes them (``name``, ``coach`` ...). Every active
    team's roster is carried over by its game's ``season_rollover`` hook, under the team's row
    lock; a championship gets a fresh round robin as the previous season was played (single
    or double, the same days between rounds) unless told otherwise; a tournament's bracket is
    drawn by its own page afterwards. The same name twice is refused (a double POST opens one
    season), and so is a league whose latest season is still open.
    """
    locked_league = League.objects.select_for_update().filter(pk=league.pk).first()
    if locked_league is None:
        raise Refused("not_found", _("No such league."), field="league")
    _require_commissioner(by, locked_league)
    name = (name or "").strip()
    if not name:
        raise Refused("name_required", _("Give the new season a name."), field="name")
    season_name_check(league=locked_league, name=name)
    previous = locked_league.seasons.order_by("-created_at", "-pk").first()
    if previous is not None and previous.finished_at is None:
        raise SeasonConflict(
            "season_open",
            _("Finish season %(name)s before starting the next one.") % {"name": previous.name},
            field="season",
        )
    retired = _retire_ids(locked_league, retire)
    now = timezone.now()
    Team.objects.filter(pk__in=retired, retired_at__isnull=True).update(retired_at=now)
    errors: dict[str, list[str]] = {}
    for index, team in enumerate(add):
        try:
            team_register(league=locked_league, **team)
        except ValidationError as error:
            for field, messages in error.message_dict.items():
                errors[f"add.{index}.{field}"] = messages
        except TypeError:
            errors[f"add.{index}"] = [_("Give a team's name, and optionally its coach.")]
    if errors:
        raise ValidationError(errors)
    try:
        with transaction.atomic():
            season = season_create(league=locked_league, name=name)
    except IntegrityError:  # the unique (league, name), should two requests race past the lock
        raise _season_exists(name) from None
    season.league = locked_league
    teams = locking.lock_teams(
        locked_league.teams.filter(retired_at__isnull=True).values_list("pk", flat=True)
    )
    rollover = plugins.seasons.of(locked_league.rule_system).season_rollover
    if previous is not None:
        for team in teams:
            team.league = locked_league
            rollover(team=team, old_season=previous, new_season=season)
    if locked_league.competition_format == League.CompetitionFormat.CHAMPIONSHIP:
        was_double, was_interval, was_kickoff = _round_robin_settings(previous)
        fixtures_generate(
            season=season,
            double=was_double if double is None else double,
            first_kickoff=first_kickoff or first_kickoff_default(at=was_kickoff),
            interval=interval or was_interval,
        )
    publish(
        "season.started",
        key=f"season.started:{season.pk}",
        league_id=locked_league.pk,
        recipients=_coaches(teams),
        url=f"{locked_league.get_absolute_url()}?season={season.pk}",
        data={
            "season": season.pk,
            "season_name": season.name,
            "league": locked_league.pk,
            "league_name": locked_league.name,
            "teams": len(teams),
        },
    )
    return season


def _open_fixtures(team: Team) -> bool:
    return Fixture.objects.filter(
        Q(home=team) | Q(away=team), status__in=UNRESOLVED, season__finished_at__isnull=True
    ).exists()


@transaction.atomic
def team_retire(*, team: Team, by: User) -> Team:
    """Retire a team: it keeps its past seasons (browsable), plays no new one and leaves the
    lists of active teams. A team with a fixture still to play must see it played or cancelled
    first."""
    league = League.objects.get(pk=team.league_id)
    _require_commissioner(by, league)
    locking.lock_teams([team.pk])
    if _open_fixtures(team):
        raise SeasonConflict(
            "fixtures_left",
            _("%(team)s still has fixtures to play: play or cancel them first.")
            % {"team": team.name},
            field="team",
        )
    if not Team.objects.filter(pk=team.pk, retired_at__isnull=True).update(
        retired_at=timezone.now()
    ):
        raise SeasonConflict(
            "team_retired", _("%(team)s is retired already.") % {"team": team.name}, field="team"
        )
    league_versions.league_changed(team.league_id)  # an UPDATE: no signal
    team.refresh_from_db()
    return team


@transaction.atomic
def team_reinstate(*, team: Team, by: User) -> Team:
    """Bring a retired team back: it plays from the next season (or any fixture the
    commissioner schedules for it in the open one)."""
    league = League.objects.get(pk=team.league_id)
    _require_commissioner(by, league)
    if not Team.objects.filter(pk=team.pk, retired_at__isnull=False).update(retired_at=None):
        raise SeasonConflict(
            "team_active", _("%(team)s is not retired.") % {"team": team.name}, field="team"
        )
    league_versions.league_changed(team.league_id)  # an UPDATE: no signal
    team.refresh_from_db()
    return team
