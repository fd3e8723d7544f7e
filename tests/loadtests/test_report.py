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


def _group(
    times,
    queries,
    failures=0,
    refusals=0,
    web_us=0,
    db_us=0,
    checked=0,
    stale=0,
    hits=0,
    misses=0,
    hit_us=0,
    miss_us=0,
):
    return {
        "hits": hits,
        "misses": misses,
        "hit_us": hit_us,
        "miss_us": miss_us,
        "times": times,
        "queries": queries,
        "counted": len(times),
        "failures": failures,
        "refusals": refusals,
        "web_us": web_us,
        "db_us": db_us,
        "costed": len(times),
        "checked": checked,
        "stale": stale,
    }


def _run_directory(tmp_path, page_times, api_times, failures=0, stale=0):
    groups = {
        # the floor: 2 ms of web thread and 0.5 ms of backend a request
        "floor": _group([2, 3], 2, web_us=4000, db_us=1000),
        # 25 ms: 10 floors; 3 of the 4 answers the page cache gave were hits
        # (hits 1.5 ms each, the miss 45 ms: 30 times dearer)
        "page": _group(
            page_times,
            20,
            web_us=40_000,
            db_us=10_000,
            hits=3,
            misses=1,
            hit_us=4500,
            miss_us=45_000,
        ),
        "api": _group(api_times, 9, failures=failures, refusals=1, web_us=15_000, db_us=0),
        "bet": _group([40], 5, web_us=8000, db_us=2000, checked=1, stale=stale),
    }
    endpoints = {
        "api: fixtures list": [3, 15_000, 0],
        "floor: healthz": [1, 3000, 1000],  # 4 ms: dearer than the redirect, not the unit
        "floor: redirect /": [1, 1000, 1500],  # 2.5 ms: the unit of the multiples
    }
    (tmp_path / "samples.json").write_text(json.dumps({"groups": groups, "endpoints": endpoints}))
    run = {
        "date": "2026-11-29T05:00:00+00:00",
        "offered": {
            "leagues": "20",
            "teams": "20",
            "seasons": "1",
            "betting_leagues": "5",
            "users": "100",
            "spawn_rate": "10",
            "duration": "2m",
            "wait": ["1", "5"],
            "web": "2 gunicorn x 2 processes",
            "worker_nice": "6",
            "floor_users": "2",
        },
        "volume": {
            "leagues": 20,
            "generated": 5,
            "generate_seconds": 40.5,
            "copies": 3,
            "copy_seconds": 2.5,
            "load_average_after": [1.5, 0.75, 0.5],
        },
        "machine": {
            "processor": "Intel Xeon Processor",
            "cores": 2,
            "load_average": [1.0, 0.5, 0.25],
            "load_average_after": [2.0, 1.0, 0.5],
        },
    }
    (tmp_path / "run.json").write_text(json.dumps(run))
    cpu = {"seconds": 100.0, "cpu_seconds": {"web": 0.1, "database": 0.02, "workers": 3.0}}
    (tmp_path / "cpu.json").write_text(json.dumps(cpu))
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
    # 20 statements over 2 pages; 20 ms of web and 5 ms of backend a page: 10 floors of 2.5 ms
    assert (
        "| 10.0 | 20.00 | 5.00 | 10.0 | 75% of 4; 1.50 / 45.00 ms, 30 x |  | p99 < 200 ms: met |"
        in text
    )
    assert "| API reads | 3 |" in text and "p99 < 100 ms: met" in text
    assert "| floor (/, /healthz) | 2 |" in text and "| 2.00 | 0.50 | 1.0 |" in text
    assert "`redirect /`: 2.50 ms." in text
    assert "| 8.00 | 2.00 | 4.0 |  | 1, 0 |" in text  # the bet read back once, not stale
    assert "Errors: 0. Stale answers: 0 of 1 reads after a change. Goals met." in text
    assert "| GET api: fixtures list | 3 | 0 |" in text and "| 100 | 5.00 | 0.00 |" in text


def test_report_names_the_machine_the_load_and_the_cpu_totals(tmp_path):
    text = build(_run_directory(tmp_path, [100, 150], [10, 20, 30]))

    assert (
        "Machine: Intel Xeon Processor, 2 cores; load average (1, 5, 15 min) 1.00, 0.50, " in text
    )
    assert "Offered: 100 users (+2 on the floor) started 10/s for 2m" in text
    assert "20 leagues of 20 teams" in text
    assert "2 gunicorn x 2 processes; workers at nice 6." in text
    assert (
        "Volume: 5 leagues generated in 40.5 s, copied 3 times in 2.5 s (copy_leagues): "
        "20 leagues; load average 1.50, 0.75, 0.50 after." in text
    )
    # the headers add up to 0.067 s of web CPU and 0.013 s of backends over 8 requests
    assert "| web servers (gunicorn) | 0.10 | 12.50 | 0.07 | 0.03 s (33%) |" in text
    assert "| PostgreSQL backends of the database | 0.02 | 2.50 | 0.01 | 0.01 s (35%) |" in text
    assert "| Celery workers | 3.00 | 375.00 |" in text


def test_report_says_when_a_goal_is_missed(tmp_path):
    text = build(_run_directory(tmp_path, [100, 250], [10, 20, 30], failures=1))

    assert "p99 < 200 ms: MISSED" in text
    assert "p99 < 100 ms: MISSED" in text  # a failure misses the goal whatever the times
    assert "Errors: 1. Stale answers: 0 of 1 reads after a change. Goals MISSED." in text


def test_a_stale_answer_misses_the_goals(tmp_path):
    text = build(_run_directory(tmp_path, [100, 150], [10, 20, 30], stale=1))

    assert "| 1, 1 |" in text
    assert "Errors: 0. Stale answers: 1 of 1 reads after a change. Goals MISSED." in text
