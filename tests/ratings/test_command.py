"""``manage.py ratings_rebuild``: everything, or one league's teams; an unknown league named."""

from io import StringIO

import pytest
from django.core.management import CommandError, call_command

from ratings.models import CoachRating, TeamRating
from tests.ratings.conftest import play, snapshot


@pytest.fixture
def kept(seasons, run_on_commit):
    for fixture in seasons[:12]:
        run_on_commit(play, fixture, 1, 0)
    return snapshot()


def test_the_command_rebuilds_every_row_as_the_worker_kept_it(kept):
    TeamRating.objects.all().delete()
    CoachRating.objects.all().delete()
    out = StringIO()

    call_command("ratings_rebuild", stdout=out)

    assert snapshot() == kept
    assert f"{len(kept['teams'])} team rows, {len(kept['coaches'])} coach rows" in out.getvalue()


def test_one_league_rebuilds_its_teams_only(kept, seasons):
    north = seasons[0].season.league
    TeamRating.objects.all().delete()
    CoachRating.objects.all().delete()

    call_command("ratings_rebuild", "--league", str(north.pk), stdout=StringIO())

    rows = snapshot()
    assert rows["coaches"] == []
    north_rows = [
        r for r in kept["teams"] if r[1] in set(north.seasons.values_list("pk", flat=True))
    ]
    assert rows["teams"] == north_rows and north_rows


def test_an_unknown_league_is_named(db):
    with pytest.raises(CommandError, match="--league: no league 424242"):
        call_command("ratings_rebuild", "--league", "424242")


def test_the_rebuild_in_several_processes_writes_the_rows_of_one(kept, monkeypatch):
    """Leagues and coach pools rated in forked processes (as for a big volume: the threshold
    lowered), the rows sent back (as ``COPY`` text on PostgreSQL): the same rows, to the bit."""
    from ratings.services import rebuild

    monkeypatch.setattr(rebuild, "PARALLEL_FROM", 0)
    monkeypatch.setattr(rebuild, "LEAGUES_PER_CHUNK", 1)  # one task per league
    serial = rebuild.ratings_rebuild(jobs=1)
    assert snapshot() == kept

    parallel = rebuild.ratings_rebuild(jobs=2)

    assert parallel == serial == {"teams": len(kept["teams"]), "coaches": len(kept["coaches"])}
    assert snapshot() == kept
