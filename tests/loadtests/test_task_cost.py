"""The workers' CPU per task name in the load test (loadtests/task_cost.py): added up per task,
written per worker process, merged and differenced by the run, reported costliest first."""

import json
from types import SimpleNamespace

from loadtests import task_cost
from loadtests.report import _tasks


def test_each_task_adds_its_count_and_cpu_to_its_name(monkeypatch, tmp_path):
    monkeypatch.setattr(task_cost, "DIRECTORY", str(tmp_path))
    monkeypatch.setattr(task_cost, "totals", task_cost.defaultdict(lambda: [0, 0, 0]))
    price = SimpleNamespace(name="betting.tasks.league_price_task")

    for task_id in ("a", "b"):
        task_cost.started(task_id=task_id)
        sum(n * n for n in range(200_000))  # some CPU in this thread
        task_cost.finished(task_id=task_id, task=price)
    task_cost.finished(task_id="never-started", task=price)  # nothing to add

    written = json.loads(next(tmp_path.glob("tasks-*.json")).read_text())
    count, worker_us, db_us = written[price.name]
    assert count == 2
    assert worker_us > 0
    assert db_us >= 0


def test_the_run_adds_up_the_workers_and_keeps_what_ran_after_its_first_reading(tmp_path):
    (tmp_path / "tasks-1.json").write_text(
        json.dumps({"price": [3, 3000, 300], "rate": [1, 10, 1]})
    )
    (tmp_path / "tasks-2.json").write_text(json.dumps({"price": [2, 2000, 200]}))
    before = {"price": [4, 4000, 400], "rate": [1, 10, 1]}

    merged = task_cost.merged(tmp_path)

    assert merged == {"price": [5, 5000, 500], "rate": [1, 10, 1]}
    assert task_cost.difference(merged, before) == {"price": [1, 1000, 100]}


def test_the_report_lists_the_tasks_costliest_first():
    lines = _tasks({"cheap": [10, 1_000_000, 0], "dear": [2, 3_000_000, 500_000]}, seconds=10)

    rows = [line for line in lines if line.startswith("| dear") or line.startswith("| cheap")]
    assert rows == [
        "| dear | 2 | 0.20 | 3.00 | 0.50 | 1500.0 | 250.0 |",
        "| cheap | 10 | 1.00 | 1.00 | 0.00 | 100.0 | 0.0 |",
    ]
    assert _tasks({}, seconds=10) == []
