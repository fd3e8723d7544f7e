"""Views call selectors and services, never the ORM (docs/architecture.md, "Anatomy of a game
app"): no view module of the apps below, page or API, names a manager (``Model.objects``) or
hands a model class to ``get_object_or_404``; a view picks a row with ``get_object_or_404`` on a
queryset a selector built. An API's serializers, fields and filters declare the rows a field
may name (DRF's ``queryset=``) and are not views; ``Model.objects.none()``, which reads nothing,
is allowed (the schema generator's placeholder). The modules are read as source (``ast``), so
nothing is imported or run."""

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]

VIEW_PACKAGES = [
    "systems/rotzball/views",
    "systems/killpower/views",
    "systems/mythril/views",
    "systems/tutatis/views",
    "battles/views",
    "league/views",
    "matches/views",
    "betting/views",
    "notifications/views",
    "ratings/views",
    "ratings/api",
    "forecasts/views",
    "forecasts/api",
    "systems/rotzball/api",
    "systems/killpower/api",
    "systems/mythril/api",
    "systems/tutatis/api",
    "battles/api",
    "league/api",
    "matches/api",
    "core/api",
    "notifications/api",
    "betting/api",
]

NOT_VIEWS = ("serializers", "fields", "filters", "authentication", "permissions", "renderers")
"""API modules that declare or authenticate rather than answer a request: by name, any module
whose name contains one of these (``gladiator_serializers.py`` too)."""


def orm_reads(source: str) -> list[tuple[int, str]]:
    """``(line, what)`` for each ``<x>.objects`` and each ``get_object_or_404(<Model>, ...)``
    (a capitalised name: a model class) in ``source``."""
    found = []
    tree = ast.parse(source)
    placeholders = {
        id(node.func.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Call)
        and isinstance(node.func, ast.Attribute)
        and node.func.attr == "none"
        and isinstance(node.func.value, ast.Attribute)
        and node.func.value.attr == "objects"
    }
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Attribute)
            and node.attr == "objects"
            and id(node) not in placeholders
        ):
            found.append((node.lineno, f"{ast.unparse(node)}"))
        elif (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Name)
            and node.func.id == "get_object_or_404"
            and node.args
            and isinstance(node.args[0], ast.Name)
            and node.args[0].id[:1].isupper()
        ):
            found.append((node.lineno, f"get_object_or_404({node.args[0].id}, ...)"))
    return found


def view_modules() -> list[str]:
    modules = []
    for package in VIEW_PACKAGES:
        modules += [
            path.relative_to(ROOT).as_posix()
            for path in sorted((ROOT / package).glob("*.py"))
            if not any(word in path.stem for word in NOT_VIEWS)
        ]
    return modules


def test_the_scan_finds_a_manager_and_a_model_class():
    source = (
        "from django.shortcuts import get_object_or_404\n"
        "def view(request, pk):\n"
        "    team = get_object_or_404(Team, pk=pk)\n"
        "    return Team.objects.filter(league=team.league)\n"
        "def clean(request, pk):\n"
        "    return get_object_or_404(selectors.team_list(), pk=pk)\n"
        "def schema(request):\n"
        "    return Team.objects.none()\n"
    )
    assert orm_reads(source) == [
        (3, "get_object_or_404(Team, ...)"),
        (4, "Team.objects"),
    ]


def test_every_view_package_is_scanned():
    modules = view_modules()
    for package in VIEW_PACKAGES:
        assert any(module.startswith(package + "/") for module in modules), package


@pytest.mark.parametrize("module", view_modules())
def test_views_never_query_the_orm(module):
    reads = orm_reads((ROOT / module).read_text(encoding="utf-8"))
    assert reads == [], f"{module} queries the ORM: {reads}; read through a selector"
