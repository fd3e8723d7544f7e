"""Read-side queries of the battles app, and the views of a card, a battle and a run.

Pages and the API read through these functions:

* ``campaign_list``, ``army_list``, ``troop_list``, ``battle_list``, ``run_list``,
  ``army_history``: querysets with what a list shows, in a constant number of queries;
* ``army_card(army=, troops=, changes=)``: the engine's battle card of an army, saved or
  being edited (live validation), with errors and warnings naming fields and troops;
* ``battle_detail(battle_id=)``: both cards, the SR and each phase's DCs with their
  modifiers explained, before any roll;
* ``run_view(run_id=)``: a run as the battle page shows it: each phase's DCs and modifiers,
  running totals against SR, the dice of each round, the pending prompt, the final report.
"""

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.contrib.auth.models import User
from django.db.models import Count, Prefetch, QuerySet
from django.utils.translation import gettext as _

from battles import engine
from battles.models import Army, ArmyEvent, Battle, BattleRun, Campaign, Troop
from rules_engine import InvalidInput, witcher

SIDES = engine.SIDES
PHASES = (1, 2, 3)
RUN_HEAVY_FIELDS = ("state", "report")


# --- lists --------------------------------------------------------------------------------


def campaign_list() -> QuerySet[Campaign]:
    """Campaigns with their game master and players, and ``army_count``/``battle_count``."""
    return (
        Campaign.objects.select_related("game_master")
        .prefetch_related(Prefetch("players", queryset=User.objects.order_by("username")))
        .annotate(
            army_count=Count("armies", distinct=True), battle_count=Count("battles", distinct=True)
        )
    )


def _ordered_troops() -> Prefetch:
    return Prefetch("troops", queryset=Troop.objects.order_by("order", "pk"))


def army_list(*, campaign: Campaign | None = None) -> QuerySet[Army]:
    """Armies with their campaign, owner and troops (card order) prefetched."""
    armies = Army.objects.select_related("campaign", "owner").prefetch_related(_ordered_troops())
    return armies.filter(campaign=campaign) if campaign is not None else armies


def troop_list(*, army: Army | None = None) -> QuerySet[Troop]:
    troops = Troop.objects.select_related("army__campaign", "army__owner")
    return troops.filter(army=army) if army is not None else troops


def army_history(*, army: Army) -> QuerySet[ArmyEvent]:
    """The army's history, oldest first: creation, card edits, casualties, recoveries."""
    return army.events.select_related("user", "run").order_by("created_at", "pk")


def battle_list(*, campaign: Campaign | None = None) -> QuerySet[Battle]:
    """Battles with their campaign and armies, and ``run_count``."""
    battles = Battle.objects.select_related("campaign", "attacker", "defender").annotate(
        run_count=Count("runs")
    )
    return battles.filter(campaign=campaign) if campaign is not None else battles


def run_list(*, battle: Battle | None = None) -> QuerySet[BattleRun]:
    """Runs without their heavy engine state and report (``run_view`` reads those)."""
    runs = BattleRun.objects.select_related("battle__campaign", "started_by").defer(
        *RUN_HEAVY_FIELDS
    )
    return runs.filter(battle=battle) if battle is not None else runs


# --- labels -------------------------------------------------------------------------------


def modifier_labels() -> dict[str, str]:
    """The terms of a commander's DC in a phase (``rules_engine.witcher.plan``)."""
    return {
        "enemy_card": _("DC on the enemy's battle card"),
        "specialists": _("Own specialists engaged (−1 each)"),
        "surprise": _("Surprise"),
        "weather": _("Bad weather"),
        "superiority": _("Enemy numerical superiority"),
        "other": _("Game master's modifier"),
    }


def casualty_modifier_labels() -> dict[str, str]:
    """The terms of a casualty test's DC (``rules_engine.witcher.casualties``)."""
    return {
        "enemy_base_dc": _("Enemy's base troop DC"),
        "phases_won": _("Phases won (−1 each)"),
        "phases_lost": _("Phases lost (+1 each)"),
        "superiority": _("Enemy numerical superiority"),
        "enemy_specialists": _("Phases with enemy specialists (+1 each)"),
        "exchange_rolls": _("Exchange rolls of the battle (+1 each)"),
        "enemy_walls": _("Enemy barricades or fortifications"),
    }


