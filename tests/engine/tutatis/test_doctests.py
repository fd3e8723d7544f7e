import doctest

import rules_engine.tutatis


def test_package_doctests():
    failures, tried = doctest.testmod(rules_engine.tutatis)
    assert tried > 0 and failures == 0
