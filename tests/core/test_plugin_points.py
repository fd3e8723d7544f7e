"""The plug-in points (``core.plugins``): one implementation per game, the base class's default
for the others, every game answers the required points, and ``docs/architecture.md`` lists
them as the code does."""

import io

import pytest
from django.core.exceptions import ImproperlyConfigured
from django.core.management import CommandError, call_command

from core import plugins, registry
from core.plugin_docs import END, START, render


class Greeting:
    def greet(self) -> str:
        """Hello by default."""
        return "hello"


class Loud(Greeting):
    def greet(self) -> str:
        return "HELLO"


@pytest.fixture
def point():
    created = plugins.PluginPoint("tests.greeting", Greeting, doc="A greeting.")
    yield created
    plugins._POINTS.pop("tests.greeting")


def test_a_game_without_an_implementation_gets_the_default(point):
    point.register("rotzball", Loud())

    assert point.of("rotzball").greet() == "HELLO"
    assert point.of("tutatis").greet() == "hello"
    assert point.implements("rotzball") and not point.implements("tutatis")
    assert point.games() == ["rotzball"]


def test_a_game_registers_once_and_only_a_subclass_of_the_base(point):
    point.register("rotzball", Loud())

    with pytest.raises(ImproperlyConfigured):
        point.register("rotzball", Loud())
    with pytest.raises(ImproperlyConfigured):
        point.register("tutatis", object())


class Menu:
    courses = ("soup",)

    def dishes(self) -> list[str]:
        return []

    def price(self, *, dish: str) -> int:
        return 0


@pytest.fixture
def menu():
    created = plugins.PluginPoint("tests.menu", Menu, doc="A menu.")
    yield created
    plugins._POINTS.pop("tests.menu")


def test_a_game_answers_a_point_with_its_hooks(menu):
    answered = menu.answer(
        "mythril", courses=("soup", "roast"), dishes=["pie"], price=lambda *, dish: len(dish)
    )

    assert menu.of("mythril") is answered and isinstance(answered, Menu)
    assert answered.courses == ("soup", "roast")
    assert answered.dishes() == ["pie"]
    assert answered.price(dish="pie") == 3
    assert menu.of("tutatis").dishes() == []


def test_a_hook_the_base_does_not_have_is_refused(menu):
    with pytest.raises(ImproperlyConfigured):
        menu.answer("mythril", desserts=["tart"])
    assert not menu.implements("mythril")


def test_a_point_has_one_name():
    with pytest.raises(ImproperlyConfigured):
        plugins.PluginPoint("matches.kick_off", Greeting, doc="Again.")


def test_every_game_answers_the_required_points():
    required = [point for point in plugins.points() if point.required]

    assert {point.name for point in required} >= {
        "league.team_views",
        "matches.kick_off",
        "matches.pages",
    }
    for point in required:
        assert set(point.games()) == {game.name for game in registry.games()}, point.name
    unanswered = plugins.PluginPoint("tests.required", Greeting, doc="None.", required=True)
    try:
        with pytest.raises(ImproperlyConfigured):
            unanswered.of("rotzball")
    finally:
        plugins._POINTS.pop("tests.required")


def test_the_core_apps_define_their_points_and_the_games_only_implement_them():
    owners = {point.owner for point in plugins.points()}

    assert owners == {
        "awards.plugins",
        "betting.plugins",
        "core.plugins",
        "forecasts.plugins",
        "league.plugins",
        "loadgen.plugins",
        "matches.plugins",
        "stats.plugins",
        "tournaments.plugins",
    }


def test_the_architecture_document_lists_the_points_as_the_code_does():
    call_command("plugin_points", "--check", stdout=io.StringIO())


def test_a_stale_document_is_refused_then_rewritten(tmp_path, monkeypatch):
    document = tmp_path / "architecture.md"
    document.write_text(f"before\n{START}\n| `kick_off(fixture)` | stale words |\n{END}\nafter\n")
    monkeypatch.setattr("core.management.commands.plugin_points.document_path", lambda: document)

    with pytest.raises(CommandError):
        call_command("plugin_points", "--check", stdout=io.StringIO())
    call_command("plugin_points", "--write", stdout=io.StringIO())

    fresh = document.read_text()
    assert fresh == f"before\n{render()}\nafter\n"
    assert "### `matches.kick_off`" in fresh and "stale words" not in fresh
    assert "`kick_off_many(fixtures)`" in fresh
    call_command("plugin_points", "--check", stdout=io.StringIO())
