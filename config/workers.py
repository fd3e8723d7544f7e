"""``make worker``: one machine's Celery workers, two pools started and stopped together.

Notifications wait on mail servers and webhook receivers (up to 5 s a request, and a league may
have 20 receivers): they have a pool of threads of their own, so a slow receiver never holds
the processes that settle bets and play fixtures. docker compose splits the queues the same
way, one service per queue (docs/scaling.md).

    python -m config.workers [celery worker options for both pools, e.g. -l info]

Ctrl-C or SIGTERM stops both pools; when one exits, the other is stopped too.
"""

import signal
import subprocess
import sys
import time

# Each pool's node name and options; their queues together are config.celery.QUEUES.
POOLS = {
    "main": ["-Q", "simulation,settlement,celery", "--prefetch-multiplier", "1"],
    "notifications": ["-Q", "notifications", "--pool", "threads", "--concurrency", "8"],
}


def commands(options: list[str]) -> list[list[str]]:
    celery = [sys.executable, "-m", "celery", "-A", "config", "worker"]
    return [[*celery, "-n", f"{name}@%h", *pool, *options] for name, pool in POOLS.items()]


def _stop(pools: list[subprocess.Popen]) -> None:
    for pool in pools:
        if pool.poll() is None:
            pool.terminate()


def main(options: list[str]) -> int:
    pools = [subprocess.Popen(command) for command in commands(options)]
    # A terminal's Ctrl-C reaches every pool itself (one process group); a SIGTERM sent to
    # this process only is passed on. Set after the start: an ignored signal is inherited.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, lambda _signal, _frame: _stop(pools))
    while all(pool.poll() is None for pool in pools):
        time.sleep(0.5)
    first = next(pool for pool in pools if pool.returncode is not None)
    _stop(pools)
    for pool in pools:
        pool.wait()
    return first.returncode


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
