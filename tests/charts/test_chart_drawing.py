"""The shared drawing helpers: the SVG is a named picture with no script, whole-number
ticks a round step apart, and a legend with room for every name."""

import pygal

from core.charts import chart_options, chart_svg, integer_labels, legend_below
from tests.charts.helpers import parse_svg


def test_the_svg_is_named_and_runs_nothing():
    chart = pygal.Line(**chart_options())
    chart.add("Série <1> & co", [1, 2, 3])

    svg = chart_svg(chart, title='Points "après" <chaque> round')

    root = parse_svg(svg)
    assert root.get("aria-label") == 'Points "après" <chaque> round'
    assert "<script" not in svg and "<!--" not in svg


def test_ticks_are_whole_numbers_a_round_step_apart():
    assert integer_labels([3, 6, None, 1]) == [0, 1, 2, 3, 4, 5, 6]
    assert integer_labels([0, -1]) == [-1, 0]
    assert integer_labels([0, 45, 120]) == [0, 20, 40, 60, 80, 100, 120]
    assert integer_labels([-13, 2]) == [-14, -12, -10, -8, -6, -4, -2, 0, 2]


def test_the_legend_has_room_for_a_last_short_line():
    names = ["Loups Blancs de Middenheim"] * 8

    legend = legend_below(names)

    assert (legend["legend_at_bottom_columns"], legend["rows"]) == (3, 3)
    assert legend["margin_bottom"] > legend_below(names[:6])["margin_bottom"]
    assert legend_below(["A", "B"])["legend_at_bottom_columns"] == 2
