"""The wallet's balance over time as an SVG chart drawn on the server (pygal), inlined in the
page: no script, nothing fetched from elsewhere. The page gives the same numbers as a table
for readers who cannot see the chart."""

import re
from datetime import UTC, datetime

import pygal
from django.utils import formats, timezone
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from pygal.style import Style

SCRIPTS = re.compile(r"<script\b.*?</script>", re.DOTALL)
COMMENTS = re.compile(r"<!--.*?-->", re.DOTALL)

STYLE = Style(
    background="transparent",
    plot_background="transparent",
    foreground="currentColor",
    foreground_strong="currentColor",
    foreground_subtle="rgba(127, 127, 127, 0.35)",
    colors=("#0172ad",),
    font_family="inherit",
    label_font_size=13,
    major_label_font_size=13,
    title_font_size=16,
    guide_stroke_color="rgba(127, 127, 127, 0.35)",
    major_guide_stroke_color="rgba(127, 127, 127, 0.5)",
)
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


def balance_chart(history: list[tuple[datetime, int]]) -> SafeString:
    """``history`` (``(time, balance after)``, oldest first) as an inline ``<svg>``; empty
    when there is nothing to draw. Times go to pygal as POSIX timestamps (its own date axis
    works in naive UTC) and come back in the user's time zone on the labels."""
    if not history:
        return mark_safe("")
    points = [(moment.timestamp(), balance) for moment, balance in history]
    chart = pygal.XY(
        style=STYLE,
        js=[],
        width=800,
        height=320,
        explicit_size=False,
        disable_xml_declaration=True,
        show_legend=False,
        show_x_guides=False,
        x_label_rotation=20,
        truncate_label=-1,
        dots_size=3,
        stroke_style={"width": 2.5},
        include_x_axis=True,
        x_value_formatter=_when,
        x_labels=_time_labels([x for x, _balance in points]),
        value_formatter=lambda coins: f"{coins:.0f}",
        y_title=_("Coins"),
        no_data_text="",
    )
    chart.add(_("Balance"), points)
    svg = chart.render(is_unicode=True)
    # pygal adds an inline script (its tooltips' settings) and comments: the page needs neither.
    svg = COMMENTS.sub("", SCRIPTS.sub("", svg))
    svg = svg.replace("<title>Pygal</title>", f"<title>{escape(_('Balance over time'))}</title>", 1)
    return mark_safe(svg)  # drawn by pygal from numbers and our own words, escaped as XML
