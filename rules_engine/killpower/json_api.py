"""Plain-JSON entry points: JSON-able values in, JSON-able dicts out.

The command line calls these; so may the Django adapter, which may as well use the typed
functions they wrap. Every bad input raises :class:`InvalidInput` naming its field. A call that
rolls takes ``seed`` (``None``: a fresh one) and returns it with its roll log.
"""

from __future__ import annotations

from typing import Any

from rules_engine.dice import Dice
from rules_engine.errors import InvalidInput
from rules_engine.killpower.bracket import advance, single_elimination
from rules_engine.killpower.creation import draw_rapidity, parse_recruit
from rules_engine.killpower.damage import damage_state, death_risk
from rules_engine.killpower.free_throws import Shooter, free_throws
from rules_engine.killpower.gladiator import parse_gladiator
from rules_engine.killpower.parsing import (
    choice,
    integer,
    join,
    listing,
    mapping,
    require,
    text,
)
from rules_engine.killpower.power import division, power, targets
from rules_engine.killpower.ranking import Standing, ranking_points
from rules_engine.killpower.recruiting import create_team
from rules_engine.killpower.report import Result, parse_score
from rules_engine.killpower.settings import KillpowerSettings
from rules_engine.killpower.sides import Side
from rules_engine.killpower.system import SYSTEM
from rules_engine.killpower.team import parse_team, team_issues
from rules_engine.killpower.tournament import parse_distances
from rules_engine.systems import MatchOutcome


def power_and_division(
    ranking_points: object, total_xp: object, race_bonus: object = 0
) -> dict[str, int]:
    value = power(
        integer(ranking_points, "ranking_points", low=0),
        integer(total_xp, "total_xp", low=0),
        integer(race_bonus, "race_bonus"),
    )
    return {"power": value, "division": division(value)}


def points_to_score(
    home_power: object, away_power: object, settings: object = None
) -> dict[str, int]:
    table = KillpowerSettings.parse(settings).targets
    home = integer(home_power, "home_power", low=0)
    return targets(home, integer(away_power, "away_power", low=0), table).to_dict()


def _standing(data: object, field: str) -> Standing:
    standing = mapping(data, field)
    return Standing(
        integer(require(standing, "points", field), join(field, "points"), low=0),
        integer(require(standing, "power", field), join(field, "power"), low=0),
    )


def new_ranking_points(
    home: object, away: object, result: object, abandoned_by: object = None, settings: object = None
) -> dict[str, int]:
    winner = choice(result, Result, "result").winner
    abandoner = None if abandoned_by is None else choice(abandoned_by, Side, "abandoned_by")
    new_home, new_away = ranking_points(
        _standing(home, "home"),
        _standing(away, "away"),
        winner,
        abandoned_by=abandoner,
        settings=KillpowerSettings.parse(settings).ranking,
    )
    return {"home": new_home, "away": new_away}


def damage(vie: object, armour: object, damage: object, wound: object = False) -> dict[str, Any]:
    if not isinstance(wound, bool):
        raise InvalidInput("wound", "must be true or false")
    return damage_state(
        integer(vie, "vie", low=0),
        integer(armour, "armour", low=0),
        integer(damage, "damage", low=0),
        wound=wound,
    ).to_dict()


def _shooter(data: object, field: str) -> Shooter:
    entry = mapping(data, field)
    if "BAL" in entry:
        name = text(require(entry, "name", field), join(field, "name"))
        return Shooter(name, integer(entry["BAL"], join(field, "BAL"), low=0))
    return Shooter.of(parse_gladiator(entry, field))


def shoot_free_throws(
    home: object,
    away: object,
    home_power: object,
    away_power: object,
    score: object,
    seed: int | None = None,
    distances: object = None,
) -> dict[str, Any]:
    """Free throws: a gladiator is a full sheet or just ``{"name", "BAL"}``."""
    shooters = {
        side: [
            _shooter(item, join(side.value, i)) for i, item in enumerate(listing(data, side.value))
        ]
        for side, data in ((Side.HOME, home), (Side.AWAY, away))
    }
    powers = {
        Side.HOME: integer(home_power, "home_power", low=0),
        Side.AWAY: integer(away_power, "away_power", low=0),
    }
    dice = Dice(seed)
    result = free_throws(
        shooters,
        powers=powers,
        score=parse_score(score, "score"),
        dice=dice,
        distances=parse_distances(distances),
    )
    return {**result.to_dict(), "seed": dice.seed}


