"""Checking a Killpower match report before it is stored: the engine reads it against the
teams frozen at kick-off, and every error names its field (``result.home.comas.0.gladiator``,
``decisions.home.redraw.Tom``, ``free_throws.home.0``).

A report is the engine's (:mod:`rules_engine.killpower.report`) plus, per side, the gladiators
left ``badly_wounded`` (they must have played and not be in a coma). Decisions are each
coach's equipment redraws, for gladiators who played or lost their equipment; tournament mode
takes none. Who may be hurt or redraw is the engine's rule
(:mod:`rules_engine.killpower.refusals`), asked here and worded in the reader's language.

Free-throw choices (a tournament draw) are each coach's for his own side ("les entraîneurs
choisissent 2 joueurs"): his shooters (``free_throws.home``) and their distances
(``free_throws.distances.home``); the commissioner may choose for both. A side nobody chose
for is left to the engine's automatic choice.
"""

from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import User
from django.utils.translation import gettext as _

from core import documents
from matches.models import Fixture
from matches.table_results.refusals import ReportRefused
from rules_engine import Dice, InvalidInput, MatchOutcome
from rules_engine.killpower import (
    SYSTEM,
    Decisions,
    KillpowerSettings,
    MatchReport,
    Mode,
    Refusal,
    ReportError,
    Side,
    SideReport,
    parse_report,
    parse_team,
)
from rules_engine.killpower.free_throws import CHOICE_KEYS, sides_chosen
from rules_engine.killpower.refusals import check_played
from systems.killpower import SIDES, roles
from systems.killpower.documents import RESULT_REPORT
from systems.killpower.kickoff import fixture_settings

WOUNDED = "badly_wounded"
VALIDATION_SEED = 0
"""The dry run that checks free-throw choices rolls dice it throws away; the throws that count
are shot when the result is recorded."""


def field_error(exc: InvalidInput) -> ReportRefused:
    """The engine's refusal of the input, on the field the API and the form name."""
    field = exc.field
    if field.startswith("options.free_throws"):
        field = "free_throws" + field.removeprefix("options.free_throws")
    return ReportRefused("invalid", exc.message, field=field)


def split_wounded(payload: Mapping[str, Any]) -> tuple[dict[str, Any], dict[str, list[str]]]:
    """The engine's report (without the sides' ``badly_wounded``) and those lists by side; a
    stored payload of any version is read as today's (``core.documents``)."""
    payload = documents.read(RESULT_REPORT, payload) or {}
    engine_report = dict(payload)
    wounded: dict[str, list[str]] = {side: [] for side in SIDES}
    for side in SIDES:
        data = payload.get(side)
        if isinstance(data, Mapping) and WOUNDED in data:
            names = data[WOUNDED]
            field = f"result.{side}.{WOUNDED}"
            if not isinstance(names, list) or not all(isinstance(n, str) for n in names):
                raise ReportRefused("not_a_list", _("Give a list of gladiator names."), field=field)
            wounded[side] = names
            engine_report[side] = {k: v for k, v in data.items() if k != WOUNDED}
    return engine_report, wounded


def parsed_report(fixture: Fixture, payload: Mapping[str, Any]) -> MatchReport:
    """The engine's reading of a report against the teams frozen at kick-off."""
    settings = KillpowerSettings.parse(fixture_settings(fixture), "settings")
    home, away = parse_team(fixture.home_sheet, "home"), parse_team(fixture.away_sheet, "away")
    engine_report, _wounded = split_wounded(payload)
    try:
        return parse_report(engine_report, home, away, table=settings.targets)
    except InvalidInput as exc:
        raise field_error(exc) from None


def assert_played(code: Refusal, name: str, own: SideReport, *, team: str, field: str) -> None:
    """The engine's rule of who may be hurt or redraw (``check_played``), refused on
    ``field`` naming the gladiator who did not play."""
    try:
        check_played(code, name, played=own.played, team=team, field=field,
                     equipment_lost=own.equipment_lost)  # fmt: skip
    except ReportError:
        message = _("%(name)r did not play the match.") % {"name": name}
        raise ReportRefused("did_not_play", message, field=field, gladiator=name) from None


def _check_wounded(fixture: Fixture, report: MatchReport, wounded: Mapping[str, list[str]]) -> None:
    for side in SIDES:
        own = report.side(Side(side))
        comas = {coma.gladiator for coma in own.comas}
        for i, name in enumerate(wounded[side]):
            field = f"result.{side}.{WOUNDED}.{i}"
            team = getattr(fixture, side).name
            assert_played(Refusal.HURT_NOT_PLAYED, name, own, team=team, field=field)
            if name in comas:
                message = _("%(name)r is listed in a coma.") % {"name": name}
                raise ReportRefused("in_coma", message, field=field, gladiator=name)
            if name in wounded[side][:i]:
                message = _("%(name)r is listed twice.") % {"name": name}
                raise ReportRefused("listed_twice", message, field=field, gladiator=name)


