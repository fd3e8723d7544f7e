"""Rotzball's downloads (``core.exports``): a team's players with their characteristics and
their place in the line-up (empty for a reserve); and the goals of a match for the season's
result book."""

from django.utils.translation import gettext_lazy as _

from core import documents
from core.exports import Column, Table, table_of
from league.models import Team
from systems.rotzball.documents import MATCH_RECORD
from systems.rotzball.models import LineupSlot, Player
from systems.rotzball.services import PLAYER_FIELDS

PLAYER = (
    Column("id", _("Id"), lambda p: p.pk),
    Column("name", _("Name")),
    *(Column(field, Player._meta.get_field(field).verbose_name) for field in PLAYER_FIELDS[1:]),
)


def roster_rows(*, team: Team) -> Table:
    places = dict(LineupSlot.objects.filter(team=team).values_list("player_id", "position"))
    place = Column("position", _("Position"), lambda p: places.get(p.pk))
    return table_of((*PLAYER, place), Player.objects.filter(team=team).order_by("name", "pk"))


def result_book_lines(*, result) -> list[str]:
    """The goals of a played match, turn by turn, for the season's result book."""
    if not result.record:
        return []
    record = documents.read(MATCH_RECORD, result.record)
    fixture = result.fixture
    names = {"home": fixture.home.name, "away": fixture.away.name}
    lines = []
    for turn in record.get("turns", []):
        if turn.get("goal") in names:
            score = turn.get("score", {})
            lines.append(
                _("Turn %(turn)s: goal for %(team)s (%(home)s–%(away)s)")
                % {
                    "turn": turn.get("turn"),
                    "team": names[turn["goal"]],
                    "home": score.get("home"),
                    "away": score.get("away"),
                }
            )
    return lines
