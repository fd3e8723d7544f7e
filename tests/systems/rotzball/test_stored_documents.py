"""What Rotzball stores as JSON is versioned: checked when written, and a match stored by an
earlier release (the golden file, written on 2026-11-24) still renders and still replays."""

import json
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone

from core.documents import VERSION_KEY, DocumentError, DocumentKind, read, stamp
from matches import services
from matches.models import Fixture, Result
from systems.rotzball.documents import MATCH_RECORD
from tests.pages.conftest import soup

GOLDEN = json.loads((Path(__file__).parent / "golden" / "stored_match_v1.json").read_text())


@pytest.fixture
def stored_match(season, team, other_team):
    """A played fixture as the golden file stored it."""
    fixture = Fixture.objects.create(
        season=season, round=1, home=team, away=other_team, kickoff=timezone.now(),
        status=Fixture.Status.PLAYED, home_sheet=GOLDEN["home_sheet"],
        away_sheet=GOLDEN["away_sheet"], options=GOLDEN["options"],
    )  # fmt: skip
    record = GOLDEN["record"]
    Result.objects.create(
        fixture=fixture, home_score=record["home_score"], away_score=record["away_score"],
        winner=record["winner"], decided_by=record["decided_by"], seed=record["seed"],
        record=record,
    )  # fmt: skip
    return fixture


@pytest.mark.django_db
@pytest.mark.parametrize("versioned", [True, False], ids=["v1", "before-versions"])
def test_a_stored_match_still_renders_whole(client, stored_match, versioned):
    if not versioned:  # as stored before documents had versions
        record = {k: v for k, v in GOLDEN["record"].items() if k != VERSION_KEY}
        Result.objects.filter(fixture=stored_match).update(record=record)

    page = soup(client.get(stored_match.get_absolute_url()))

    text = page.get_text(" ", strip=True)
    assert "0–1" in text.replace(" ", "") or "0 – 1" in text
    turns = page.select("table.turn-table tbody tr")
    assert len(turns) >= len(GOLDEN["record"]["turns"])
    assert f"({len(GOLDEN['record']['rolls'])} rolls)" in text
    assert VERSION_KEY not in text


@pytest.mark.django_db
def test_todays_engine_writes_what_the_schema_describes(season, team, other_team):
    fixture = Fixture.objects.create(season=season, round=1, home=team, away=other_team,
                                     kickoff=timezone.now() + timedelta(days=1))  # fmt: skip

    result = services.fixture_simulate(fixture_id=fixture.pk, seed=5)

    fixture.refresh_from_db()
    assert result.record[VERSION_KEY] == MATCH_RECORD.version
    assert fixture.home_sheet[VERSION_KEY] == fixture.options[VERSION_KEY] == 1
    replay = services.fixture_simulate  # the stored sheets replay the same match from the seed
    twin = Fixture.objects.create(season=season, round=2, home=team, away=other_team,
                                  kickoff=timezone.now() + timedelta(days=8))  # fmt: skip
    Fixture.objects.filter(pk=twin.pk).update(
        status=Fixture.Status.LOCKED, home_sheet=fixture.home_sheet,
        away_sheet=fixture.away_sheet, options=fixture.options,
    )  # fmt: skip
    assert replay(fixture_id=twin.pk, seed=5).record == result.record


def test_a_record_that_does_not_match_its_schema_is_refused_naming_the_place():
    bad = {**read(MATCH_RECORD, GOLDEN["record"]), "winner": "nobody"}

    with pytest.raises(DocumentError, match="winner"):
        stamp(MATCH_RECORD, bad)


def test_an_older_version_is_upgraded_on_read():
    kind = DocumentKind(
        name="example", version=2, schema={"type": "object"},
        upgrades={1: lambda doc: {"goals": doc["score"]}},
    )  # fmt: skip

    assert read(kind, {"score": 3, VERSION_KEY: 1}) == {"goals": 3}
    assert read(kind, {"goals": 3, VERSION_KEY: 2}) == {"goals": 3}
    with pytest.raises(DocumentError):
        read(kind, {VERSION_KEY: 3})
