"""The one adapter between Mythril rows and ``rules_engine.mythril``'s plain data.

It builds the engine's inputs from models (a league's team list with the champions on offer,
its prices and pitches, a draft, a player) and turns the engine's
:class:`~rules_engine.InvalidInput` into a ``Refused`` naming the field. No rule lives here.
"""

from collections.abc import Iterable
from typing import Any

from django.utils.translation import gettext as _

from core.refusals import Refused
from rules_engine import InvalidInput
from rules_engine.mythril import Player as EnginePlayer
from rules_engine.mythril.roster import Prices
from rules_engine.mythril.roster import TeamList as EngineTeamList
from rules_engine.mythril.sample import load_sample
from systems.mythril.models import Champion, PitchType, Position, TeamList

STATS = ("ma", "st", "ag", "av")


def field_refusal(exc: InvalidInput) -> Refused:
    """The engine's refusal of a bad input, the message naming the field."""
    return Refused("invalid", f"{exc.field}: {exc.message}", field=exc.field)


def sample_roster_data() -> dict[str, Any]:
    """The engine's shipped sample roster data, in the import file's shape (its ``sample``
    and ``note`` marks aside)."""
    data = load_sample().to_dict()
    return {key: value for key, value in data.items() if key not in ("sample", "note")}


def profile_input(row: Any) -> dict[str, int] | None:
    if getattr(row, "ma", None) is None:
        return None
    return {key: getattr(row, key) for key in STATS}


def champion_input(champion: Champion) -> dict[str, Any]:
    return {
        "name": champion.name,
        "cost": champion.cost,
        "races": list(champion.races),
        "big_guy": champion.big_guy,
        "profile": profile_input(champion),
        "skills": list(champion.skills),
    }


def position_input(position: Position) -> dict[str, Any]:
    """A position as the roster data file writes it."""
    return {
        "name": position.name,
        "cost": position.cost,
        "max": position.max_count,
        "big_guy": position.big_guy,
        "ally_limit": position.ally_limit,
        "profile": profile_input(position),
        "skills": list(position.skills),
        "normal": list(position.normal),
        "double": list(position.double),
    }


def engine_team_list(team_list: TeamList) -> EngineTeamList:
    """The race's list with every champion of the league on offer (the engine refuses those
    who do not play for the race)."""
    champions = Champion.objects.filter(league_id=team_list.league_id)
    data = {
        "race": team_list.race,
        "positions": [
            {**position_input(p), "normal": list(p.normal) or ["general"]}
            for p in team_list.positions.all()
        ],
        "champions": [champion_input(c) for c in champions],
        "allies": list(team_list.allies),
        "apothecary": team_list.apothecary,
        "reroll_cost": team_list.reroll_cost,
    }
    return EngineTeamList.from_dict(data, "team_list")


def league_pitches(league_id: int) -> list[dict[str, Any]]:
    """The league's pitch types as the engine and the roster data file read them."""
    return list(PitchType.objects.filter(league_id=league_id).values("name", "cost", "effect"))


def league_prices(league_id: int) -> Prices:
    """The league's prices: the house rules' figures and the league's pitch types."""
    pitches = league_pitches(league_id)
    try:
        return Prices.from_dict({"pitches": pitches} if pitches else {}, "prices")
    except InvalidInput as exc:
        raise Refused(
            "invalid_roster_data",
            _("The league's pitches: %(error)s") % {"error": f"{exc.field}: {exc.message}"},
        ) from None


def player_input(player: Any) -> dict[str, Any]:
    """A roster row as the engine's ``Player`` reads it (only its keys)."""
    source = player.position if player.position_id else None
    return {
        "id": str(player.pk),
        "name": player.name,
        "position": player.champion.name if player.champion_id else source.name,
        "race": player.race,
        "big_guy": player.big_guy,
        "champion": bool(player.champion_id),
        "ally": player.ally,
        "spp": player.spp,
        "levels": player.levels_taken,
        "start": player.start,
        "profile": player.profile,
        "skills": list(player.skills),
        "normal": list(source.normal) if source and source.normal else ["general"],
        "double": list(source.double) if source else [],
        "miss_next_match": player.status == "injured",
    }


def engine_players(players: Iterable[Any]) -> list[EnginePlayer]:
    return [EnginePlayer.from_dict(player_input(p), f"players.{i}") for i, p in enumerate(players)]
