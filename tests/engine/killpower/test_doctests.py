"""The examples in the Killpower modules' docstrings run as tests."""

import doctest
import importlib
import pkgutil

import pytest

import rules_engine.killpower

MODULES = [
    info.name
    for info in pkgutil.iter_modules(rules_engine.killpower.__path__, "rules_engine.killpower.")
]


@pytest.mark.parametrize("name", ["rules_engine.killpower", *MODULES])
def test_docstring_examples(name):
    failures, _ = doctest.testmod(importlib.import_module(name))
    assert failures == 0
