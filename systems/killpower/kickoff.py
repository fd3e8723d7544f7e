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

from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.refusals import Forbidden, Refused
from matches import locking
from matches.models import Fixture
from rules_engine import Dice
from rules_engine.killpower import division, draw_rapidity, parse_team, targets
from systems.killpower import RULE_SYSTEM, SIDES, engine, roles
from systems.killpower.selectors import gladiators as selectors


def _problems(fixture: Fixture) -> dict[str, str]:
    problems: dict[str, str] = {}
    for side in SIDES:
        team = getattr(fixture, side)
        unsettled = selectors.team_unsettled_fixture(team=team, exclude=fixture, include_due=False)
        if unsettled is not None:
            opponent = unsettled.away if unsettled.home_id == team.pk else unsettled.home
            problems[side] = _(
                "%(team)s's match against %(opponent)s is not settled yet: its result must be "
                "confirmed and its post-match sequence run first."
            ) % {"team": team.name, "opponent": opponent.name}
            continue
        blocking = [i for i in selectors.roster_issues(team=team) if i.blocking]
        if blocking:
            problems[side] = _("%(team)s's roster is not ready: %(problems)s") % {
                "team": team.name,
                "problems": "; ".join(f"{i.field}: {i.message}" for i in blocking),
            }
    return problems


def kick_off(fixture: Fixture, *, seed: int | None = None) -> None:
    """Freeze both teams into ``fixture`` and draw the RAP; ``ValidationError`` (per side)
    when a team is not ready, leaving the fixture as it was. The caller holds both teams' and
    the fixture's row locks (``matches.locking.lock_fixture_with_teams``)."""
    problems = _problems(fixture)
    if problems:
        raise ValidationError(problems)
    settings = engine.league_settings(fixture.season.league)
    sheets = {side: selectors.team_sheet(team=getattr(fixture, side)) for side in SIDES}
    dice = Dice(seed)
    rapidity = {
        side: draw_rapidity(parse_team(sheets[side], side).gladiators, dice=dice) for side in SIDES
    }
    powers = {side: sheets[side]["power"] for side in SIDES}
    kickoff: dict[str, Any] = {
        "seed": dice.seed,
        "rolls": dice.log(),
        "rapidity": rapidity,
        "power": powers,
        "division": {side: division(powers[side]) for side in SIDES},
        "points_to_score": targets(powers["home"], powers["away"], settings.targets).to_dict(),
    }
    fixture.home_sheet, fixture.away_sheet = sheets["home"], sheets["away"]
    fixture.options = {"settings": settings.to_dict(), "kickoff": kickoff}
    fixture.status = Fixture.Status.LOCKED
    fixture.locked_at = timezone.now()
    fixture.problem = ""
    fixture.save(
        update_fields=["home_sheet", "away_sheet", "options", "status", "locked_at", "problem"]
    )


@transaction.atomic
def fixture_kick_off_now(*, fixture: Fixture, user: User, seed: int | None = None) -> Fixture:
    """The commissioner kicks a scheduled Killpower fixture off now, before its time: both
    teams freeze and the RAP is drawn (:func:`kick_off`). ``Forbidden`` (a 403) for anyone
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
    kick_off(locked, seed=seed)
    return locked


def fixture_settings(fixture: Fixture) -> dict[str, Any]:
    """The engine settings frozen at kick-off."""
    return dict((fixture.options or {}).get("settings") or {})
