"""The load test, end to end (``make load``): data, two web processes, two workers, locust.

Steps, each printed as it starts:

1. the database ``LOAD_DATABASE`` on the PostgreSQL server ``LOAD_POSTGRES`` is made afresh
   (``LOAD_FRESH=false`` keeps it and its data), given docker-compose's planner setting
   (``random_page_cost`` 1.1), migrated and filled with ``LOAD_LEAGUES`` leagues (default
   1,000): ``manage.py generate_load --leagues LOAD_SOURCE_LEAGUES --teams LOAD_TEAMS
   --seasons LOAD_SEASONS`` builds ``LOAD_SOURCE_LEAGUES`` of them (default 25) through the
   services, then ``manage.py copy_leagues --times K`` copies them in SQL until there are
   ``LOAD_LEAGUES`` (``K = LOAD_LEAGUES / LOAD_SOURCE_LEAGUES - 1``; ``LOAD_LEAGUES`` must be a
   multiple of ``LOAD_SOURCE_LEAGUES``, or at most it: then nothing is copied). Generating
   takes 2-18 s a league on two cores, copying a few minutes for the 975 others;
2. the Redis database ``LOAD_REDIS`` emptied (every run starts with a cold cache), then two
   Celery workers (one process each) on it, at a lower CPU priority than the web servers
   (``nice -n LOAD_WORKER_NICE``, default 6: the weight docker-compose.yml gives its workers;
   ``0``: none);
3. ``loadtests/prepare.py``: betting opened in a few Rotzball leagues (the workers price their
   open fixtures; the run waits for the queue to empty), API tokens for their commissioners,
   coaches and punters;
4. two gunicorn servers (``LOAD_PORTS``, ``LOAD_WEB_WORKERS`` processes each) served as the
   image serves them (``config/gunicorn.conf.py``), with the production settings
   (``DJANGO_DEBUG=false``, collected static files, Redis cache), each answering
   ``X-Query-Count``;
5. locust, headless: ``LOAD_USERS`` users (default 100) started ``LOAD_SPAWN_RATE`` a
   second, spread over both servers, for ``LOAD_DURATION`` (default 3m);
6. the report (``loadtests/report.py``) printed and written to ``LOAD_OUT``.

While locust runs, ``loadtests/machine.py`` adds up the CPU time of the servers, the workers,
the database's backends and locust (``cpu.json``), the workers add up their CPU per task name
(``tasks.json``, ``loadtests/task_cost.py``), and the run writes what was offered, how
the volume was built (leagues generated and copies, the seconds of each, the load average
after) and the machine it ran on (``run.json``: processor, cores, load average before and
after): the report sets each group's CPU per request (the servers' headers,
``loadtests/request_cost.py``) beside these totals.

Every process it starts is stopped at the end, on failure and on Ctrl-C too. Everything runs
on 127.0.0.1.
"""

from __future__ import annotations

import contextlib
import json
import os
import shutil
import signal
import subprocess
import sys
import time
import urllib.request
from datetime import UTC, datetime
from pathlib import Path
from urllib.parse import urlsplit

ROOT = Path(__file__).resolve().parents[1]
BIN = Path(sys.executable).parent
sys.path.insert(0, str(ROOT))

from loadtests import task_cost  # noqa: E402
from loadtests.machine import CpuSampler, machine  # noqa: E402


def _setting(name: str, default: str) -> str:
    return os.environ.get(name) or default


POSTGRES = _setting("LOAD_POSTGRES", "postgres://postgres@127.0.0.1:5432/postgres")
DATABASE = _setting("LOAD_DATABASE", "league_loadtest")
REDIS = _setting("LOAD_REDIS", "redis://127.0.0.1:6379/14")
PORTS = [int(port) for port in _setting("LOAD_PORTS", "8781,8782").split(",")]
WEB_WORKERS = _setting("LOAD_WEB_WORKERS", "2")
FRESH = _setting("LOAD_FRESH", "true").lower() in ("1", "true", "yes")
LEAGUES = _setting("LOAD_LEAGUES", "1000")
SOURCE_LEAGUES = _setting("LOAD_SOURCE_LEAGUES", "25")
TEAMS = _setting("LOAD_TEAMS", "20")
SEASONS = _setting("LOAD_SEASONS", "1")
BETTING_LEAGUES = _setting("LOAD_BETTING_LEAGUES", "5")
# Every queue the project routes tasks to (config.celery): both workers take them all.
QUEUES = _setting("LOAD_QUEUES", "simulation,settlement,notifications,celery")
# The workers' CPU weight below the web servers', as docker-compose.yml gives its workers
# (cpu_shares 256 of 1,024: nice 6 is a weight of 272 of 1,024); "0": the same as the web's.
WORKER_NICE = _setting("LOAD_WORKER_NICE", "6")
USERS = _setting("LOAD_USERS", "100")
SPAWN_RATE = _setting("LOAD_SPAWN_RATE", "10")
DURATION = _setting("LOAD_DURATION", "3m")
OUT = Path(
    _setting(
        "LOAD_OUT",
        str(ROOT / "loadtests" / "results" / datetime.now(UTC).strftime("%Y%m%dT%H%M%SZ")),
    )
)

