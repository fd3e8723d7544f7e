"""URL patterns nested by their first path segment, so that resolving a path matches one
pattern per segment and then those of its own segment, not every pattern listed before it.

Django tries a list's patterns in order and records each one it tried on the match
(``ResolverMatch.tried``): in the API's flat list of over 200 patterns, the router's routes
at its end (bets, fixtures, results) cost about 200 matches and a 200-row list a request.
:func:`by_first_segment` nests the patterns that start with the same literal segment
(``bets/``) under one ``include`` of it, in their order. A pattern that does not start with a
literal segment stays where it is, and a group it could share a path with ends before it, so
every path resolves to the same view with the same arguments, and every name reverses to the
same address.
"""

import re
from typing import Any

from django.urls import URLPattern, include, path
from django.urls.resolvers import RegexPattern, RoutePattern

# One character of a regex that stands for itself: a plain one, or an escaped punctuation mark.
_LITERAL_CHARACTER = re.compile(r"[^\\.^$*+?{}\[\]|()]|\\[^A-Za-z0-9]")


def _literals(regex: str) -> list[tuple[str, int]]:
    """The literal characters a ``^``-anchored regex starts with, each with the position in
    the regex just past it."""
    position, literals = 1, []
    while match := _LITERAL_CHARACTER.match(regex, position):
        position = match.end()
        literals.append((match.group()[-1], position))
    return literals


def _prefix(pattern: Any) -> tuple[str, bool]:
    """The literal text every path a pattern matches starts with, and whether it matches that
    text alone."""
    inner = pattern.pattern
    if isinstance(inner, RoutePattern):
        route = str(inner)
        literal = route.split("<", 1)[0]
        return literal, literal == route and isinstance(pattern, URLPattern)
    if isinstance(inner, RegexPattern) and inner._regex.startswith("^"):
        literals = _literals(inner._regex)
        end = literals[-1][1] if literals else 1
        exact = inner._regex[end:] == "$" and isinstance(pattern, URLPattern)
        return "".join(character for character, _end in literals), exact
    return "", False


def _split(pattern: Any) -> tuple[str, URLPattern] | None:
    """A view's pattern cut after its first segment (``"bets/"`` and the rest), or ``None``
    when the first segment is not literal."""
    if not isinstance(pattern, URLPattern):
        return None
    inner = pattern.pattern
    if isinstance(inner, RoutePattern):
        route = str(inner)
        segment, slash, rest = route.partition("/")
        if not slash or not segment or "<" in segment:
            return None
        cut: Any = RoutePattern(rest, name=inner.name, is_endpoint=True)
    elif isinstance(inner, RegexPattern) and inner._regex.startswith("^"):
        literals = _literals(inner._regex)
        segment, slash, _rest = "".join(character for character, _end in literals).partition("/")
        if not slash or not segment:
            return None
        rest = inner._regex[literals[len(segment)][1] :]
        cut = RegexPattern("^" + rest, name=inner.name, is_endpoint=True)
    else:
        return None
    return segment + "/", URLPattern(cut, pattern.callback, pattern.default_args, pattern.name)


def by_first_segment(patterns: list[Any]) -> list[Any]:
    """``patterns``, those that start with the same literal segment nested under one
    ``include`` of it (see the module's docstring); a segment with a single pattern keeps it
    as it was."""
    result: list[Any] = []
    open_groups: dict[str, list[Any]] = {}  # segment -> [original patterns, cut patterns]
    for pattern in patterns:
        split = _split(pattern)
        if split is None:
            literal, exact = _prefix(pattern)
            for segment in list(open_groups):
                if literal.startswith(segment) or (not exact and segment.startswith(literal)):
                    del open_groups[segment]  # a later pattern of it must not pass this one
            result.append(pattern)
            continue
        segment, cut = split
        if segment not in open_groups:
            open_groups[segment] = [[], []]
            result.append((segment, open_groups[segment]))
        open_groups[segment][0].append(pattern)
        open_groups[segment][1].append(cut)
    return [_nested(entry) for entry in result]


def _nested(entry: Any) -> Any:
    """A group as one ``include`` of its segment (a lone pattern as it was), or a pattern left
    in place."""
    if not isinstance(entry, tuple):
        return entry
    segment, (originals, cuts) = entry
    return originals[0] if len(originals) == 1 else path(segment, include(cuts))
