"""The fixture pages' role gate: the commissioner of the fixture's league."""

from django.shortcuts import get_object_or_404

from core.access import role_gate
from league import roles
from matches import selectors
from matches.models import Fixture


def load_fixture(pk: int) -> Fixture:
    return get_object_or_404(selectors.fixture_with_league(), pk=pk)


fixture_commissioner_required = role_gate(
    load_fixture, lambda user, fixture: roles.is_commissioner(user, fixture.season.league)
)
"""The view gets the ``Fixture`` its ``pk`` names, when the user runs its league."""
