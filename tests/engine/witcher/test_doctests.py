"""The examples in the Witcher modules' docstrings stay true."""

import doctest
import importlib

import pytest

MODULES = [
    "rules_engine.witcher",
    "rules_engine.witcher.army",
    "rules_engine.witcher.card",
    "rules_engine.witcher.run",
    "rules_engine.witcher.tables",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name):
    failures, tried = doctest.testmod(importlib.import_module(name))

    assert tried > 0
    assert failures == 0