def _assert_chooses(
    fixture: Fixture, side: str, user: User | None, *, field: str, message: str
) -> None:
    """Refuse on ``field`` (``message`` names the ``team``) unless ``user`` may choose for
    ``side``: its coach or the commissioner (``None``: the workflow itself, always)."""
    if user is not None and not roles.can_decide_for_side(user, fixture, side):
        team = getattr(fixture, side).name
        raise ReportRefused("not_your_side", message % {"team": team}, field=field, team=team)


def check_decisions(
    fixture: Fixture, data: object, report: MatchReport, user: User | None
) -> dict[str, Any]:
    """Post-match choices by side: equipment redraws of gladiators who played."""
    if data is None or data == {}:
        return {}
    if not isinstance(data, Mapping):
        message = _("Give the choices by side: home, away.")
        raise ReportRefused("not_by_side", message, field="decisions")
    settings = KillpowerSettings.parse(fixture_settings(fixture), "settings")
    if settings.mode is Mode.TOURNAMENT:
        message = _("Tournament mode: each team is restored as it was before the match.")
        raise ReportRefused("tournament_restores", message, field="decisions")
    chosen: dict[str, Any] = {}
    for side, choice in data.items():
        field = f"decisions.{side}"
        if side not in SIDES:
            raise ReportRefused("unknown_side", _("Choose for home or away."), field=field)
        team = getattr(fixture, side)
        message = _("Only %(team)s's coach or the commissioner chooses for it.")
        _assert_chooses(fixture, side, user, field=field, message=message)
        if isinstance(choice, Mapping):
            for key in choice:
                if key != "redraw":
                    message = _(
                        "Only equipment redraws are chosen with the result; raises are taken "
                        "after the post-match sequence."
                    )
                    raise ReportRefused("redraws_only", message, field=f"{field}.{key}")
        try:
            parsed = Decisions.parse(choice, field)
        except InvalidInput as exc:
            raise field_error(exc) from None
        own = report.side(Side(side))
        for name in parsed.redraw:
            redraw_field = f"{field}.redraw.{name}"
            assert_played(Refusal.REDRAW_NOT_PLAYED, name, own, team=team.name, field=redraw_field)
        chosen[side] = {"redraw": {name: kind.value for name, kind in parsed.redraw.items()}}
    return chosen


def check_free_throws(fixture: Fixture, data: object, user: User | None) -> dict[str, Any] | None:
    """Free-throw choices by side, each chosen by the side's coach or the commissioner (the
    engine checks the shooters and distances themselves)."""
    if data is None or data == {}:
        return None
    if not isinstance(data, Mapping):
        message = _("Give the free-throw choices by side: home, away, distances.")
        raise ReportRefused("not_by_side", message, field="free_throws")
    for key in data:
        if key not in CHOICE_KEYS:
            message = _("Choose for home or away, or give the distances.")
            raise ReportRefused("unknown_side", message, field=f"free_throws.{key}")
    distances = data.get("distances")
    if distances is not None and not isinstance(distances, Mapping):
        message = _("Give the distances by side: home, away.")
        raise ReportRefused("not_by_side", message, field="free_throws.distances")
    for side in sides_chosen(data):
        field = "free_throws." + (side if data.get(side) is not None else f"distances.{side}")
        message = _(
            "Only %(team)s's coach or the commissioner chooses its free-throw shooters and "
            "distances."
        )
        _assert_chooses(fixture, side, user, field=field, message=message)
    return dict(data)


def engine_record(
    fixture: Fixture, engine_report: Mapping[str, Any], free_throws: object, dice: Dice
) -> MatchOutcome:
    """The engine's recording of the report with the settings frozen at kick-off and the
    free-throw choices (a tournament draw's shots thrown on ``dice``)."""
    options: dict[str, Any] = fixture_settings(fixture)
    if free_throws is not None:
        options["free_throws"] = free_throws
    return SYSTEM.record_result(
        fixture.home_sheet, fixture.away_sheet, engine_report, dice=dice, options=options
    )


def check_free_throw_choices(
    fixture: Fixture, engine_report: Mapping[str, Any], free_throws: object
) -> None:
    """The engine's own checks of the free-throw choices (who may shoot, how many, from
    where), on a dry run with dice thrown away."""
    try:
        engine_record(fixture, engine_report, free_throws, Dice(VALIDATION_SEED))
    except InvalidInput as exc:
        raise field_error(exc) from None


def validated(
    fixture: Fixture,
    *,
    result: object,
    decisions: object,
    free_throws: object,
    user: User | None,
) -> tuple[dict[str, Any], dict[str, Any]]:
    """(the payload to store, the decisions to store), or ``ReportRefused`` (a
    ``ValidationError`` too) naming the field. The free-throw
    choices are ``user``'s sides' only (both for the commissioner)."""
    if not isinstance(result, Mapping):
        message = _("Give the match report as a JSON object.")
        raise ReportRefused("not_an_object", message, field="result")
    engine_report, wounded = split_wounded(result)
    report = parsed_report(fixture, engine_report)
    _check_wounded(fixture, report, wounded)
    check_free_throw_choices(fixture, engine_report, check_free_throws(fixture, free_throws, user))
    payload = report.to_dict()
    for side in SIDES:
        payload[side][WOUNDED] = list(wounded[side])
    return payload, check_decisions(fixture, decisions, report, user)
