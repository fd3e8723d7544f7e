"""core.prepared_query's locking query outside a transaction: refused as Django refuses it.

A module of its own because the test commits (``transaction=True``), and Django empties the
test database after such a test, the rows the migrations wrote (Tutatis's sample team lists)
included. pytest-django runs these tests after every test that rolls back; with pytest-xdist's
``--dist loadscope`` a module goes to one worker whole, so a module that mixed both kinds would
empty a worker's database before the tests after it (tests/conftest.py refuses such a module).
"""

import pytest
from django.db import connection, transaction
from django.db.transaction import TransactionManagementError

from core.prepared_query import PreparedQuery
from matches.models import Fixture
from tests.factories import FixtureFactory


@pytest.mark.django_db(transaction=True)
def test_a_lock_outside_a_transaction_is_refused_as_django_refuses_it(season, team, other_team):
    fixture = FixtureFactory(season=season, home=team, away=other_team)
    locked = PreparedQuery(lambda pk: Fixture.objects.select_for_update().filter(pk=pk), (int,))

    def refused(run) -> bool:
        try:
            run()
        except TransactionManagementError:
            return True
        return False

    django_refuses = refused(
        lambda: list(Fixture.objects.select_for_update().filter(pk=fixture.pk))
    )
    assert refused(lambda: locked(fixture.pk)) == django_refuses
    assert django_refuses == connection.features.has_select_for_update
    with transaction.atomic():
        assert [row.pk for row in locked(fixture.pk)] == [fixture.pk]
