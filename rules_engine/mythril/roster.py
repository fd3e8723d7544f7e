"""The league's roster data: skills, positions, champions, team lists, pitches and prices.

All of it is data a commissioner edits (the Blood Bowl rulebook is not among the texts): each
type reads itself from a plain dict with ``from_dict`` (an
:class:`~rules_engine.errors.InvalidInput` names the field that is wrong) and writes itself
back with ``to_dict``, so the app stores it as JSON. The house rules fix a few prices and
limits (team creation, allies, big guys); they are the defaults of :class:`Prices` and the
constants below.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from rules_engine.errors import InvalidInput
from rules_engine.mythril.reading import Reader

MIN_PLAYERS = 11  # "un minimum de 11 joueurs"
MIN_POPULARITY = 1  # "au moins 1 point de popularité"
MAX_BIG_GUYS = 2  # "pas plus de 2 gros balaises"
MAX_ALLIES_ON_PITCH = 5  # "plus de 5 alliés en même temps sur le terrain"
MAX_ON_PITCH = 11
LAWN = "lawn"  # the free pitch


@dataclass(frozen=True, slots=True)
class Profile:
    """Movement, strength, agility, armour."""

    ma: int
    st: int
    ag: int
    av: int

    @classmethod
    def from_dict(cls, data: object, field: str = "profile") -> Profile:
        reader = Reader(data, field, allowed=("ma", "st", "ag", "av"))
        return cls(*(reader.number(key, low=1) for key in ("ma", "st", "ag", "av")))

    def to_dict(self) -> dict[str, int]:
        return {"ma": self.ma, "st": self.st, "ag": self.ag, "av": self.av}


def _profile(reader: Reader) -> Profile | None:
    return (
        Profile.from_dict(reader.raw("profile"), reader.field("profile"))
        if (reader.raw("profile", None) is not None)
        else None
    )


@dataclass(frozen=True, slots=True)
class Skill:
    """A skill and its category (``general``, ``agility``, ``strength``, ``passing``, ...)."""

    name: str
    category: str

    @classmethod
    def from_dict(cls, data: object, field: str = "skill") -> Skill:
        reader = Reader(data, field, allowed=("name", "category"))
        return cls(reader.name("name"), reader.name("category"))

    def to_dict(self) -> dict[str, str]:
        return {"name": self.name, "category": self.category}


@dataclass(frozen=True, slots=True)
class Position:
    """A position of a team list.

    ``max`` is how many a team of that race may have; ``ally_limit`` how many another race's
    team may take as allies (0: never an ally). ``normal`` and ``double`` are the skill
    categories open on a normal skill roll and on a double. ``profile`` and ``skills`` may be
    left out (the command line's short team lists).
    """

    name: str
    cost: int
    max: int
    big_guy: bool = False
    ally_limit: int = 0
    profile: Profile | None = None
    skills: tuple[str, ...] = ()
    normal: tuple[str, ...] = ("general",)
    double: tuple[str, ...] = ()

    KEYS = (
        "name",
        "cost",
        "max",
        "big_guy",
        "ally_limit",
        "profile",
        "skills",
        "normal",
        "double",
    )

    @classmethod
    def from_dict(cls, data: object, field: str = "position") -> Position:
        reader = Reader(data, field, allowed=cls.KEYS)
        return cls(
            name=reader.name("name"),
            cost=reader.number("cost"),
            max=reader.number("max", low=1),
            big_guy=reader.flag("big_guy", False),
            ally_limit=reader.number("ally_limit", 0),
            profile=_profile(reader),
            skills=reader.names("skills", ()),
            normal=reader.names("normal", ("general",)),
            double=reader.names("double", ()),
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "cost": self.cost,
            "max": self.max,
            "big_guy": self.big_guy,
            "ally_limit": self.ally_limit,
            "profile": self.profile.to_dict() if self.profile else None,
            "skills": list(self.skills),
            "normal": list(self.normal),
            "double": list(self.double),
        }


@dataclass(frozen=True, slots=True)
class Champion:
    """A champion (star player) and the races whose teams he plays for."""

    name: str
    cost: int
    races: tuple[str, ...]
    big_guy: bool = False
    profile: Profile | None = None
    skills: tuple[str, ...] = ()

    KEYS = ("name", "cost", "races", "big_guy", "profile", "skills")

    @classmethod
    def from_dict(cls, data: object, field: str = "champion") -> Champion:
        reader = Reader(data, field, allowed=cls.KEYS)
        races = reader.names("races")
        if not races:
            raise InvalidInput(reader.field("races"), "must name at least one race")
        return cls(
            name=reader.name("name"),
            cost=reader.number("cost"),
            races=races,
            big_guy=reader.flag("big_guy", False),
            profile=_profile(reader),
            skills=reader.names("skills", ()),
        )

    def plays_for(self, race: str) -> bool:
        return race.casefold() in {name.casefold() for name in self.races}

    def to_dict(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "cost": self.cost,
            "races": list(self.races),
            "big_guy": self.big_guy,
            "profile": self.profile.to_dict() if self.profile else None,
            "skills": list(self.skills),
        }


def _unique[T: (Position, Champion)](items: tuple[T, ...], field: str) -> tuple[T, ...]:
    seen: set[str] = set()
    for index, item in enumerate(items):
        if item.name in seen:
            raise InvalidInput(f"{field}.{index}.name", f"{item.name!r} is listed twice")
        seen.add(item.name)
    return items


@dataclass(frozen=True, slots=True)
class TeamList:
    """A race's team list: its positions, the champions on offer (each says which races he
    plays for), the races it may take allies from, whether it may buy an apothecary, and
    the price of a team reroll (0 when the list does not say)."""

    race: str
    positions: tuple[Position, ...]
    champions: tuple[Champion, ...] = ()
    allies: tuple[str, ...] = ()
    apothecary: bool = True
    reroll_cost: int = 0

    KEYS = ("race", "positions", "champions", "allies", "apothecary", "reroll_cost")

    @classmethod
    def from_dict(cls, data: object, field: str = "team_list") -> TeamList:
        reader = Reader(data, field, allowed=cls.KEYS)
        positions = tuple(
            Position.from_dict(item, path) for path, item in reader.items("positions")
        )
        if not positions:
            raise InvalidInput(reader.field("positions"), "must hold at least one position")
        champions = tuple(
            Champion.from_dict(item, path) for path, item in reader.items("champions", [])
        )
        return cls(
            race=reader.name("race"),
            positions=_unique(positions, reader.field("positions")),
            champions=_unique(champions, reader.field("champions")),
            allies=reader.names("allies", ()),
            apothecary=reader.flag("apothecary", True),
            reroll_cost=reader.number("reroll_cost", 0),
        )

    def position(self, name: str) -> Position | None:
        return next((p for p in self.positions if p.name == name), None)

    def champion(self, name: str) -> Champion | None:
        return next((c for c in self.champions if c.name == name), None)

    def takes_allies_from(self, race: str) -> bool:
        return race.casefold() in {name.casefold() for name in self.allies}

    def to_dict(self) -> dict[str, Any]:
        return {
            "race": self.race,
            "positions": [position.to_dict() for position in self.positions],
            "champions": [champion.to_dict() for champion in self.champions],
            "allies": list(self.allies),
            "apothecary": self.apothecary,
            "reroll_cost": self.reroll_cost,
        }


@dataclass(frozen=True, slots=True)
class Pitch:
    """A pitch type, its price as a home pitch and its effect (free text)."""

    name: str
    cost: int
    effect: str = ""

    @classmethod
    def from_dict(cls, data: object, field: str = "pitch") -> Pitch:
        reader = Reader(data, field, allowed=("name", "cost", "effect"))
        return cls(reader.name("name"), reader.number("cost"), str(reader.raw("effect", "")))

    def to_dict(self) -> dict[str, Any]:
        return {"name": self.name, "cost": self.cost, "effect": self.effect}


PITCHES: tuple[Pitch, ...] = (
    Pitch(LAWN, 0, "normal"),
    Pitch("astrogranite", 10_000, "+1 on armour rolls"),
    Pitch("ice", 10_000, "sprint on 3+ except Norsemen; +1 on weather rolls (no heat wave)"),
    Pitch("terraflex", 10_000, "-1 on injury rolls"),
    Pitch("covered", 10_000, "no weather roll"),
)
"""The text's five pitches: the lawn is free, the others cost 10,000."""


