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
from collections.abc import Mapping
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


MAX_DEPTH = 20
"""How deep a roster file may nest: roster data nests five levels deep."""


def roster_sections(data: Mapping[str, Any]) -> dict[str, Any]:
    """Each section of a roster file read by its type and written back as plain data, without
    the checks across sections :class:`RosterData` makes (a league's import checks its own);
    :class:`InvalidInput` names the first bad field (``team_lists.0.positions.2.cost``)."""
    reader = Reader(data, "")
    return {
        "skills": [Skill.from_dict(i, p).to_dict() for p, i in reader.items("skills", [])],
        "pitches": [Pitch.from_dict(i, p).to_dict() for p, i in reader.items("pitches", [])],
        "experience": ExperienceTable.from_dict(
            reader.raw("experience", {}), "experience"
        ).to_dict(),
        "team_lists": [
            TeamList.from_dict(i, p).to_dict() for p, i in reader.items("team_lists", [])
        ],
        "champions": [Champion.from_dict(i, p).to_dict() for p, i in reader.items("champions", [])],
    }


class RosterFileError(InvalidInput):
    """A mistake in a roster file: ``field`` (dotted path) and ``line`` (1-based, or None).
    ``code`` says which: ``invalid`` (a value the engine refuses), ``json`` or ``syntax`` (the
    file cannot be read), ``alias`` or ``depth`` (anchors, aliases or deep nesting, refused
    before anything is built); ``detail``: the parser's own words, for a caller that words the
    error in its reader's language."""

    def __init__(
        self, field: str, message: str, line: int | None, *, code: str = "invalid", detail: str = ""
    ) -> None:
        where = f"line {line}: " if line is not None else ""
        super().__init__(field, f"{where}{message}")
        self.line = line
        self.code = code
        self.detail = detail


class _Unsafe(yaml.YAMLError):
    def __init__(self, mark: yaml.Mark, code: str, problem: str) -> None:
        super().__init__()
        self.problem_mark = mark
        self.code = code
        self.problem = problem


class _SafeLoader(yaml.SafeLoader):
    """YAML's safe loader refusing anchors, aliases and deep nesting when it meets them,
    before any node is built: a few hundred bytes of nested aliases ("billion laughs") expand
    into billions of values for whoever walks them, and a few thousand ``[`` exhaust Python's
    recursion. Roster data needs neither."""

    depth = 0

    def compose_node(self, parent: yaml.Node | None, index: int) -> yaml.Node | None:
        event = self.peek_event()  # type: ignore[no-untyped-call]
        if isinstance(event, yaml.AliasEvent) or getattr(event, "anchor", None):
            raise _Unsafe(
                event.start_mark, "alias", "anchors and aliases (& and *) are not allowed"
            )
        if self.depth >= MAX_DEPTH:
            raise _Unsafe(event.start_mark, "depth", f"nested more than {MAX_DEPTH} levels deep")
        self.depth += 1
        try:
            return super().compose_node(parent, index)
        finally:
            self.depth -= 1


def _lines(node: yaml.Node, path: str, found: dict[str, int]) -> None:
    found[path] = node.start_mark.line + 1
    if isinstance(node, yaml.MappingNode):
        for key, value in node.value:
            child = f"{path}.{key.value}" if path else str(key.value)
            found[child] = key.start_mark.line + 1
            _lines(value, child, found)
            found[child] = key.start_mark.line + 1
    elif isinstance(node, yaml.SequenceNode):
        for index, item in enumerate(node.value):
            _lines(item, f"{path}.{index}" if path else str(index), found)


def line_of(field: str, lines: dict[str, int]) -> int | None:
    """The line of ``field`` or of its nearest parent the file has."""
    while field:
        if field in lines:
            return lines[field]
        field = field.rpartition(".")[0]
    return None


def parse_roster_file(text: str, name: str) -> tuple[Any, dict[str, int]]:
    """A roster file's data and the line of each dotted path in it (``name`` ending in
    ``.json`` is checked as JSON first; its data is read by the YAML parser, which keeps each
    value's line: JSON is YAML). Anchors, aliases and nesting deeper than :data:`MAX_DEPTH`
    are refused while the file is read; every mistake is a :class:`RosterFileError`."""
    if name.lower().endswith(".json"):
        try:
            json.loads(text)
        except json.JSONDecodeError as exc:
            raise RosterFileError(
                "file", f"invalid JSON: {exc.msg}", exc.lineno, code="json", detail=exc.msg
            ) from None
        except RecursionError:
            pass  # nested too deeply: the YAML reader below refuses it, naming the line
    loader = _SafeLoader(text)
    try:
        node = loader.get_single_node()
        data = loader.construct_document(node) if node is not None else None
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        problem = str(getattr(exc, "problem", exc))
        raise RosterFileError(
            "file",
            f"invalid YAML: {problem}",
            mark.line + 1 if mark is not None else None,
            code=getattr(exc, "code", "syntax"),
            detail=problem,
        ) from None
    finally:
        loader.dispose()
    lines: dict[str, int] = {}
    if node is not None:
        _lines(node, "", lines)
    return data, lines


def read_roster_data(text: str, *, name: str = "rosters.yaml") -> RosterData:
    """A roster file's data (``name`` ending in ``.json`` is read as JSON, else as YAML)."""
    data, lines = parse_roster_file(text, name)
    try:
        return RosterData.from_dict(data)
    except InvalidInput as exc:
        raise RosterFileError(exc.field, exc.message, line_of(exc.field, lines)) from None


def sample_text() -> str:
    return resources.files("rules_engine.mythril").joinpath(SAMPLE_FILE).read_text("utf-8")


def load_sample() -> RosterData:
    """The sample rosters shipped with the engine (marked ``sample``)."""
    return RosterData.from_dict(json.loads(sample_text()))
