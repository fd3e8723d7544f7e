"""``{% time_element value %}`` writes what the two ``date`` filters it stands for wrote, in
every language and time zone, with or without time zones on."""

from datetime import UTC, datetime
from zoneinfo import ZoneInfo

import pytest
from django.template import engines
from django.utils import timezone, translation

FILTERS = engines["django"].from_string(
    """<time datetime="{{ value|date:'c' }}">{{ value|date:"SHORT_DATETIME_FORMAT" }}</time>"""
)
TAG = engines["django"].from_string("{% load league_tags %}{% time_element value %}")

VALUES = [
    datetime(2026, 11, 25, 21, 0, tzinfo=UTC),
    datetime(2027, 7, 3, 9, 5, 30, tzinfo=ZoneInfo("America/Sao_Paulo")),
    datetime(2026, 3, 29, 1, 30, tzinfo=UTC),  # the hour Paris puts its clocks forward
    None,
    "",
]


@pytest.mark.parametrize("value", VALUES)
@pytest.mark.parametrize("language", ["en", "fr"])
@pytest.mark.parametrize("zone", ["Europe/Paris", "Asia/Kolkata", "UTC"])
def test_the_tag_writes_what_the_filters_wrote(value, language, zone):
    with translation.override(language), timezone.override(ZoneInfo(zone)):
        assert TAG.render({"value": value}) == FILTERS.render({"value": value})


@pytest.mark.parametrize("value", VALUES)
def test_without_time_zones_too(settings, value):
    settings.USE_TZ = False
    naive = value.replace(tzinfo=None) if isinstance(value, datetime) else value
    assert TAG.render({"value": naive}) == FILTERS.render({"value": naive})


def test_it_reads_as_expected():
    with translation.override("en"), timezone.override(ZoneInfo("Europe/Paris")):
        html = TAG.render({"value": VALUES[0]})
    assert html == '<time datetime="2026-11-25T22:00:00+01:00">25 Nov 2026, 22:00 CET</time>'
