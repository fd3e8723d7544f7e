"""Each team's title chance by round, from the stored history (``core.charts``: pygal, no
script); the page shows the same numbers as a table beside it."""

import pygal
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from core.charts import chart_options, chart_svg, legend_below
from forecasts.selectors import SeasonOutlook


def title_chart(outlook: SeasonOutlook) -> SafeString:
    """One line per team: its chance of finishing first after each round, in percent."""
    if not outlook.history or not outlook.teams:
        return mark_safe("")
    names = [line.team.name for line in outlook.teams]
    legend = legend_below(names)
    rows = legend.pop("rows")
    chart = pygal.Line(
        **chart_options(
            height=360 + 30 * rows,
            y_title=_("Title chance (%)"),
            x_title=_("Round"),
            **legend,
            dots_size=2,
            range=(0, 100),
            value_formatter=lambda value: f"{value:.1f} %",
        )
    )
    chart.x_labels = [str(point.round) for point in outlook.history]
    for line in outlook.teams:
        key = str(line.team.pk)
        chart.add(
            line.team.name,
            [100 * point.titles[key] if key in point.titles else None for point in outlook.history],
        )
    return chart_svg(chart, title=_("Each team's title chance after each round"))
