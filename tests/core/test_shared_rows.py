"""Shared pieces the games read their rows through: a one-to-one row or its defaults
(``core.one_to_one.one_to_one_get``), and values kept in the cache under the hash of what
they are a function of (``core.cache.computed_once``)."""

import pytest

from core.cache import computed_once
from core.one_to_one import one_to_one_get
from league.models import Team
from systems.rotzball.models import MatchPlan, Tactic

pytestmark = pytest.mark.django_db


def test_a_missing_one_to_one_row_reads_as_an_unsaved_one_with_the_defaults(team):
    missing = one_to_one_get(team, "match_plan")
    assert missing._state.adding and (missing.team, missing.tactic) == (team, Tactic.BALANCED)
    assert not MatchPlan.objects.filter(team=team).exists()  # nothing written
    MatchPlan.objects.create(team=team, tactic=Tactic.DEFENSIVE)
    written = one_to_one_get(Team.objects.get(pk=team.pk), "match_plan")
    assert not written._state.adding and written.tactic == Tactic.DEFENSIVE


def test_each_content_is_computed_once_then_read_from_the_cache():
    calls: list[int] = []

    def square(n: int) -> int:
        calls.append(n)
        return n * n

    assert computed_once("test:square", {"a": 2, "b": 3}, square, timeout=60) == {"a": 4, "b": 9}
    again = computed_once("test:square", {"c": 3, "d": [4]}, lambda n: square(n[0]), timeout=60)
    assert again == {"c": 9, "d": 16}
    assert calls == [2, 3, 4]  # 3 was kept; [4] is another content than 4
