"""One date style per language, whichever format name a template asks for."""

from datetime import UTC, datetime

import pytest
from django.utils import translation
from django.utils.formats import date_format

KICKOFF = datetime(2026, 11, 25, 21, 0, tzinfo=UTC)


@pytest.mark.parametrize(
    ("language", "day", "moment"),
    [
        ("en", "25 Nov 2026", "25 Nov 2026, 21:00 UTC"),
        ("fr", "25 nov. 2026", "25 nov. 2026, 21:00 UTC"),
    ],
)
def test_every_date_format_of_a_language_reads_the_same_way(language, day, moment):
    with translation.override(language):
        days = {date_format(KICKOFF, name) for name in ("DATE_FORMAT", "SHORT_DATE_FORMAT")}
        moments = {
            date_format(KICKOFF, name) for name in ("DATETIME_FORMAT", "SHORT_DATETIME_FORMAT")
        }

    assert days == {day}
    assert moments == {moment}
