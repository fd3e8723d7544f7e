"""The load test's report (loadtests/report.py): percentiles and the goals it reads off the
samples the locustfile writes."""

import json

from loadtests.report import build, percentile


def test_percentile_is_the_nearest_rank():
    values = list(range(1, 101))  # 1..100 ms

    assert percentile(values, 0.5) == 50
    assert percentile(values, 0.95) == 95
    assert percentile(values, 0.99) == 99
    assert percentile([7.0], 0.99) == 7.0
    assert percentile([], 0.5) == 0.0


def _run_directory(tmp_path, page_times, api_times, failures=0):
    samples = {
        "page": {"times": page_times, "queries": 20, "counted": 2, "failures": 0, "refusals": 0},
        "api": {
            "times": api_times,
            "queries": 9,
            "counted": 3,
            "failures": failures,
            "refusals": 1,
        },
    }
    (tmp_path / "samples.json").write_text(json.dumps(samples))
    (tmp_path / "locust_stats.csv").write_text(
        "Type,Name,Request Count,Failure Count,Median Response Time,Average Response Time,"
        "Min Response Time,Max Response Time,Average Content Size,Requests/s,Failures/s,"
        "50%,66%,75%,80%,90%,95%,98%,99%,99.9%,99.99%,100%\n"
        "GET,api: fixtures list,3,0,10,10,5,30,100,1.5,0,10,10,10,10,30,30,30,30,30,30,30\n"
        ",Aggregated,5,0,10,10,5,300,100,2.5,0,10,10,10,10,30,30,30,300,300,300,300\n"
    )
    return tmp_path


def test_report_gives_each_groups_figures_and_the_goals(tmp_path):
    text = build(_run_directory(tmp_path, [100, 150], [10, 20, 30]))

    assert "| pages | 2 |" in text
    assert "| 10.0 | p99 < 200 ms: met |" in text  # 20 statements over 2 pages
    assert "| API reads | 3 |" in text and "p99 < 100 ms: met" in text
    assert "Errors: 0. Goals met." in text
    assert "| GET api: fixtures list | 3 | 0 |" in text


def test_report_says_when_a_goal_is_missed(tmp_path):
    text = build(_run_directory(tmp_path, [100, 250], [10, 20, 30], failures=1))

    assert "p99 < 200 ms: MISSED" in text
    assert "p99 < 100 ms: MISSED" in text  # a failure misses the goal whatever the times
    assert "Errors: 1. Goals MISSED." in text
