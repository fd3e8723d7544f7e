"""How many threads numpy's matrix products may use in a web or worker process: one.

numpy multiplies matrices with OpenBLAS, which starts a thread per core and keeps them spinning
between products. A season forecast (``rules_engine.forecasts``: a few matrix products over
10,000 completions) then spent 0.20 s of CPU for 0.10 s of wall time on 2 cores, and 0.11 s of
both on one thread (``bench_forecasts.py --engine-only``, 2026-11-30, AMD EPYC of 2 cores):
the second thread won 8 % of the wall time and took a core from the web processes for it. A
worker or web process is already one of several, one per core or more, so each keeps to one.
"""

import numpy  # noqa: F401  (loads numpy's BLAS library, which the limit needs loaded)
from threadpoolctl import threadpool_limits

BLAS_THREADS = 1


def tune() -> None:
    """Limit the BLAS library numpy loaded to ``BLAS_THREADS`` threads in this process; called
    once each web process has loaded the application (``config/gunicorn.conf.py``) and as each
    Celery worker process starts (``config/celery.py``). numpy is imported with this module: a
    library not yet loaded could not be limited, and would start its threads when a forecast
    imports it."""
    threadpool_limits(limits=BLAS_THREADS, user_api="blas")
