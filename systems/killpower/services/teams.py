"""Write-side operations on Killpower Ball teams and gladiators.

Keyword-only; what the user can fix raises ``ValidationError`` with field messages and
changes nothing. Everything drawn (equipment, power cards) goes through one
:class:`rules_engine.Dice`, whose seed and rolls are stored in the gladiators' events.
"""

from collections.abc import Mapping, Sequence
from typing import Any

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.db import transaction
from django.utils.translation import gettext as _

from core.history import record_saves
from core.names import name_clean
from core.refusals import Refused, engine_refused
from league.defaults import teams_rows_checked
from league.models import League, Team
from league.selectors import teams_coloured
from rules_engine import Dice, IllegalAction, InvalidInput
from rules_engine.killpower import Characteristic, create_team, parse_recruit, take_raise
from systems.killpower import RULE_SYSTEM, engine
from systems.killpower.models import TEAM_SIZE, Gladiator, GladiatorEvent
from systems.killpower.selectors import gladiators as selectors


def killpower_team_register(
    *,
    league: League,
    name: str,
    coach: User | None = None,
    gladiators: Sequence[Mapping[str, Any]] = (),
    primary_colour: str | None = None,
    secondary_colour: str | None = None,
    seed: int | None = None,
) -> Team:
    """A new Killpower team of seven gladiators drawn by the engine (2.1):
    :func:`killpower_teams_register` for one.

    ``gladiators`` are the coach's choices, at most seven ``{"name", "specialization",
    "equipment", "cards"?}``; the engine completes the team with automatic recruits
    (``Recruit N``), draws each magic armour and the card holders' power cards from the
    league's deck. Each gladiator's ``created`` event keeps the seed and his rolls.
    """
    spec = {
        "name": name,
        "coach": coach,
        "gladiators": gladiators,
        "primary_colour": primary_colour,
        "secondary_colour": secondary_colour,
        "seed": seed,
    }
    return killpower_teams_register(league=league, teams=[spec])[0]


def _chosen(gladiators: Any) -> list[Any]:
    """The coach's choices, read by the engine; their names unique in the team."""
    if not isinstance(gladiators, Sequence) or isinstance(gladiators, str):
        raise Refused("gladiators_required", _("Give a list of gladiators."), field="gladiators")
    if len(gladiators) > TEAM_SIZE:
        raise Refused(
            "too_many_gladiators",
            _("A team has seven gladiators: name at most seven."),
            field="gladiators",
        )
    named = [_default_name(item, number) for number, item in enumerate(gladiators, 1)]
    try:
        chosen = [parse_recruit(item, f"gladiators.{i}") for i, item in enumerate(named)]
    except InvalidInput as exc:
        raise engine_refused(exc) from None
    taken: set[str] = set()
    for i, recruit in enumerate(chosen):
        _assert_name_free(recruit.name, taken, field=f"gladiators.{i}.name")
        taken.add(recruit.name.casefold())
    return chosen


@transaction.atomic
def killpower_teams_register(*, league: League, teams: Sequence[Mapping[str, Any]]) -> list[Team]:
    """New Killpower teams (``teams``: :func:`killpower_team_register`'s arguments each), in
    order, their rows, gladiators and ``created`` events written in a few statements."""
    if league.rule_system != RULE_SYSTEM:
        raise Refused("not_killpower", _("This is not a Killpower Ball league."), field="league")
    settings = engine.league_settings(league)
    choices = [_chosen(spec.get("gladiators", ())) for spec in teams]
    rows = teams_rows_checked(league=league, teams=teams_coloured(league=league, teams=teams))
    gladiators: list[Gladiator] = []
    events: list[GladiatorEvent] = []
    for team, chosen, spec in zip(rows, choices, teams, strict=True):
        dice = Dice(spec.get("seed"))
        try:
            built = create_team(team.name, chosen, dice=dice, deck=settings.power_cards)
        except InvalidInput as exc:  # the engine names the coach's choices "recruits"
            field = "gladiators" + exc.field.removeprefix("recruits")
            raise Refused("gladiators_invalid", exc.message, field=field) from None
        rolls = dice.log()
        for number, drawn in enumerate(built.gladiators, start=1):
            gladiator = engine.gladiator_row(team, number, drawn.to_dict())
            try:
                gladiator.full_clean(exclude=["team"])
            except ValidationError as error:
                prefix = f"gladiators.{number - 1}"
                raise ValidationError(
                    {f"{prefix}.{key}": said for key, said in error.message_dict.items()}
                ) from None
            gladiators.append(gladiator)
            detail = {
                "seed": dice.seed,
                "equipment": drawn.equipment.to_dict(),
                "chosen_by_coach": number <= len(chosen),
                "rolls": engine.rolls_for(rolls, drawn.name),
            }
            events.append(
                GladiatorEvent(gladiator=gladiator, kind=GladiatorEvent.Kind.CREATED, detail=detail)
            )
    rows = Team.objects.bulk_create(rows)
    Gladiator.objects.bulk_create(gladiators)
    GladiatorEvent.objects.bulk_create(events)
    record_saves(saves=[(None, row) for row in [*rows, *gladiators]])
    return rows


