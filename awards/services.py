"""The writes of the awards: the game's awards granted once when a season finishes, and the
commissioner's custom awards given and revoked.

Granting is claimed under the season's row lock: the ``SeasonGrant`` witness is written in the
transaction of the awards, so a task sent twice, a duplicated ``season.finished`` event or the
sweep finds it and grants nothing; the unique constraint on a game award (season, award, team,
player) is the database's word on the same. A finished season is read-only
(``league.services.season_check_open`` refuses every correction of its results), so its
awards, computed from the results as they stand at the finish, never need computing again.
"""

from datetime import timedelta

from django.conf import settings
from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.urls import reverse
from django.utils import timezone
from django.utils.translation import gettext as _

from awards import plugins
from awards.models import DESCRIPTION_MAX, NAME_MAX, Award, SeasonGrant
from core.enqueue import enqueue_on_commit
from core.events import publish
from core.names import name_clean
from core.refusals import Forbidden, Refused
from league import roles
from league.models import League, Season, Team

GRANT = "awards.tasks.season_awards_grant_task"


@transaction.atomic
def season_awards_grant(*, season_id: int) -> int:
    """Grant the game awards of a finished season, once: how many were granted (0 when the
    season is not finished, unknown, or granted already)."""
    season = Season.objects.select_for_update().filter(pk=season_id).first()
    if season is None or season.finished_at is None:
        return 0
    if SeasonGrant.objects.filter(season=season).exists():
        return 0
    league = League.objects.get(pk=season.league_id)
    season.league = league
    game = plugins.season_awards.of(league.rule_system)
    kinds = game.award_kinds()
    rows = [
        Award(
            season=season,
            kind=Award.Kind.GAME,
            code=granted.code,
            team_id=granted.team_id,
            player_ref=granted.player_ref,
            player_name=granted.player_name[:NAME_MAX],
            value=granted.value,
            matches=granted.matches,
        )
        for granted in game.season_awards(season=season)
        if granted.code in kinds
    ]
    Award.objects.bulk_create(rows)
    SeasonGrant.objects.create(season=season, awards=len(rows))
    if rows:
        teams = Team.objects.filter(pk__in={row.team_id for row in rows})
        publish(
            "awards.granted",
            key=f"awards.granted:{season.pk}",
            league_id=league.pk,
            recipients=teams.values_list("coach_id", flat=True),
            url=reverse("awards:season", args=[season.pk]),
            data={
                "season": season.pk,
                "season_name": season.name,
                "league": league.pk,
                "league_name": league.name,
                "awards": len(rows),
            },
        )
    return len(rows)


def awards_sweep(*, grace: timedelta | None = None) -> dict[str, int]:
    """Send the grant of every season finished longer than ``grace`` ago (the sweeper's grace
    period) whose awards were never granted (a message lost at the commit)."""
    if grace is None:
        grace = timedelta(seconds=settings.SWEEPER_GRACE_SECONDS)
    waiting = list(
        Season.objects.filter(
            finished_at__isnull=False,
            finished_at__lt=timezone.now() - grace,
            awards_grant__isnull=True,
        ).values_list("pk", flat=True)
    )
    for season_id in waiting:
        enqueue_on_commit(GRANT, season_id)
    return {"awards_grants_enqueued": len(waiting)}


def _require_commissioner(user: User, league: League) -> None:
    if not roles.is_commissioner(user, league):
        raise Forbidden(_("Only the league's commissioner may give or revoke an award."))


def _player(team: Team, player_ref: str) -> tuple[str, str]:
    """``(ref, name)`` of the team's player ``player_ref``, refused when the team has none."""
    ref = str(player_ref or "").strip()
    if not ref:
        return "", ""
    players = dict(plugins.season_awards.of(team.league.rule_system).team_players(team=team))
    if ref not in players:
        raise Refused(
            "unknown_player",
            _("%(team)s has no player %(player)s."),
            field="player",
            team=team.name,
            player=ref,
        )
    return ref, players[ref]


@transaction.atomic
def custom_award_give(
    *,
    season: Season,
    by: User,
    name: str,
    team: Team,
    description: str = "",
    player_ref: str = "",
) -> Award:
    """The commissioner gives a custom award of ``season`` to ``team`` (and one of its
    players). The same award (its name, capitals aside) to the same team or player twice is
    refused."""
    league = League.objects.get(pk=season.league_id)
    _require_commissioner(by, league)
    name = name_clean(name, max_length=NAME_MAX)
    description = (description or "").strip()
    if len(description) > DESCRIPTION_MAX:
        raise Refused(
            "description_too_long",
            _("A description has at most %(max)s characters."),
            field="description",
            max=DESCRIPTION_MAX,
        )
    if team.league_id != league.pk:
        raise Refused(
            "team_not_in_league",
            _("%(team)s does not play in %(league)s."),
            field="team",
            team=team.name,
            league=league.name,
        )
    team.league = league
    ref, player_name = _player(team, player_ref)
    try:
        with transaction.atomic():
            return Award.objects.create(
                season=season,
                kind=Award.Kind.CUSTOM,
                name=name,
                description=description,
                team=team,
                player_ref=ref,
                player_name=player_name,
                given_by=by,
            )
    except IntegrityError:
        raise Refused(
            "award_given",
            _("%(winner)s already has the award %(name)s this season."),
            field="name",
            winner=player_name or team.name,
            name=name,
        ) from None


@transaction.atomic
def custom_award_revoke(*, award: Award, by: User) -> None:
    """The commissioner takes back a custom award; the game's awards follow its rules and
    are not revoked by hand."""
    league = League.objects.get(pk=award.season.league_id)
    _require_commissioner(by, league)
    if award.kind != Award.Kind.CUSTOM:
        raise Refused(
            "game_award",
            _("This award is the game's, granted by its rules: it cannot be revoked."),
            field="award",
        )
    Award.objects.filter(pk=award.pk).delete()
