"""A team's players (or gladiators) growing over a season, as a game reports it through the
``progression_series(team)`` of ``matches.plugins.progression``, and the chart that draws it.

The game says what it measures (Killpower experience, Mythril star player points), the
matches along the axis and each player's value after each of them (``None`` before the
player joined the team or when nothing is known yet)."""

from collections.abc import Sequence
from dataclasses import dataclass

import pygal
from django.utils.functional import Promise
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from core.charts import chart_options, chart_svg, integer_labels, legend_below


@dataclass(frozen=True)
class PlayerSeries:
    name: str
    values: list[int | None]


@dataclass(frozen=True)
class Progression:
    measure: str | Promise
    steps: list[str]
    players: list[PlayerSeries]

    @property
    def rows(self) -> list[tuple[str, list[int | None]]]:
        """``(step, value of each player)``: the table under the chart."""
        return [
            (step, [player.values[index] for player in self.players])
            for index, step in enumerate(self.steps)
        ]


def round_labels(steps: Sequence[tuple[str, int]]) -> list[str]:
    """The axis's labels of matches given as ``(season name, round)``: ``R3``, or
    ``Season · R3`` when they span several seasons."""
    several = len({season for season, _number in steps}) > 1
    return [
        (f"{season} · " if several else "") + _("R%(round)s") % {"round": number}
        for season, number in steps
    ]


def progression_chart(progression: Progression | None, *, team_name: str) -> SafeString:
    """One line per player; empty when the game reports nothing yet."""
    if progression is None or not progression.steps or not progression.players:
        return mark_safe("")
    legend = legend_below([player.name for player in progression.players])
    rows = legend.pop("rows")
    chart = pygal.Line(
        **chart_options(
            height=360 + 30 * rows,
            y_title=str(progression.measure),
            x_title=_("Match"),
            **legend,
            x_label_rotation=20,
            dots_size=3,
            stroke_style={"width": 2},
            include_x_axis=True,
            allow_interruptions=True,
            y_labels=integer_labels([v for player in progression.players for v in player.values]),
            value_formatter=lambda value: f"{value:.0f}",
        )
    )
    chart.x_labels = progression.steps
    for player in progression.players:
        chart.add(player.name, player.values)
    title = _("%(team)s: %(measure)s after each match") % {
        "team": team_name,
        "measure": progression.measure,
    }
    return chart_svg(chart, title=title)