def _default_name(item: Any, number: int) -> Any:
    """A chosen gladiator left unnamed keeps the engine's name for his place: ``Recruit N``."""
    if isinstance(item, Mapping) and not str(item.get("name") or "").strip():
        return {**item, "name": f"Recruit {number}"}
    return item


def _assert_name_free(name: str, taken: set[str], *, field: str) -> None:
    if name.casefold() in taken:
        raise Refused(
            "name_taken",
            _("Another gladiator of the team is called %(name)s."),
            field=field,
            name=name,
        )


def _locked_editable(gladiator: Gladiator) -> Gladiator:
    """The gladiator read again under his team's row lock; refused when he is dead or while
    his team's gladiators are frozen: a match not settled, or a tournament still being played
    (``selectors.gladiators.gladiators_frozen``)."""
    Team.objects.select_for_update().filter(pk=gladiator.team_id).first()
    gladiator = Gladiator.objects.select_related("team__league").get(pk=gladiator.pk)
    if not gladiator.alive:
        raise Refused(
            "gladiator_dead", _("%(name)s is dead."), field="gladiator", name=gladiator.name
        )
    if (frozen := selectors.gladiators_frozen(team=gladiator.team)) is not None:
        raise frozen
    return gladiator


@transaction.atomic
def gladiator_raise(*, gladiator: Gladiator, characteristic: str) -> Gladiator:
    """Raise one of PHY, HAB, POU, BAL, VIE by 1 with a raise the gladiator's XP allows, within
    the race maximum (chapter 12). XP is never spent. Refused between kick-off and the end of
    the post-match sequence, and while the team is still in a tournament (it plays each round
    as it entered: :func:`_locked_editable`)."""
    gladiator = _locked_editable(gladiator)
    try:
        chosen = Characteristic(characteristic)
    except ValueError:
        raise Refused(
            "unknown_characteristic",
            _("Choose one of PHY, HAB, POU, BAL, VIE."),
            field="characteristic",
        ) from None
    try:
        raised = take_raise(engine.engine_gladiator(gladiator), chosen)
    except IllegalAction as exc:
        raise Refused("raise_refused", str(exc), field="characteristic") from None
    gladiator.raises = {c.value: n for c, n in raised.raises.items() if n}
    gladiator.save(update_fields=["raises"])
    GladiatorEvent.objects.create(
        gladiator=gladiator,
        kind=GladiatorEvent.Kind.RAISE,
        detail={
            "characteristic": chosen.value,
            "value": raised.value(chosen),
            "raises_available": raised.raises_available,
        },
    )
    return gladiator


@transaction.atomic
def gladiator_rename(*, gladiator: Gladiator, name: str) -> Gladiator:
    """Give a living gladiator another name, unique among his team's living gladiators; nothing
    else changes (characteristics, history). Refused while his team's gladiators are frozen
    (result reports name them: :func:`_locked_editable`)."""
    name = name_clean(name, max_length=Gladiator._meta.get_field("name").max_length)
    gladiator = _locked_editable(gladiator)  # a bad name is refused before a frozen team
    others = selectors.living_gladiators(team=gladiator.team)
    taken = {other.name.casefold() for other in others if other.pk != gladiator.pk}
    _assert_name_free(name, taken, field="name")
    gladiator.name = name
    gladiator.save(update_fields=["name"])
    return gladiator


def league_rules_check(*, league: League, has_fixtures: bool) -> None:
    """A Killpower Ball league's format and house rules, as the engine reads them; the format
    cannot change once a season has fixtures. Errors name the setting."""
    if has_fixtures:
        raise Refused(
            "format_locked",
            _("The format cannot change once a season has fixtures."),
            field="competition_format",
        )
    engine.parse_house_rules(league.house_rules, competition_format=league.competition_format)