def new_team(
    name: object, recruits: object = None, seed: int | None = None, settings: object = None
) -> dict[str, Any]:
    deck = KillpowerSettings.parse(settings).power_cards
    chosen = [
        parse_recruit(item, join("recruits", i))
        for i, item in enumerate(listing(recruits or [], "recruits"))
    ]
    dice = Dice(seed)
    team = create_team(text(name, "name"), chosen, dice=dice, deck=deck)
    return {"team": team.to_dict(), "seed": dice.seed, "rolls": dice.log()}


def rapidity(team: object, seed: int | None = None) -> dict[str, Any]:
    dice = Dice(seed)
    values = draw_rapidity(parse_team(team, "team", exact=False).gladiators, dice=dice)
    return {"rapidity": values, "seed": dice.seed, "rolls": dice.log()}


def roll_death_risk(
    gladiator: object,
    state: object,
    location: object = None,
    seed: int | None = None,
    settings: object = None,
) -> dict[str, Any]:
    dice = Dice(seed)
    if location is not None and not isinstance(location, str):
        raise InvalidInput("location", "must be a string")
    risk = death_risk(
        text(gladiator, "gladiator"),
        integer(state, "state"),
        dice=dice,
        location=location,
        table=KillpowerSettings.parse(settings).death_risk,
    )
    return {**risk.to_dict(), "seed": dice.seed, "rolls": dice.log()}


def record_match(
    home: object, away: object, result: object, seed: int | None = None, options: object = None
) -> dict[str, Any]:
    """Validate an entered result (:meth:`KillpowerSystem.record_result`) -> the outcome."""
    dice = Dice(seed)
    outcome = SYSTEM.resolve_match(
        mapping(home, "home"),
        mapping(away, "away"),
        dice=dice,
        options={**mapping(options or {}, "options"), "result": result},
    )
    return outcome_dict(outcome)


def outcome_dict(outcome: MatchOutcome) -> dict[str, Any]:
    return {
        "home_score": outcome.home_score,
        "away_score": outcome.away_score,
        "winner": outcome.winner,
        "decided_by": outcome.decided_by,
        "seed": outcome.seed,
        "record": outcome.record,
    }


def run_post_match(
    outcome: object, seed: int | None = None, options: object = None
) -> dict[str, Any]:
    """The post-match sequence of both teams, from an outcome as :func:`record_match` gives."""
    data = mapping(outcome, "outcome")
    recorded = MatchOutcome(
        home_score=integer(require(data, "home_score", "outcome"), "outcome.home_score", low=0),
        away_score=integer(require(data, "away_score", "outcome"), "outcome.away_score", low=0),
        winner=data.get("winner"),
        decided_by=str(data.get("decided_by", "")),
        seed=integer(data.get("seed", 0), "outcome.seed", low=0),
        record=dict(mapping(require(data, "record", "outcome"), "outcome.record")),
    )
    dice = Dice(seed)
    result = SYSTEM.post_match(recorded, dice=dice, options=mapping(options or {}, "options"))
    return {**result, "seed": dice.seed, "rolls": dice.log()}


def bracket(entrants: object, winners: object = None) -> dict[str, Any]:
    listed = listing(entrants, "entrants")
    built = single_elimination(listed)
    if winners is not None:
        built = advance(built, dict(mapping(winners, "winners")))
    return built.to_dict()


def check_team(team: object) -> dict[str, Any]:
    issues = team_issues(mapping(team, "team"))
    return {
        "valid": not any(issue.blocking for issue in issues),
        "issues": [
            {"field": issue.field, "message": issue.message, "blocking": issue.blocking}
            for issue in issues
        ],
    }
