"""The one adapter between battle rows and ``rules_engine.witcher``'s plain JSON.

It builds the engine's inputs from models (an army with its troops, a battle, a campaign's
house rules) and turns the engine's :class:`~rules_engine.InvalidInput` into a
``Refused`` naming the field. No rule lives here: every card, DC, roll and casualty
comes back from the engine.
"""

from collections.abc import Mapping, Sequence
from typing import Any, NamedTuple

from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _

from battles.models import Army, Battle, Campaign, Troop
from core.refusals import Refused, engine_refused
from rules_engine import InvalidInput, witcher

SIDES = ("attacker", "defender")
PROBE_TROOPS = [{"name": "probe", "dc": 12, "count": 1}]


def parse_house_rules(house_rules: object) -> witcher.WitcherTables:
    """The Witcher tables with a campaign's overrides, or ``ValidationError`` on
    ``house_rules.<section>``."""
    if house_rules in (None, {}):
        return witcher.default_tables()
    if not isinstance(house_rules, Mapping):
        raise Refused(
            "house_rules_not_object",
            _("Give the house rules as a JSON object."),
            field="house_rules",
        )
    try:
        return witcher.load_tables(house_rules)
    except InvalidInput as exc:
        field = exc.field.removeprefix("tables").lstrip(".")
        raise engine_refused(InvalidInput(field, exc.message), prefix="house_rules") from None


def tables_for(campaign: Campaign) -> witcher.WitcherTables:
    return parse_house_rules(campaign.house_rules)


def card_troops(troops: Sequence[Troop]) -> list[Troop]:
    """The troops that stand on the card, in the card's order: a troop with nobody left
    fighting (every soldier dead or wounded) is left out."""
    return [troop for troop in sorted(troops, key=lambda t: (t.order, t.pk or 0)) if troop.count]


def troop_input(troop: Troop) -> dict[str, Any]:
    return {"name": troop.name, "dc": troop.dc, "count": troop.count, "phase": troop.phase}


def army_input(
    *,
    name: str,
    commander: object,
    seconds: object = None,
    works: object = None,
    troops: Sequence[Troop] = (),
    deployment: object = None,
) -> dict[str, Any]:
    """The engine's army JSON (``rules_engine.witcher.army``) from a card's parts."""
    data: dict[str, Any] = {
        "name": name,
        "commander": commander,
        "troops": [troop_input(troop) for troop in card_troops(troops)],
        "works": works or {},
    }
    if seconds:
        data["seconds"] = seconds
    if deployment:
        data["deployment"] = deployment
    return data


def battle_input(
    battle: Battle, *, troops: Mapping[str, Sequence[Troop]] | None = None
) -> dict[str, Any]:
    """``battle`` as the engine reads it (``rules_engine.witcher.battle``), from the armies'
    current cards. ``troops`` may give a side's troops (e.g. freshly locked rows)."""
    troops = troops or {}
    deployment = battle.deployment if isinstance(battle.deployment, Mapping) else {}
    data: dict[str, Any] = {}
    for side in SIDES:
        army: Army = getattr(battle, side)
        side_troops = troops.get(side)
        data[side] = army_input(
            name=army.name,
            commander=army.commander,
            seconds=army.seconds,
            works=army.works,
            troops=list(army.troops.all()) if side_troops is None else side_troops,
            deployment=deployment.get(side),
        )
    data["circumstances"] = battle.circumstances or {}
    data["crucial_moments"] = battle.crucial_moments or {}
    data["options"] = battle.options or {}
    return data


def check_army_settings(
    *,
    name: str,
    commander: object,
    seconds: object,
    works: object,
    tables: witcher.WitcherTables,
) -> None:
    """Let the engine read the card's commander, seconds and works (troops apart):
    ``ValidationError`` naming the field (``commander.tactics``, ``seconds.2.name``)."""
    probe = army_input(name=name or "?", commander=commander, seconds=seconds, works=works)
    probe["troops"] = PROBE_TROOPS
    try:
        witcher.parse_army(probe, "", tables)
    except InvalidInput as exc:
        raise engine_refused(exc) from None


