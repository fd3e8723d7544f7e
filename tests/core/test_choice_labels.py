"""``core.choice_labels.choice_display``: the words Django's own ``get_FOO_display`` gives, in
every language, for every choice and for a value that is none."""

import pytest
from django.db.models.base import Model
from django.utils import translation

from matches.models import Fixture
from systems.tutatis.models import Player
from systems.tutatis.models.lists import Role


def _django_display(row: Model, field: str) -> str:
    """What Django's ``get_<field>_display`` would give (``Model._get_FIELD_display``)."""
    return row._get_FIELD_display(row._meta.get_field(field))


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("status", [*Fixture.Status.values, "unknown"])
def test_a_fixture_status_reads_as_django_reads_it(language, status):
    fixture = Fixture(status=status)
    with translation.override(language):
        assert fixture.get_status_display() == _django_display(fixture, "status")


@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("role", [*Role.values, ""])
def test_a_tutatis_role_reads_as_django_reads_it(language, role):
    player = Player(role=role)
    with translation.override(language):
        assert player.get_role_display() == _django_display(player, "role")


def test_the_label_follows_the_active_language():
    fixture = Fixture(status=Fixture.Status.SCHEDULED)
    with translation.override("en"):
        english = fixture.get_status_display()
    with translation.override("fr"):
        french = fixture.get_status_display()
    assert (english, french) == ("Scheduled", "Programmé")


def test_the_models_keep_their_own_method_not_djangos():
    assert Fixture.get_status_display.__module__ == "core.choice_labels"
    assert Player.get_role_display.__module__ == "core.choice_labels"
