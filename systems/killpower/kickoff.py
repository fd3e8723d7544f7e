"""Kick-off of a Killpower Ball fixture: what is frozen and drawn before the match.

Both teams' rows are locked; each team must be settled (no other match of it waiting for its
result or its post-match sequence) and have its seven gladiators. Then:

* ``home_sheet`` / ``away_sheet``: the engine's team sheets (gladiators with their ``id`` and
  ``number``, characteristics, armour, power, division): in tournament mode, the team as it
  is restored before every match;
* ``options["settings"]``: the league's settings as the engine reads them (mode included);
* ``options["kickoff"]``: the RAP drawn for each gladiator (1D10, TABLE 12) with its seed and
  rolls, both teams' power and division, and the points each must score (TABLE 3).

A fixture kicks off at its scheduled time (the sweeper), when its result is first entered, or
earlier by the commissioner's command, ``fixture_kick_off_now``.
"""

from collections.abc import Mapping, Sequence
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import prefetch_related_objects
from django.utils import timezone
from django.utils.translation import gettext as _

from core.refusals import Forbidden, Refused
from league.models import Team
from matches import locking
from matches.frozen_kickoff import FrozenKickOff
from matches.models import Fixture
from rules_engine import Dice
from rules_engine.killpower import KillpowerSettings, draw_rapidity, parse_team
from rules_engine.killpower.power import match_up
from systems.killpower import RULE_SYSTEM, SIDES, engine, roles
from systems.killpower.selectors import gladiators as selectors


def fixtures_freeze(
    *, fixtures: Sequence[Fixture], seeds: Sequence[int | None] | None = None
) -> list[tuple[Fixture, ValidationError]]:
    """Set what the kick-off freezes on each of ``fixtures`` (nothing written), in order: each
    team judged and its sheet built once, a team kicked off here busy for its next fixture.
    Returns each fixture that cannot kick off with its ``ValidationError`` per side."""
    teams = {team.pk: team for fixture in fixtures for team in (fixture.home, fixture.away)}
    prefetch_related_objects(list(teams.values()), "killpower", selectors.living_prefetch())
    busy = selectors.teams_unsettled_fixtures(teams=list(teams.values()), exclude=fixtures)
    sheets: dict[int, dict[str, Any]] = {}
    settings: dict[int, KillpowerSettings] = {}
    refused, now = [], timezone.now()
    for fixture, seed in zip(fixtures, seeds or [None] * len(fixtures), strict=True):
        problems = {side: why for side in SIDES if (why := _problem(getattr(fixture, side), busy))}
        if problems:
            refused.append((fixture, ValidationError(problems)))
            continue
        league = fixture.season.league
        if league.pk not in settings:
            settings[league.pk] = engine.league_settings(league)
        for team_id in (fixture.home_id, fixture.away_id):
            if team_id not in sheets:
                sheets[team_id] = selectors.team_sheet(team=teams[team_id])
            busy[team_id] = fixture
        _freeze(fixture, sheets, settings[league.pk], Dice(seed))
        fixture.locked_at = now
    return refused


FROZEN = ["home_sheet", "away_sheet", "options", "status", "locked_at", "problem"]
"""The fields a kick-off writes."""
KICK_OFF = FrozenKickOff(fixtures_freeze, FROZEN)
"""The kick-off (``matches.plugins.kick_off``): ``KICK_OFF.kick_off(fixture, seeds=[seed])``
draws the RAP on ``seed``, ``KICK_OFF.kick_off_many(fixtures=..., seeds=...)`` each on its
seed (fresh dice without)."""


def _problem(team: Team, busy: Mapping[int, Fixture]) -> str | None:
    """Why ``team`` cannot kick off: another match of it not settled, or its roster."""
    unsettled = busy.get(team.pk)
    if unsettled is not None:
        opponent = unsettled.away if unsettled.home_id == team.pk else unsettled.home
        return _(
            "%(team)s's match against %(opponent)s is not settled yet: its result must be "
            "confirmed and its post-match sequence run first."
        ) % {"team": team.name, "opponent": opponent.name}
    blocking = [i for i in selectors.roster_issues(team=team) if i.blocking]
    if blocking:
        return _("%(team)s's roster is not ready: %(problems)s") % {
            "team": team.name,
            "problems": "; ".join(f"{i.field}: {i.message}" for i in blocking),
        }
    return None


def _freeze(
    fixture: Fixture,
    sheets: Mapping[int, dict[str, Any]],
    settings: KillpowerSettings,
    dice: Dice,
) -> None:
    """The sheets, the settings and the RAP drawn on ``dice`` set on ``fixture``."""
    sheet = {"home": sheets[fixture.home_id], "away": sheets[fixture.away_id]}
    rapidity = {
        side: draw_rapidity(parse_team(sheet[side], side).gladiators, dice=dice) for side in SIDES
    }
    kickoff: dict[str, Any] = {
        "seed": dice.seed,
        "rolls": dice.log(),
        "rapidity": rapidity,
        **match_up(sheet["home"]["power"], sheet["away"]["power"], settings.targets),
    }
    fixture.home_sheet, fixture.away_sheet = sheet["home"], sheet["away"]
    fixture.options = {"settings": settings.to_dict(), "kickoff": kickoff}
    fixture.status = Fixture.Status.LOCKED
    fixture.problem = ""


@transaction.atomic
def fixture_kick_off_now(*, fixture: Fixture, user: User, seed: int | None = None) -> Fixture:
    """The commissioner kicks a scheduled Killpower fixture off now, before its time: both
    teams freeze and the RAP is drawn (:data:`KICK_OFF`). ``Forbidden`` (a 403) for anyone
    else; ``Refused`` on the ``fixture`` field when the fixture is not scheduled, or a
    ``ValidationError`` per side when a team is not ready (nothing changes then)."""
    locked = locking.lock_fixture_with_teams(fixture.pk)
    if locked is None:
        raise Refused("not_found", _("No such fixture."), field="fixture")
    if locked.season.league.rule_system != RULE_SYSTEM:
        raise Refused(
            "wrong_game",
            _("Only Killpower Ball fixtures are kicked off by the commissioner."),
            field="fixture",
        )
    if not roles.can_kick_off_fixture(user, locked):
        raise Forbidden(_("Only the commissioner kicks a fixture off before its time."))
    refused = {
        Fixture.Status.LOCKED: ("already_kicked_off", _("This fixture has already kicked off.")),
        Fixture.Status.PLAYED: ("fixture_closed", _("This fixture already has its result.")),
        Fixture.Status.CANCELLED: ("fixture_cancelled", _("This fixture is cancelled.")),
    }
    if locked.status in refused:
        code, message = refused[locked.status]
        raise Refused(code, message, field="fixture")
    KICK_OFF.kick_off(locked, seeds=[seed])
    return locked


def fixture_settings(fixture: Fixture) -> dict[str, Any]:
    """The engine settings frozen at kick-off."""
    return dict((fixture.options or {}).get("settings") or {})