def check_battle_settings(
    *,
    circumstances: object,
    crucial_moments: object,
    options: object,
    deployment: object,
    tables: witcher.WitcherTables,
) -> None:
    """Let the engine read a battle's circumstances, crucial moments, options and
    deployment (the armies apart): ``ValidationError`` naming the field."""
    if not isinstance(deployment, Mapping):
        raise Refused(
            "deployment_not_object", _("Give the deployment as a JSON object."), field="deployment"
        )
    unknown = [key for key in deployment if key not in SIDES]
    if unknown:
        raise ValidationError(
            {f"deployment.{key}": [_("is not a side (attacker, defender)")] for key in unknown}
        )
    probe = {"name": "probe", "commander": {"name": "probe", "tactics": 12, "command": 12}}
    data = {
        side: {**probe, "name": side, "troops": PROBE_TROOPS, "deployment": deployment.get(side)}
        for side in SIDES
    }
    data.update(circumstances=circumstances, crucial_moments=crucial_moments, options=options)
    try:
        witcher.parse_battle(data, tables=tables)
    except InvalidInput as exc:
        side, _dot, rest = exc.field.partition(".")
        if side in SIDES and rest.startswith("deployment"):
            raise Refused(
                "deployment_invalid",
                exc.message,
                field=f"deployment.{side}{rest.removeprefix('deployment')}",
            ) from None
        raise engine_refused(exc) from None


class CardReading(NamedTuple):
    """What the engine makes of an army: the parsed army and its card (None when the engine
    cannot read the army at all), and the card's errors (or the one reading error)."""

    army: witcher.Army | None
    card: witcher.BattleCard | None
    errors: list[witcher.CardIssue]


def read_card(army: Mapping[str, Any], tables: witcher.WitcherTables) -> CardReading:
    """The engine's battle card of an army's JSON and its errors; an army the engine cannot
    read (no troops, a commander without bases) has no card and one error naming the field."""
    try:
        parsed = witcher.parse_army(army, "", tables)
    except InvalidInput as exc:
        return CardReading(None, None, [witcher.CardIssue(exc.field, exc.message)])
    card = witcher.battle_card(parsed, tables)
    return CardReading(parsed, card, list(card.errors))


def card_errors(battle: Mapping[str, Any], tables: witcher.WitcherTables) -> dict[str, list[str]]:
    """Both armies' card errors, by field (``defender.troops.3.phase``): a battle with any
    is refused."""
    errors: dict[str, list[str]] = {}
    for side in SIDES:
        for issue in read_card(battle[side], tables).errors:
            errors.setdefault(f"{side}.{issue.field}", []).append(issue.message)
    return errors


def run_state(state: Mapping[str, Any]) -> dict[str, Any]:
    """A run's stored state in the engine's current shape: a state an earlier engine stored
    (roll purposes as English phrases) comes back with each purpose as a code and its
    parameters, as the engine itself reads it when it resumes the run."""
    return witcher.upgrade_state(state)


def run_report(report: Mapping[str, Any] | None) -> dict[str, Any] | None:
    """A run's final report with its rolls' purposes as codes, whichever engine stored it."""
    if report is None:
        return None
    return {**report, "rolls": witcher.upgrade_rolls(report.get("rolls", []))}


def plan_of_state(state: Mapping[str, Any]) -> witcher.BattlePlan:
    """The plan (SR, each phase's commanders and DCs) of the battle a run's state holds."""
    tables = witcher.WitcherTables.from_dict(state["tables"])
    return witcher.plan_battle(witcher.parse_battle(state["battle"], tables=tables))


class RunReplayError(ValidationError):
    """A stored run that this version of the rules engine does not replay."""


def run_load(state: object) -> witcher.BattleRun:
    """A stored run, resumed on its dice stream. A state that no longer replays (stored by
    another version of the engine, or changed by hand) raises :class:`RunReplayError`, a
    ``ValidationError`` on ``run`` that says so."""
    try:
        return witcher.BattleRun.from_dict(state)
    except (InvalidInput, ValueError, KeyError, TypeError) as exc:
        raise RunReplayError(
            {
                "run": [
                    _(
                        "This run's record no longer replays with the rules engine (%(detail)s): "
                        "start a new run of the battle."
                    )
                    % {"detail": exc}
                ]
            }
        ) from None
