"""Reading a Rotzball result's record for people: the match grid, each turn in words, the
dice log. Every sentence is built here from the record's fields, so it is translated; the
engine's own English ``summary`` is not shown."""

import re
from itertools import groupby
from typing import Any

from django import template
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from systems.rotzball.roster_messages import roster_issue_text

register = template.Library()

SIDES = ("home", "away")
OTHER = {"home": "away", "away": "home"}
PERIOD = re.compile(r"^extra_(\d+)_(first|second)$")
PURPOSE = re.compile(
    r"^(home|away) (coach test|attack|defence|counter-attack|defence against counter-attack)$"
)
EXTRA_TOSS = re.compile(r"^extra period (\d+) coin toss$")


def _names(fixture) -> dict[str, Any]:
    return {
        "home": fixture.home.name,
        "away": fixture.away.name,
        "home_team": fixture.home,
        "away_team": fixture.away,
    }


@register.filter
def roster_issue(issue) -> str:
    """An engine roster issue as a translated sentence."""
    return roster_issue_text(issue)


@register.filter
def period_label(key: str) -> str:
    if key == "first_half":
        return _("1st half")
    if key == "second_half":
        return _("2nd half")
    match = PERIOD.match(key or "")
    if match:
        number, half = match.groups()
        if half == "first":
            return _("Extra time %(n)s, 1st half") % {"n": number}
        return _("Extra time %(n)s, 2nd half") % {"n": number}
    return key


@register.filter
def roll_result(code: str) -> str:
    """CS, S, F, CF in words."""
    return {
        "CS": _("critical success"),
        "S": _("success"),
        "F": _("failure"),
        "CF": _("critical failure"),
    }.get(code, code)


@register.filter
def tactic_label(tactic: str) -> str:
    return {
        "offensive": _("offensive"),
        "defensive": _("defensive"),
        "balanced": _("balanced"),
    }.get(tactic, tactic)


@register.filter
def decided_by_label(code: str) -> str:
    return {
        "regulation": _("in regulation time"),
        "extra_time": _("in extra time"),
        "possession": _("on possession (the referees' judgement)"),
    }.get(code, code)


@register.simple_tag
def match_grid(record: dict[str, Any], fixture) -> dict[str, Any]:
    """The paper "grille de match": per team a row of turn boxes grouped by period, each box
    a big goal box with the small initiative box in its middle, ticked or not."""
    names = _names(fixture)
    turns = record.get("turns", [])
    periods = [
        {"key": key, "label": period_label(key), "size": len(list(group))}
        for key, group in groupby(turns, key=lambda turn: turn["period"])
    ]
    starts = set()
    previous = None
    for turn in turns:
        if turn["period"] != previous:
            starts.add(turn["turn"])
            previous = turn["period"]
    rows = []
    for side in SIDES:
        rows.append(
            {
                "side": side,
                "team": names[side],
                "cells": [
                    {
                        "number": turn["turn"],
                        "initiative": turn["initiative"] == side,
                        "goal": turn["goal"] == side,
                        "period_start": turn["turn"] in starts,
                    }
                    for turn in turns
                ],
                "goals": sum(turn["goal"] == side for turn in turns),
                "possessions": record.get("possessions", {}).get(side, 0),
            }
        )
    numbers = [{"number": turn["turn"], "period_start": turn["turn"] in starts} for turn in turns]
    return {"periods": periods, "numbers": numbers, "rows": rows}


def _roll(roll: dict[str, Any], names: dict[str, str], parts: list[tuple[str, int]]) -> dict:
    return {
        "team": names[roll["team"]],
        "team_obj": names[f"{roll['team']}_team"],
        "side": roll["team"],
        "roll": roll["roll"],
        "target": roll["target"],
        "result": roll["result"],
        "result_label": roll_result(roll["result"]),
        "parts": parts,
    }


def _parts(base_label: str, target: int, modifiers: list[tuple[str, int]]) -> list[tuple[str, int]]:
    """``target = base + modifiers``: the base is what is left of the target."""
    shown = [(label, value) for label, value in modifiers if value]
    return [(base_label, target - sum(value for _label, value in shown)), *shown]