started: list[subprocess.Popen] = []


def _say(message: str) -> None:
    print(f"[load {datetime.now(UTC).strftime('%H:%M:%S')}] {message}", flush=True)


def _database_url() -> str:
    return urlsplit(POSTGRES)._replace(path=f"/{DATABASE}").geturl()


def _environment(**extra: str | None) -> dict[str, str]:
    """The servers' environment; ``extra`` overrides it (``None``: unset)."""
    env = {
        **os.environ,
        "DATABASE_URL": _database_url(),
        "CELERY_BROKER_URL": REDIS,
        "REDIS_URL": REDIS,
        "DJANGO_DEBUG": "false",
        "DJANGO_SECRET_KEY": "load-test-only-" + "k" * 60,
        "DJANGO_ALLOWED_HOSTS": "127.0.0.1,localhost",
        "SITE_URL": f"http://127.0.0.1:{PORTS[0]}",
        "DJANGO_SECURE_SSL_REDIRECT": "false",
        "ACCOUNT_EMAIL_VERIFICATION": "none",
        "QUERY_COUNT_HEADER": "true",
        "LOG_LEVEL": "WARNING",
        "DJANGO_SETTINGS_MODULE": "loadtests.server_settings",
        "LOAD_STATIC_ROOT": str(OUT / "static"),
        "PYTHONUNBUFFERED": "1",
    }
    env.update(extra)
    return {name: value for name, value in env.items() if value is not None}


def _run(*command: str, env: dict[str, str] | None = None) -> None:
    subprocess.run(command, cwd=ROOT, env=env or _environment(), check=True)


def _manage(*arguments: str, **extra: str | None) -> None:
    _run(str(BIN / "python"), "manage.py", *arguments, env=_environment(**extra))


def _start(
    name: str, *command: str, log: Path, env: dict[str, str] | None = None
) -> subprocess.Popen:
    handle = log.open("wb")
    process = subprocess.Popen(
        command,
        cwd=ROOT,
        env=env or _environment(),
        stdout=handle,
        stderr=subprocess.STDOUT,
        start_new_session=True,  # its own process group: stopped with all its children
    )
    started.append(process)
    _say(f"started {name} (pid {process.pid}, log {log})")
    return process