@dataclass(frozen=True)
class Modifier:
    key: str
    label: str
    value: int


def _explained(terms: Mapping[str, int], labels: Mapping[str, str]) -> list[Modifier]:
    """The terms in the labels' order (the engine's): a run stored in PostgreSQL's jsonb
    comes back with its keys in jsonb's own order."""
    order = {key: index for index, key in enumerate(labels)}
    ordered = sorted(terms.items(), key=lambda item: order.get(item[0], len(order)))
    return [Modifier(key, labels.get(key, key), value) for key, value in ordered]


# --- battle cards -------------------------------------------------------------------------


@dataclass(frozen=True)
class CardIssueView:
    """An error or warning of a card. ``field`` is the engine's, relative to the army
    (``troops.2.phase``, ``specialists.1``, ``commander.tactics``); ``troop_id`` is the
    troop a ``troops.N`` field names (None for an unsaved line or another field)."""

    field: str
    message: str
    troop_id: int | None = None
    code: str = ""  # the engine's code for the issue, with its params (``witcher.CardIssue``)
    params: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ArmyCard:
    """An army's battle card as the engine computes it (never stored).

    ``card`` is the engine's ``{"total", "main_troops", "base_dc", "dc", "specialists"}``
    (None when the engine cannot read the army); ``commander`` and ``seconds`` carry the
    bases the engine uses (officer templates filled in).
    """

    army: Army
    troops: list[Troop]  # every line, in the card's order (empty lines included)
    engine_input: dict[str, Any]
    card: dict[str, Any] | None
    commander: dict[str, Any] | None
    seconds: dict[str, dict[str, Any]]
    eligible: list[str]
    errors: list[CardIssueView]
    warnings: list[CardIssueView]

    @property
    def ok(self) -> bool:
        """The card has no error: the army may fight."""
        return self.card is not None and not self.errors


def _issue(issue: witcher.CardIssue, lines: Sequence[Troop]) -> CardIssueView:
    parts = issue.field.split(".")
    troop_id = None
    if (
        len(parts) > 1
        and parts[0] == "troops"
        and parts[1].isdigit()
        and int(parts[1]) < len(lines)
    ):
        troop_id = lines[int(parts[1])].pk
    code, params = getattr(issue, "code", ""), getattr(issue, "params", {})
    return CardIssueView(issue.field, issue.message, troop_id, code, params)


def army_card(
    *,
    army: Army,
    troops: Sequence[Troop] | None = None,
    changes: Mapping[str, Any] | None = None,
    tables: witcher.WitcherTables | None = None,
) -> ArmyCard:
    """The battle card of ``army`` as saved, or as it would be with ``troops`` (saved or
    unsaved ``Troop`` instances) and ``changes`` (``name``, ``commander``, ``seconds``,
    ``works``): the card editor's live validation."""
    changes = changes or {}
    lines = sorted(
        list(army.troops.all()) if troops is None else list(troops),
        key=lambda t: (t.order, t.pk or 0),
    )
    data = engine.army_input(
        name=changes.get("name", army.name),
        commander=changes.get("commander", army.commander),
        seconds=changes.get("seconds", army.seconds),
        works=changes.get("works", army.works),
        troops=lines,
    )
    tables = tables or engine.tables_for(army.campaign)
    reading = engine.read_card(data, tables)
    on_card = engine.card_troops(lines)
    card, parsed = reading.card, reading.army
    computed = None
    if card is not None:
        computed = {k: v for k, v in card.to_dict().items() if k not in ("errors", "warnings")}
    seconds = {}
    if parsed is not None:
        seconds = {str(phase): second.to_dict() for phase, second in sorted(parsed.seconds.items())}
    return ArmyCard(
        army=army,
        troops=lines,
        engine_input=data,
        card=computed,
        commander=None if parsed is None else parsed.commander.to_dict(),
        seconds=seconds,
        eligible=[] if card is None else list(card.eligible),
        errors=[_issue(issue, on_card) for issue in reading.errors],
        warnings=[] if card is None else [_issue(issue, on_card) for issue in card.warnings],
    )


# --- battles ------------------------------------------------------------------------------


@dataclass(frozen=True)
class SideSetup:
    """One commander in one phase: who rolls, with which base, against which DC and why."""

    commander: str
    base: int | None  # None while phase 3's skill is not chosen
    dc: int
    modifiers: list[Modifier]


