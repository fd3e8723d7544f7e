"""The betting charts, drawn on the server (``core.charts``): a wallet's balance over time,
the book's exposure on a fixture (stakes and what the house would pay per outcome) and a
played fixture's odds against its result. Each page gives the same numbers as a table."""

from datetime import UTC, datetime

import pygal
from django.utils import formats, timezone
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _

from core.charts import chart_options, chart_svg

MAX_TIME_LABELS = 5


def _when(timestamp: float) -> str:
    moment = datetime.fromtimestamp(timestamp, tz=UTC)
    return formats.date_format(timezone.localtime(moment), "SHORT_DATETIME_FORMAT")


def _time_labels(times: list[float]) -> list[float]:
    """At most ``MAX_TIME_LABELS`` times spread over the axis, none shown twice (entries a
    few seconds apart read the same to the minute)."""
    first, last = min(times), max(times)
    count = MAX_TIME_LABELS if last > first else 1
    spread = [first + (last - first) * index / max(count - 1, 1) for index in range(count)]
    labels, shown = [], set()
    for moment in spread:
        text = _when(moment)
        if text not in shown:
            shown.add(text)
            labels.append(moment)
    return labels


def _coins(value: float) -> str:
    return f"{value:.0f}"


def balance_chart(history: list[tuple[datetime, int]]) -> SafeString:
    """``history`` (``(time, balance after)``, oldest first) as an inline ``<svg>``; empty
    when there is nothing to draw. Times go to pygal as POSIX timestamps (its own date axis
    works in naive UTC) and come back in the user's time zone on the labels."""
    if not history:
        return mark_safe("")
    points = [(moment.timestamp(), balance) for moment, balance in history]
    chart = pygal.XY(
        **chart_options(
            height=320,
            show_legend=False,
            show_x_guides=False,
            x_label_rotation=20,
            dots_size=3,
            stroke_style={"width": 2.5},
            include_x_axis=True,
            x_value_formatter=_when,
            x_labels=_time_labels([x for x, _balance in points]),
            value_formatter=_coins,
            y_title=_("Coins"),
        )
    )
    chart.add(_("Balance"), points)
    return chart_svg(chart, title=_("Balance over time"))


def exposure_chart(fixture_name: str, rows: list[dict]) -> SafeString:
    """One fixture of the book: per outcome (``label``), the coins staked on it and what the
    house would pay beyond all the stakes if it happened (``liability``)."""
    if not rows:
        return mark_safe("")
    chart = pygal.Bar(
        **chart_options(
            height=260,
            legend_at_bottom=True,
            include_x_axis=True,
            value_formatter=_coins,
            y_title=_("Coins"),
        )
    )
    chart.x_labels = [str(row["label"]) for row in rows]
    chart.add(_("Staked"), [row["staked"] for row in rows])
    chart.add(_("House pays if it happens"), [row["liability"] for row in rows])
    return chart_svg(chart, title=_("Exposure on %(fixture)s") % {"fixture": fixture_name})


def odds_result_chart(fixture_name: str, rows: list[dict]) -> SafeString:
    """A played fixture: the chance the engine gave each outcome (``percent``), the outcome
    that happened drawn apart (``happened``)."""
    if not rows:
        return mark_safe("")
    chart = pygal.HorizontalStackedBar(
        **chart_options(
            height=220,
            legend_at_bottom=True,
            range=(0, 100),
            include_x_axis=True,
            value_formatter=lambda percent: f"{percent:.1f} %",
        )
    )
    chart.x_labels = [str(row["label"]) for row in rows]
    chart.add(_("What happened"), [row["percent"] if row["happened"] else None for row in rows])
    chart.add(_("Did not happen"), [None if row["happened"] else row["percent"] for row in rows])
    return chart_svg(
        chart, title=_("Odds of %(fixture)s against its result") % {"fixture": fixture_name}
    )


def calibration_chart(forecasters: list) -> SafeString:
    """The reliability chart: per forecaster (``betting.calibration.Forecaster``) and chance
    bucket, the mean chance given against how often those outcomes happened, beside the
    diagonal of perfect forecasts. Empty when no forecaster has a bucket."""
    drawn = [forecaster for forecaster in forecasters if forecaster.buckets]
    if not drawn:
        return mark_safe("")
    chart = pygal.XY(
        **chart_options(
            height=420,
            legend_at_bottom=True,
            range=(0, 100),
            xrange=(0, 100),
            x_labels=list(range(0, 101, 10)),
            y_labels=list(range(0, 101, 10)),
            x_title=_("Chance given (%)"),
            y_title=_("How often it happened (%)"),
            dots_size=5,
            value_formatter=lambda percent: f"{percent:.1f} %",
            x_value_formatter=lambda percent: f"{percent:.0f} %",
        )
    )
    chart.add(
        _("Perfect forecasts"),
        [(0, 0), (100, 100)],
        show_dots=False,
        stroke_style={"width": 1.5, "dasharray": "6, 4"},
    )
    for forecaster in drawn:
        chart.add(
            forecaster.label,
            [(bucket.mean_chance, bucket.observed) for bucket in forecaster.buckets],
            stroke_style={"width": 1.5},
        )
    return chart_svg(chart, title=_("Reliability: chance given against what happened"))