def _stop_all() -> None:
    for process in reversed(started):
        if process.poll() is None:
            try:
                os.killpg(process.pid, signal.SIGTERM)
            except ProcessLookupError:
                continue
    deadline = time.monotonic() + 20
    for process in reversed(started):
        try:
            process.wait(max(0.1, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait(5)
    started.clear()


def _recreate_database() -> None:
    import psycopg
    from psycopg import sql

    name = sql.Identifier(DATABASE)
    with psycopg.connect(POSTGRES, autocommit=True) as admin:
        admin.execute(sql.SQL("DROP DATABASE IF EXISTS {} WITH (FORCE)").format(name))
        admin.execute(sql.SQL("CREATE DATABASE {}").format(name))


def _empty_redis() -> None:
    """The run's Redis database emptied (its queues, the page cache and the versions): every
    run starts with a cold cache, whatever the last one left, so two runs compare."""
    import redis

    redis.Redis.from_url(REDIS).flushdb()


def _tune_database() -> None:
    """The planner setting docker-compose gives its server (random reads cheap on SSDs and
    cached data), for this database only: the machine's server is shared."""
    import psycopg
    from psycopg import sql

    with psycopg.connect(POSTGRES, autocommit=True) as admin:
        admin.execute(
            sql.SQL("ALTER DATABASE {} SET random_page_cost = 1.1").format(sql.Identifier(DATABASE))
        )


def _volume_plan() -> tuple[int, int]:
    """(leagues generated, copies of each) for ``LOAD_LEAGUES`` from ``LOAD_SOURCE_LEAGUES``;
    ``SystemExit`` naming both when the one is not a multiple of the other."""
    leagues, source = int(LEAGUES), int(SOURCE_LEAGUES)
    if source < 1:
        raise SystemExit(f"LOAD_SOURCE_LEAGUES: give at least 1 (got {source})")
    if source >= leagues:
        return leagues, 0
    if leagues % source:
        raise SystemExit(
            f"LOAD_LEAGUES ({leagues}) must be a multiple of LOAD_SOURCE_LEAGUES ({source}): "
            "the generated leagues are copied whole"
        )
    return source, leagues // source - 1


def _fill(generated: int, copies: int) -> dict:
    """Fill the database: ``generated`` leagues through generate_load, then ``copies`` copies
    of them (copy_leagues); how long each took."""
    # without a broker their tasks run in the process: the development settings, since the
    # production ones refuse to start without one
    offline = {"CELERY_BROKER_URL": None, "REDIS_URL": None, "DJANGO_DEBUG": "true"}
    _say(f"generate_load --leagues {generated} --teams {TEAMS} --seasons {SEASONS}")
    started = time.monotonic()
    _manage(
        "generate_load", "--leagues", str(generated), "--teams", TEAMS, "--seasons", SEASONS,
        **offline,
    )  # fmt: skip
    volume = {
        "leagues": generated * (copies + 1),
        "generated": generated,
        "generate_seconds": round(time.monotonic() - started, 1),
        "copies": copies,
        "copy_seconds": 0.0,
    }
    if copies:
        _say(f"copy_leagues --times {copies}: {volume['leagues']} leagues")
        started = time.monotonic()
        # ledger_audit would take minutes on 1,000 leagues (the settlements' check reads the
        # results one by one); the ledger's triggers check every copied entry, and
        # tests/integration/test_copy_leagues_postgres.py audits the copies
        _manage("copy_leagues", "--times", str(copies), "--no-audit", **offline)
        volume["copy_seconds"] = round(time.monotonic() - started, 1)
    volume["load_average_after"] = machine()["load_average"]
    return volume


def _queue_length() -> int:
    import redis

    client = redis.Redis.from_url(REDIS)
    return sum(client.llen(queue) for queue in QUEUES.split(","))


def _wait_for_queue(limit_seconds: float) -> None:
    deadline = time.monotonic() + limit_seconds
    while time.monotonic() < deadline:
        waiting = _queue_length()
        if waiting == 0:
            return
        _say(f"workers pricing fixtures: {waiting} tasks queued")
        time.sleep(5)
    _say("the queue is not empty yet; starting anyway")


def _wait_for(port: int, limit_seconds: float = 60) -> None:
    deadline = time.monotonic() + limit_seconds
    while time.monotonic() < deadline:
        try:
            with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2):
                return
        except OSError:
            time.sleep(0.5)
    raise RuntimeError(f"gunicorn on port {port} did not answer /healthz")


def _write_run(before: dict, after: dict, volume: dict) -> None:
    """What was offered, how its volume was built, and on what machine (``run.json``)."""
    offered = {
        "leagues": LEAGUES,
        "teams": TEAMS,
        "seasons": SEASONS,
        "betting_leagues": BETTING_LEAGUES,
        "users": USERS,
        "spawn_rate": SPAWN_RATE,
        "duration": DURATION,
        "wait": [os.environ.get("LOAD_WAIT_MIN", "1"), os.environ.get("LOAD_WAIT_MAX", "5")],
        "web": f"{len(PORTS)} gunicorn x {WEB_WORKERS} processes",
        "worker_nice": WORKER_NICE,
        "floor_users": os.environ.get("LOAD_FLOOR_USERS", "2"),
    }
    run = {
        "date": datetime.now(UTC).isoformat(timespec="seconds"),
        "offered": offered,
        "volume": volume,
        "machine": {**before, "load_average_after": after["load_average"]},
    }
    (OUT / "run.json").write_text(json.dumps(run))


def _interrupted(_signal_number, _frame) -> None:
    raise KeyboardInterrupt  # stops the run as Ctrl-C does: the finally below cleans up


def main() -> int:
    generated, copies = _volume_plan()
    OUT.mkdir(parents=True, exist_ok=True)
    accounts = OUT / "accounts.json"
    signal.signal(signal.SIGTERM, _interrupted)
    volume: dict = {"leagues": int(LEAGUES), "kept": True}  # LOAD_FRESH=false
    try:
        if FRESH:
            _say(f"database {DATABASE}: made afresh")
            _recreate_database()
        _tune_database()
        _empty_redis()
        _manage("migrate", "--noinput", "-v0")
        if FRESH:
            volume = _fill(generated, copies)
        _manage("collectstatic", "--noinput", "-v0")
        task_costs = OUT / "tasks"
        task_costs.mkdir(exist_ok=True)
        for number in (1, 2):
            _start(
                f"worker {number}",
                *(["nice", "-n", WORKER_NICE] if WORKER_NICE != "0" else []),
                str(BIN / "celery"),
                "-A",
                "config",
                "worker",
                "-Q",
                QUEUES,
                "--concurrency",
                "1",
                "--prefetch-multiplier",
                "1",
                "-n",
                f"load{number}@%h",
                "--without-gossip",
                "--without-mingle",
                "-l",
                "warning",
                log=OUT / f"worker{number}.log",
                env=_environment(LOAD_TASK_COSTS=str(task_costs)),
            )
        _say("prepare: betting leagues and tokens")
        _run(
            str(BIN / "python"),
            "loadtests/prepare.py",
            str(accounts),
            "--betting-leagues",
            BETTING_LEAGUES,
            env=_environment(DJANGO_DEBUG="true", QUERY_COUNT_HEADER="false"),
        )
        _wait_for_queue(limit_seconds=600)
        for port in PORTS:
            _start(
                f"gunicorn :{port}",
                str(BIN / "gunicorn"),
                "-c",
                "config/gunicorn.conf.py",
                "-b",
                f"127.0.0.1:{port}",
                "-w",
                WEB_WORKERS,
                "--log-level",
                "warning",
                log=OUT / f"gunicorn{port}.log",
            )
        for port in PORTS:
            _wait_for(port)
        _say(f"locust: {USERS} users, {SPAWN_RATE}/s, for {DURATION}")
        before = machine()
        tasks_before = task_cost.merged(task_costs)  # the preparation's pricing left out
        locust_env = {
            **os.environ,
            "LOAD_ACCOUNTS": str(accounts),
            "LOAD_HOSTS": ",".join(f"http://127.0.0.1:{port}" for port in PORTS),
            "LOAD_SAMPLES": str(OUT / "samples.json"),
        }
        locust = subprocess.Popen(
            [
                str(BIN / "locust"),
                "-f",
                "loadtests/locustfile.py",
                "--headless",
                "-u",
                USERS,
                "-r",
                SPAWN_RATE,
                "-t",
                DURATION,
                "--stop-timeout",
                "10",
                "--host",
                f"http://127.0.0.1:{PORTS[0]}",
                "--csv",
                str(OUT / "locust"),
                "--only-summary",
                "--exit-code-on-error",
                "0",
            ],
            cwd=ROOT,
            env=locust_env,
        )
        servers = [process.pid for process in started if "gunicorn" in process.args[0]]
        workers = [
            process.pid for process in started if any("celery" in arg for arg in process.args)
        ]
        sampler = CpuSampler({"web": servers, "workers": workers, "locust": [locust.pid]}, DATABASE)
        sampler.start()
        code = locust.wait()
        (OUT / "cpu.json").write_text(json.dumps(sampler.stop()))
        time.sleep(2)  # the tasks the run's last requests sent
        (OUT / "tasks.json").write_text(
            json.dumps(task_cost.difference(task_cost.merged(task_costs), tasks_before))
        )
        if code:
            raise subprocess.CalledProcessError(code, "locust")
        _write_run(before, machine(), volume)
    except KeyboardInterrupt:
        _say("interrupted: stopping everything")
        return 130
    finally:
        _stop_all()
        shutil.rmtree(OUT / "static", ignore_errors=True)
        accounts.unlink(missing_ok=True)
    _run(str(BIN / "python"), "loadtests/report.py", str(OUT))
    return 0


if __name__ == "__main__":
    sys.exit(main())