@dataclass(frozen=True)
class PhasePlan:
    number: int
    skill: str | None  # phase 3: None until the phase-2 winner chooses
    sides: dict[str, SideSetup]


def _phase_plans(
    plan: witcher.BattlePlan, skills: Mapping[int, str | None] | None = None
) -> list[PhasePlan]:
    labels = modifier_labels()
    skills = skills or {}
    result = []
    for number in PHASES:
        setup = plan.setup(number)
        skill = skills.get(number, {1: "tactics", 2: "command"}.get(number))
        sides = {}
        for side in witcher.Side:
            commander = setup.commanders[side]
            sides[side.value] = SideSetup(
                commander=commander.name,
                base=None if skill is None else commander.base(witcher.Skill(skill)),
                dc=setup.dc[side],
                modifiers=_explained(setup.modifiers[side], labels),
            )
        result.append(PhasePlan(number, skill, sides))
    return result


@dataclass(frozen=True)
class BattleDetail:
    """A battle before (or beside) its runs: both cards, whether it can be fought, and the
    SR and each phase's DCs with their modifiers (None while a card has errors)."""

    battle: Battle
    cards: dict[str, ArmyCard]
    errors: dict[str, list[str]]  # card errors of both sides, by field: they refuse a run
    sr: int | None
    engaged: int | None
    phases: list[PhasePlan] | None
    runs: list[BattleRun] = field(default_factory=list)
    issues: list[tuple[str, CardIssueView]] = field(default_factory=list)  # (side, error)

    @property
    def ready(self) -> bool:
        return not self.errors and self.phases is not None


def battle_detail(*, battle_id: int) -> BattleDetail:
    """``battle_id``'s battle as it stands now (``Battle.DoesNotExist`` when unknown)."""
    battle = (
        Battle.objects.select_related("campaign", "attacker__owner", "defender__owner")
        .prefetch_related(
            Prefetch("attacker__troops", queryset=Troop.objects.order_by("order", "pk")),
            Prefetch("defender__troops", queryset=Troop.objects.order_by("order", "pk")),
        )
        .get(pk=battle_id)
    )
    tables = engine.tables_for(battle.campaign)
    cards = {side: army_card(army=getattr(battle, side), tables=tables) for side in SIDES}
    errors = {
        f"{side}.{issue.field}": [issue.message] for side in SIDES for issue in cards[side].errors
    }
    issues = [(side, issue) for side in SIDES for issue in cards[side].errors]
    plan = None
    if not errors:
        try:
            data = engine.battle_input(battle)
            plan = witcher.plan_battle(witcher.parse_battle(data, tables=tables))
        except InvalidInput as exc:
            errors = {exc.field: [exc.message]}
            issues = [(exc.field.split(".")[0], CardIssueView(exc.field, exc.message))]
    runs = list(run_list(battle=battle).order_by("-created_at", "-pk"))
    return BattleDetail(
        battle=battle,
        cards=cards,
        errors=errors,
        issues=issues,
        sr=None if plan is None else plan.sr,
        engaged=None if plan is None else plan.engaged,
        phases=None if plan is None else _phase_plans(plan),
        runs=runs,
    )


# --- runs ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class PhaseView:
    """One phase of a run: ``state`` ``won`` (over), ``under_way`` or ``to_come``.

    ``events`` are the engine's, in order: phase 3 opens with the skill choice; exchange
    rounds (``kind: "round"``) carry both rolls (``natural``, ``extra`` d10s of a critical,
    ``fumble``, ``base``, ``luck``, ``total``, ``dc``, ``points``) and the totals after them;
    crucial moments carry their winner and how it was decided. Each has a ``summary``.
    """

    number: int
    state: str
    skill: str | None
    skill_chosen_by: str | None
    sides: dict[str, SideSetup]
    totals: dict[str, int]
    progress: dict[str, int]  # each total as a percentage of SR (at most 100)
    rounds: int
    winner: str | None
    crucial_moment: Any  # None (none planned), "planned", "skipped" or {"winner": side}
    events: list[dict[str, Any]]


@dataclass(frozen=True)
class PendingView:
    """The decision a paused run waits for, and who may answer it (the game master)."""

    decision: str  # "crucial_moment" | "phase3_skill"
    phase: int
    prompt: str
    choices: list[str]
    chooser: str | None  # phase-3 skill: the phase-2 winner
    attacker_chance: float | None  # crucial moment: its planned chance


