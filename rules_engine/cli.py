"""The command line: ``python -m rules_engine SYSTEM COMMAND < input.json``.

Reads one JSON document on stdin, writes one JSON document on stdout. Every rule system
module listed in :data:`rules_engine.systems.SYSTEM_MODULES` may expose
``COMMANDS: dict[str, Callable[[Any], Any]]`` (command name -> function taking the parsed
input and returning a JSON-able value); the dispatcher finds them there, so a new system
needs no change here. The tools that are no rule system (``ratings``) are found the same way
through :data:`TOOL_MODULES`, which nothing else reads: they are no game. A command that must report a rejection with its output (a battle card
with errors) returns :class:`CommandResult`, whose ``value`` is printed and whose
``exit_code`` (default 1) is the exit status.

Input the user can fix (invalid JSON, an unknown system or command, any
:class:`~rules_engine.errors.InvalidInput`) exits with status 2 and one line on stderr,
``error: <field>: <message>``. Anything else is a bug and keeps its traceback.
"""

from __future__ import annotations

import importlib
import json
import sys
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TextIO

from rules_engine.errors import InvalidInput
from rules_engine.systems import SYSTEM_MODULES

EXIT_OK = 0
EXIT_REJECTED = 1
EXIT_BAD_INPUT = 2
USAGE = "usage: python -m rules_engine SYSTEM COMMAND < input.json"

TOOL_MODULES: dict[str, str] = {
    "ratings": "rules_engine.ratings",
    "pairings": "rules_engine.tournaments",
    "forecasts": "rules_engine.forecasts",
}
"""Name -> module path of the command-line tools beside the rule systems."""

Command = Callable[[Any], Any]


@dataclass(frozen=True, slots=True)
class CommandResult:
    """A command's JSON ``value`` printed with a non-zero ``exit_code`` (e.g. a battle card
    that lists errors). Commands that return a plain value exit 0."""

    value: Any
    exit_code: int = EXIT_REJECTED


def commands_of(system: str) -> Mapping[str, Command]:
    """The commands a rule system (or a tool) offers on the command line."""
    module = SYSTEM_MODULES.get(system) or TOOL_MODULES.get(system)
    if module is None:
        known = ", ".join(SYSTEM_MODULES)
        raise InvalidInput("system", f"unknown rule system {system!r} (known: {known})")
    commands = getattr(importlib.import_module(module), "COMMANDS", None)
    if not isinstance(commands, Mapping):
        raise InvalidInput("system", f"rule system {system!r} has no command-line commands")
    return commands


def find_command(system: str, command: str) -> Command:
    commands = commands_of(system)
    try:
        return commands[command]
    except KeyError:
        known = ", ".join(commands)
        raise InvalidInput(
            "command", f"unknown command {command!r} for {system} (known: {known})"
        ) from None


def read_input(stream: TextIO) -> Any:
    try:
        text = stream.read()
    except UnicodeDecodeError:
        raise InvalidInput("input", "is not valid UTF-8") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as exc:
        message = f"invalid JSON: {exc.msg} at line {exc.lineno} column {exc.colno}"
        raise InvalidInput("input", message) from None


def help_text() -> str:
    lines = [USAGE, "", "Reads JSON on stdin, writes JSON on stdout.", "", "Commands:"]
    for system in [*SYSTEM_MODULES, *TOOL_MODULES]:
        try:
            names = ", ".join(commands_of(system))
        except InvalidInput as exc:
            names = f"({exc.message})"
        lines.append(f"  {system}: {names}")
    return "\n".join(lines) + "\n"


def main(
    argv: Sequence[str] | None = None,
    *,
    stdin: TextIO | None = None,
    stdout: TextIO | None = None,
    stderr: TextIO | None = None,
) -> int:
    args = list(sys.argv[1:] if argv is None else argv)
    stdin, stdout, stderr = stdin or sys.stdin, stdout or sys.stdout, stderr or sys.stderr
    if args and args[0] in ("-h", "--help"):
        stdout.write(help_text())
        return EXIT_OK
    try:
        if len(args) != 2:
            raise InvalidInput("arguments", f"expected SYSTEM COMMAND ({USAGE})")
        command = find_command(args[0], args[1])
        result = command(read_input(stdin))
    except InvalidInput as exc:
        message = f"error: {exc.field}: {exc.message}"
        stderr.write(" ".join(message.split()) + "\n")  # exactly one line
        return EXIT_BAD_INPUT
    if isinstance(result, CommandResult):
        stdout.write(json.dumps(result.value) + "\n")
        return result.exit_code
    stdout.write(json.dumps(result) + "\n")
    return EXIT_OK
