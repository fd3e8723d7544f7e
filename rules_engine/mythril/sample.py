"""Roster data as a file: the sample shipped with the engine, and a league's own file.

A roster file (JSON or YAML) holds ``team_lists``, ``champions`` (each names the races he
plays for; a team list gets those who play for its race), ``skills``, ``pitches`` and the
``experience`` table, and may say ``"sample": true`` with a ``note``. The engine's sample
(``data/sample_rosters.json``) is Blood Bowl's public Human, Orc and Dwarf lists with a few
champions: marked as sample data, for a league to edit.

:func:`read_roster_data` reads a file's text; a mistake is a :class:`RosterFileError`, an
:class:`~rules_engine.errors.InvalidInput` whose ``field`` is the dotted path and whose
``line`` is the line of the file it stands on (YAML's parser finds lines in JSON too).
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from importlib import resources
from typing import Any

import yaml

from rules_engine.errors import InvalidInput
from rules_engine.mythril.experience import ExperienceTable
from rules_engine.mythril.reading import Reader
from rules_engine.mythril.roster import PITCHES, Champion, Pitch, Skill, TeamList

SAMPLE_FILE = "data/sample_rosters.json"


@dataclass(frozen=True, slots=True)
class RosterData:
    """Everything a league's rosters are built from."""

    team_lists: tuple[TeamList, ...]
    champions: tuple[Champion, ...] = ()
    skills: tuple[Skill, ...] = ()
    pitches: tuple[Pitch, ...] = PITCHES
    experience: ExperienceTable = field(default_factory=ExperienceTable)
    sample: bool = False
    note: str = ""

    KEYS = ("team_lists", "champions", "skills", "pitches", "experience", "sample", "note")

    @classmethod
    def from_dict(cls, data: object, field: str = "") -> RosterData:
        reader = Reader(data, field, allowed=cls.KEYS)
        team_lists = tuple(
            TeamList.from_dict(item, path) for path, item in reader.items("team_lists")
        )
        races = [team_list.race for team_list in team_lists]
        for index, race in enumerate(races):
            if race in races[:index]:
                raise InvalidInput(
                    f"{reader.field('team_lists')}.{index}.race", f"{race!r} is twice"
                )
        pitches = tuple(Pitch.from_dict(item, path) for path, item in reader.items("pitches", []))
        return cls(
            team_lists=team_lists,
            champions=tuple(
                Champion.from_dict(item, path) for path, item in reader.items("champions", [])
            ),
            skills=tuple(Skill.from_dict(item, path) for path, item in reader.items("skills", [])),
            pitches=pitches or PITCHES,
            experience=ExperienceTable.from_dict(
                reader.raw("experience", {}), reader.field("experience")
            ),
            sample=reader.flag("sample", False),
            note=str(reader.raw("note", "")),
        )

    def races(self) -> tuple[str, ...]:
        return tuple(team_list.race for team_list in self.team_lists)

    def team_list(self, race: str) -> TeamList:
        """The list of ``race`` with the champions who play for it added to its own."""
        found = next((t for t in self.team_lists if t.race.casefold() == race.casefold()), None)
        if found is None:
            raise InvalidInput("race", f"no team list for {race!r} ({', '.join(self.races())})")
        own = {champion.name for champion in found.champions}
        extra = tuple(c for c in self.champions if c.plays_for(found.race) and c.name not in own)
        return replace(found, champions=found.champions + extra)

    def categories(self) -> dict[str, str]:
        """Skill name -> category."""
        return {skill.name: skill.category for skill in self.skills}

    def to_dict(self) -> dict[str, Any]:
        return {
            "sample": self.sample,
            "note": self.note,
            "team_lists": [team_list.to_dict() for team_list in self.team_lists],
            "champions": [champion.to_dict() for champion in self.champions],
            "skills": [skill.to_dict() for skill in self.skills],
            "pitches": [pitch.to_dict() for pitch in self.pitches],
            "experience": self.experience.to_dict(),
        }


class RosterFileError(InvalidInput):
    """A mistake in a roster file: ``field`` (dotted path) and ``line`` (1-based, or None)."""

    def __init__(self, field: str, message: str, line: int | None) -> None:
        where = f"line {line}: " if line is not None else ""
        super().__init__(field, f"{where}{message}")
        self.line = line


def _line_of(text: str, field: str) -> int | None:
    """The line of the deepest node on ``field``'s path that the file holds."""
    try:
        node: yaml.Node | None = yaml.compose(text, Loader=yaml.SafeLoader)
    except yaml.YAMLError:
        return None
    line = None
    for part in [p for p in field.split(".") if p]:
        if node is None:
            break
        line = node.start_mark.line + 1
        if isinstance(node, yaml.MappingNode):
            node = next((value for key, value in node.value if key.value == part), None)
        elif isinstance(node, yaml.SequenceNode) and part.isdigit() and int(part) < len(node.value):
            node = node.value[int(part)]
        else:
            node = None
    return node.start_mark.line + 1 if node is not None else line


def _parse(text: str, name: str) -> Any:
    if name.lower().endswith(".json"):
        try:
            return json.loads(text)
        except json.JSONDecodeError as exc:
            raise RosterFileError("file", f"invalid JSON: {exc.msg}", exc.lineno) from None
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        line = mark.line + 1 if mark is not None else None
        raise RosterFileError(
            "file", f"invalid YAML: {getattr(exc, 'problem', exc)}", line
        ) from None


def read_roster_data(text: str, *, name: str = "rosters.yaml") -> RosterData:
    """A roster file's data (``name`` ending in ``.json`` is read as JSON, else as YAML)."""
    data = _parse(text, name)
    try:
        return RosterData.from_dict(data)
    except InvalidInput as exc:
        raise RosterFileError(exc.field, exc.message, _line_of(text, exc.field)) from None


def sample_text() -> str:
    return resources.files("rules_engine.mythril").joinpath(SAMPLE_FILE).read_text("utf-8")


def load_sample() -> RosterData:
    """The sample rosters shipped with the engine (marked ``sample``)."""
    return read_roster_data(sample_text(), name=SAMPLE_FILE)
