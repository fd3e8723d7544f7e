"""A player of a team's roster, as the post-match sequence and the line-up checks see it."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from rules_engine.errors import InvalidInput
from rules_engine.mythril.reading import Reader
from rules_engine.mythril.roster import Position, Profile


def player_id(value: object, field: str) -> str:
    """A player's id as text: the app's ids are numbers or texts."""
    if isinstance(value, bool) or not isinstance(value, (int, str)) or not str(value).strip():
        raise InvalidInput(field, "must be a player id (a number or a text)")
    return str(value).strip()


@dataclass(frozen=True, slots=True)
class Player:
    """One player. ``race`` is the race of the list his position comes from, so an ally's
    differs from his team's (``ally`` says so); ``start`` is his profile when hired (the
    caps of characteristic gains count from it), ``profile`` his profile now. ``levels`` is
    how many level-ups he has had (taken or pending); ``normal`` and ``double`` are his
    position's skill categories."""

    id: str
    name: str
    position: str
    race: str = ""
    big_guy: bool = False
    champion: bool = False
    ally: bool = False
    spp: int = 0
    levels: int = 0
    start: Profile | None = None
    profile: Profile | None = None
    skills: tuple[str, ...] = ()
    normal: tuple[str, ...] = ("general",)
    double: tuple[str, ...] = ()
    miss_next_match: bool = False

    KEYS = (
        "id",
        "name",
        "position",
        "race",
        "big_guy",
        "champion",
        "ally",
        "spp",
        "levels",
        "start",
        "profile",
        "skills",
        "normal",
        "double",
        "miss_next_match",
    )

    @classmethod
    def from_dict(cls, data: object, field: str = "player") -> Player:
        reader = Reader(data, field, allowed=cls.KEYS)
        profiles = {
            key: Profile.from_dict(reader.raw(key), reader.field(key))
            if reader.raw(key, None) is not None
            else None
            for key in ("start", "profile")
        }
        return cls(
            id=player_id(reader.raw("id"), reader.field("id")),
            name=reader.name("name"),
            position=reader.name("position"),
            race=reader.name("race", "") if reader.raw("race", "") else "",
            big_guy=reader.flag("big_guy", False),
            champion=reader.flag("champion", False),
            ally=reader.flag("ally", False),
            spp=reader.number("spp", 0),
            levels=reader.number("levels", 0),
            start=profiles["start"] or profiles["profile"],
            profile=profiles["profile"] or profiles["start"],
            skills=reader.names("skills", ()),
            normal=reader.names("normal", ("general",)),
            double=reader.names("double", ()),
            miss_next_match=reader.flag("miss_next_match", False),
        )

    @classmethod
    def hired(cls, id: str, name: str, position: Position, race: str, *, ally: bool) -> Player:
        """A new player of ``position`` (from the ``race`` list)."""
        return cls(
            id=id,
            name=name,
            position=position.name,
            race=race,
            big_guy=position.big_guy,
            ally=ally,
            start=position.profile,
            profile=position.profile,
            skills=position.skills,
            normal=position.normal,
            double=position.double,
        )

    def current(self, field: str = "player") -> Profile:
        """His profile now; :class:`InvalidInput` when the roster did not give one."""
        if self.profile is None or self.start is None:
            raise InvalidInput(f"{field}.profile", "is needed to change a characteristic")
        return self.profile

    def with_changes(self, **changes: Any) -> Player:
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "position": self.position,
            "race": self.race,
            "big_guy": self.big_guy,
            "champion": self.champion,
            "ally": self.ally,
            "spp": self.spp,
            "levels": self.levels,
            "start": self.start.to_dict() if self.start else None,
            "profile": self.profile.to_dict() if self.profile else None,
            "skills": list(self.skills),
            "normal": list(self.normal),
            "double": list(self.double),
            "miss_next_match": self.miss_next_match,
        }