@dataclass(frozen=True)
class RunView:
    run: BattleRun
    battle: Battle
    names: dict[str, str]  # each side's army name, as it fought
    sr: int
    status: str
    phases: list[PhaseView]  # always three
    phases_won: dict[str, int]
    winner: str | None
    crushing: bool | None  # None until the battle is over
    pending: PendingView | None
    luck_left: dict[str, dict[str, int]]
    casualties: dict[str, dict[str, Any]] | None
    casualty_modifiers: dict[str, list[Modifier]]
    rolls: list[dict[str, Any]]  # every draw of the run: die, value, purpose (code, params)
    report: dict[str, Any] | None  # the engine's final result once finished
    casualties_confirmed_at: datetime | None

    @property
    def finished(self) -> bool:
        return self.status == BattleRun.Status.FINISHED

    @property
    def casualties_to_confirm(self) -> bool:
        return self.casualties is not None and self.casualties_confirmed_at is None


def _pending(pending: Mapping[str, Any], names: Mapping[str, str]) -> PendingView:
    if pending["decision"] == witcher.Decision.CRUCIAL_MOMENT:
        prompt = _(
            "Phase %(phase)s: the crucial moment. Who won it, %(attacker)s or %(defender)s?"
        ) % {"phase": pending["phase"], **names}
        choices = list(SIDES)
    else:
        prompt = _("%(army)s won phase 2: which skill for phase 3, tactics or command?") % {
            "army": names[pending["chooser"]]
        }
        choices = [skill.value for skill in witcher.Skill]
    return PendingView(
        decision=pending["decision"],
        phase=pending["phase"],
        prompt=prompt,
        choices=choices,
        chooser=pending["chooser"],
        attacker_chance=pending["attacker_chance"],
    )


def _percent(total: int, sr: int) -> int:
    return min(100, total * 100 // sr) if sr else 0


def run_view(*, run_id: int) -> RunView:
    """The run as the battle page shows it (``BattleRun.DoesNotExist`` when unknown)."""
    run = BattleRun.objects.select_related(
        "battle__campaign", "battle__attacker", "battle__defender", "started_by"
    ).get(pk=run_id)
    state = engine.run_state(run.state)
    progress = state["progress"]
    plan = engine.plan_of_state(state)
    names = {side: state["battle"][side]["name"] for side in SIDES}
    played = {phase["phase"]: phase for phase in progress["phases"]}
    skills = {number: phase["skill"] for number, phase in played.items()}
    plans = {phase.number: phase for phase in _phase_plans(plan, skills)}
    phases = []
    for number in PHASES:
        phase = played.get(number)
        totals = dict(phase["totals"]) if phase else dict.fromkeys(SIDES, 0)
        moment = (
            phase["crucial_moment"]
            if phase
            else ("planned" if str(number) in state["battle"]["crucial_moments"] else None)
        )
        phases.append(
            PhaseView(
                number=number,
                state="to_come" if phase is None else ("won" if phase["winner"] else "under_way"),
                skill=plans[number].skill,
                skill_chosen_by=phase["skill_chosen_by"] if phase else None,
                sides=plans[number].sides,
                totals=totals,
                progress={side: _percent(totals[side], plan.sr) for side in SIDES},
                rounds=phase["rounds"] if phase else 0,
                winner=phase["winner"] if phase else None,
                crucial_moment=moment,
                events=list(phase["events"]) if phase else [],
            )
        )
    casualties = progress["casualties"]
    labels = casualty_modifier_labels()
    report = engine.run_report(run.report)
    return RunView(
        run=run,
        battle=run.battle,
        names=names,
        sr=progress["sr"],
        status=run.status,
        phases=phases,
        phases_won=progress["phases_won"],
        winner=progress["winner"] if run.status == BattleRun.Status.FINISHED else None,
        crushing=None if report is None else report["crushing"],
        pending=None if progress["pending"] is None else _pending(progress["pending"], names),
        luck_left=progress["luck_left"],
        casualties=casualties,
        casualty_modifiers={}
        if casualties is None
        else {side: _explained(casualties[side]["modifiers"], labels) for side in SIDES},
        rolls=state["rolls"],
        report=report,
        casualties_confirmed_at=run.casualties_confirmed_at,
    )