@register.simple_tag
def turn_account(turn: dict[str, Any], fixture) -> dict[str, Any]:
    """One turn in words: who had the ball and chose what, each roll with its target explained,
    and what came of it."""
    names = _names(fixture)
    initiative = turn["initiative"]
    attacker = turn["attacking"]
    defender = OTHER[attacker]
    mods = turn["modifiers"]
    coach_label = _("coach test") if turn.get("coach_tests") else _("better coach")

    def modifiers(side: str, tactic: int) -> list[tuple[str, int]]:
        tactic_name = (
            _("offensive tactic") if turn["tactic"] == "offensive" else _("defensive tactic")
        )
        return [
            (tactic_name, tactic),
            (coach_label, mods[side]["coach"]),
            (_("carried over"), mods[side]["carry_over"]),
        ]

    attack = _roll(
        turn["attack"],
        names,
        _parts(
            _("attack"), turn["attack"]["target"], modifiers(attacker, mods[attacker]["tactic"])
        ),
    )
    defence = _roll(
        turn["defence"],
        names,
        _parts(
            _("defence"), turn["defence"]["target"], modifiers(defender, mods[defender]["tactic"])
        ),
    )
    counter = None
    if turn.get("counter_attack"):
        raw = turn["counter_attack"]
        tactics = turn["counter_tactics"]  # the engine's, given by selectors.records.match_turns
        counter = {
            "attack": _roll(
                raw["attack"],
                names,
                _parts(
                    _("attack"),
                    raw["attack"]["target"],
                    modifiers(defender, tactics[defender]),
                ),
            ),
            "defence": _roll(
                raw["defence"],
                names,
                _parts(
                    _("defence"),
                    raw["defence"]["target"],
                    modifiers(attacker, tactics[attacker]),
                ),
            ),
        }
    coach_tests = None
    if turn.get("coach_tests"):
        coach_tests = [
            {
                "team": names[side],
                "team_obj": names[f"{side}_team"],
                "side": side,
                **turn["coach_tests"][side],
            }
            for side in SIDES
        ]
    carry = [
        {"team": names[side], "value": value}
        for side, value in turn.get("carry_over_next", {}).items()
        if value
    ]
    return {
        "number": turn["turn"],
        "period": period_label(turn["period"]),
        "initiative": names[initiative],
        "initiative_team": names[f"{initiative}_team"],
        "initiative_side": initiative,
        "tactic": tactic_label(turn["tactic"]),
        "tactic_code": turn["tactic"],
        "attacking": names[attacker],
        "coach_tests": coach_tests,
        "attack": attack,
        "defence": defence,
        "counter": counter,
        "goal": names[turn["goal"]] if turn.get("goal") else None,
        "goal_side": turn.get("goal"),
        "outcome": _outcome(turn, names),
        "carry": carry,
        "score": turn["score"],
    }


def _outcome(turn: dict[str, Any], names: dict[str, str]) -> str:
    attacker = turn["attacking"]
    defender = OTHER[attacker]
    values = {
        "attacker": names[attacker],
        "defender": names[defender],
        "initiative": names[turn["initiative"]],
    }
    counter = turn.get("counter_attack")
    if counter:
        values["scorer"] = names[turn["goal"]] if turn.get("goal") else ""
        if turn.get("goal"):
            return (
                _("%(defender)s wins the ball and counter-attacks at once: goal for %(scorer)s!")
                % values
            )
        if turn["ball_after"] == defender:
            return (
                _(
                    "%(defender)s wins the ball and counter-attacks at once, but does not "
                    "score; it keeps the ball."
                )
                % values
            )
        return (
            _(
                "%(defender)s wins the ball and counter-attacks at once, but %(attacker)s "
                "wins it back."
            )
            % values
        )
    if turn.get("goal"):
        return _("Goal for %(attacker)s! The ball goes to %(defender)s.") % values
    if turn["attack"]["result"] == "CS" and turn["defence"]["result"] == "CS":
        return _("Two critical successes cancel out: nothing happens.")
    if turn["ball_after"] != turn["initiative"]:
        holder = {**values, "holder": names[turn["ball_after"]]}
        return _("%(holder)s takes the ball.") % holder
    return _("No goal; the ball stays with %(initiative)s.") % values


@register.filter
def roll_purpose(purpose: str, fixture) -> str:
    names = _names(fixture)
    if purpose == "coin toss":
        return _("Coin toss for the kick-off (1: %(home)s, 2: %(away)s)") % names
    match = EXTRA_TOSS.match(purpose)
    if match:
        return _("Extra time %(n)s: coin toss (1: %(home)s, 2: %(away)s)") % {
            "n": match.group(1),
            **names,
        }
    match = PURPOSE.match(purpose)
    if match:
        side, what = match.groups()
        label = {
            "coach test": pgettext("roll", "coach test"),
            "attack": pgettext("roll", "attack"),
            "defence": pgettext("roll", "defence"),
            "counter-attack": pgettext("roll", "counter-attack"),
            "defence against counter-attack": pgettext(
                "roll", "defence against the counter-attack"
            ),
        }[what]
        return pgettext("roll purpose", "%(team)s: %(roll)s") % {"team": names[side], "roll": label}
    return purpose