@dataclass(frozen=True, slots=True)
class Prices:
    """League prices. The house rules' figures are the defaults: a popularity point 10,000
    (the rulebook's price, kept as data), a home pitch 10,000 (the lawn free), an ally 1
    popularity or 10,000 gold when popularity is down to 1, the matchday entry of team bets
    10,000, an extra card 50,000 (bought at a match, never at creation)."""

    popularity_point: int = 10_000
    home_pitch: int = 10_000
    ally_popularity: int = 1
    ally_gold: int = 10_000
    matchday_entry: int = 10_000
    extra_card: int = 50_000
    pitches: tuple[Pitch, ...] = PITCHES

    KEYS = (
        "popularity_point",
        "home_pitch",
        "ally_popularity",
        "ally_gold",
        "matchday_entry",
        "extra_card",
        "pitches",
    )

    @classmethod
    def from_dict(cls, data: object, field: str = "prices") -> Prices:
        reader = Reader(data, field, allowed=cls.KEYS)
        default = cls()
        home_pitch = reader.number("home_pitch", default.home_pitch)
        pitches = (
            tuple(Pitch.from_dict(item, path) for path, item in reader.items("pitches"))
            if reader.has("pitches")
            else tuple(
                Pitch(p.name, 0 if p.name == LAWN else home_pitch, p.effect) for p in PITCHES
            )
        )
        return cls(
            popularity_point=reader.number("popularity_point", default.popularity_point),
            home_pitch=home_pitch,
            ally_popularity=reader.number("ally_popularity", default.ally_popularity, low=1),
            ally_gold=reader.number("ally_gold", default.ally_gold),
            matchday_entry=reader.number("matchday_entry", default.matchday_entry),
            extra_card=reader.number("extra_card", default.extra_card),
            pitches=pitches,
        )

    def pitch(self, name: str) -> Pitch | None:
        return next((p for p in self.pitches if p.name.casefold() == name.casefold()), None)

    def to_dict(self) -> dict[str, Any]:
        return {
            "popularity_point": self.popularity_point,
            "home_pitch": self.home_pitch,
            "ally_popularity": self.ally_popularity,
            "ally_gold": self.ally_gold,
            "matchday_entry": self.matchday_entry,
            "extra_card": self.extra_card,
            "pitches": [pitch.to_dict() for pitch in self.pitches],
        }
