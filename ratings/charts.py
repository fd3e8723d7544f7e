"""The ratings drawn as lines (``core.charts``): a league's teams by round, a coach's pools by
week. Each page gives the same numbers as a table beside the chart."""

import pygal
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from core.charts import chart_options, chart_svg, legend_below
from ratings.selectors import PoolStanding, TeamStanding, league_periods


def period_label(season_name: str, round_: int, *, seasons: int) -> str:
    if seasons > 1:
        return _("%(season)s R%(round)s") % {"season": season_name, "round": round_}
    return _("R%(round)s") % {"round": round_}


def league_chart(standings: list[TeamStanding]) -> SafeString:
    """One line per team, its rating after each round of the league (a gap where it was not
    in the season)."""
    periods = league_periods(standings)
    if not periods:
        return mark_safe("")
    seasons = len({season for season, _name, _round in periods})
    names = [s.team.name if s.team else "" for s in standings]
    legend = legend_below(names)
    rows = legend.pop("rows")
    chart = pygal.Line(
        **chart_options(
            height=360 + 30 * rows,
            y_title=_("Rating"),
            x_title=_("Round"),
            **legend,
            dots_size=2,
            value_formatter=lambda value: f"{value:.0f}",
        )
    )
    chart.x_labels = [period_label(name, rnd, seasons=seasons) for _s, name, rnd in periods]
    for name, standing in zip(names, standings, strict=True):
        at = {(p.season_id, p.round): p.rating for p in standing.history}
        chart.add(name, [at.get((season, rnd)) for season, _name, rnd in periods])
    return chart_svg(chart, title=_("Each team's rating after each round"))


def coach_chart(pools: list[PoolStanding]) -> SafeString:
    """One line per game (and one for every game), the rating after each week played."""
    weeks = sorted({p.week for pool in pools for p in pool.history if p.week})
    if not weeks:
        return mark_safe("")
    legend = legend_below([pool.label for pool in pools])
    rows = legend.pop("rows")
    chart = pygal.Line(
        **chart_options(
            height=360 + 30 * rows,
            y_title=_("Rating"),
            x_title=_("Week"),
            **legend,
            dots_size=3,
            value_formatter=lambda value: f"{value:.0f}",
            x_label_rotation=30,
        )
    )
    chart.x_labels = [week.isoformat() for week in weeks]
    for pool in pools:
        at = {p.week: p.rating for p in pool.history}
        chart.add(pool.label, [at.get(week) for week in weeks])
    return chart_svg(chart, title=_("The coach's rating after each week played"))
