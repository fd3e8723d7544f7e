"""The season's charts: every team's position round by round, and one team's points and
score difference over the season (``matches.positions`` holds the numbers)."""

import pygal
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from core.charts import chart_options, chart_svg, integer_labels, legend_below
from matches.positions import SeasonSeries, TeamSeries


def _round_labels(rounds: list[int]) -> list[str]:
    return [_("R%(round)s") % {"round": number} for number in rounds]


def positions_chart(series: SeasonSeries) -> SafeString:
    """One line per team, the leader's place at the top; empty before the first result."""
    if not series.rounds:
        return mark_safe("")
    count = len(series.teams)
    legend = legend_below([line.team.name for line in series.teams])
    rows = legend.pop("rows")
    chart = pygal.Line(
        **chart_options(
            height=max(320, 120 + 28 * count) + 30 * rows,
            inverse_y_axis=True,
            range=(1, max(count, 1)),
            y_labels=list(range(1, count + 1)),
            y_title=_("Position"),
            x_title=_("Round"),
            **legend,
            dots_size=3,
            stroke_style={"width": 2.5},
            value_formatter=lambda position: f"{position:.0f}",
        )
    )
    chart.x_labels = _round_labels(series.rounds)
    for line in series.teams:
        chart.add(line.team.name, line.positions)
    return chart_svg(chart, title=_("Position after each round"))


def team_season_chart(rounds: list[int], line: TeamSeries) -> SafeString:
    """A team's points and score difference after each round; empty before its first."""
    if not rounds:
        return mark_safe("")
    chart = pygal.Line(
        **chart_options(
            x_title=_("Round"),
            legend_at_bottom=True,
            dots_size=3,
            stroke_style={"width": 2.5},
            include_x_axis=True,
            y_labels=integer_labels(line.points + line.score_difference),
            value_formatter=lambda value: f"{value:.0f}",
        )
    )
    chart.x_labels = _round_labels(rounds)
    chart.add(_("Points"), line.points)
    chart.add(_("Score difference"), line.score_difference)
    return chart_svg(
        chart, title=_("%(team)s: points and score difference") % {"team": line.team.name}
    )
