"""How gunicorn serves the site: the image, docker compose and the load test all start
``gunicorn -c config/gunicorn.conf.py`` (the address comes with ``--bind``).

Each worker process serves requests on ``WEB_THREADS`` threads, and a request reaches a thread
only once it has been received whole (``config.gunicorn_worker``): a client that trickles its
request holds a connection, not a thread, and is dropped after 10 s.
"""

import os

from config.env import integer

wsgi_app = "config.wsgi:application"
workers = integer("WEB_CONCURRENCY", 2, minimum=1)
worker_class = "config.gunicorn_worker.RequestBufferingWorker"
threads = integer("WEB_THREADS", 4, minimum=1)
# Connections a worker holds at once, slow clients included (gunicorn's default).
worker_connections = 1000
# An idle kept-alive connection is closed after this. Longer than any client or proxy keeps
# one idle (nginx's keepalive_timeout is 75 s, a browser's 60 to 300 s): a server that closes
# first races the client's next request on that connection, which then fails without an answer
# (the load test's resets with 5 s, against its users' 1 to 5 s between two requests). An idle
# connection holds one of ``worker_connections``, never a thread.
keepalive = 90
# A worker whose main loop is silent this long is restarted; a stopping one gets this long.
timeout = 30
graceful_timeout = 30
# gunicorn's defaults, written down: the request line, the number and size of header fields.
limit_request_line = 4094
limit_request_fields = 100
limit_request_field_size = 8190
# The workers' heartbeat files in memory rather than on a possibly slow disk (a container's).
worker_tmp_dir = "/dev/shm" if os.path.isdir("/dev/shm") else None
accesslog = "-"


def post_worker_init(worker) -> None:
    """Once a worker process has loaded the application: what Django builds on first use built
    now (``core.warm_up``), then its garbage collector tuned for serving
    (``core.garbage_collection``), its threads made to take turns more often
    (``core.thread_switching``) and numpy's matrix products kept to one thread
    (``core.native_threads``)."""
    from core import garbage_collection, native_threads, thread_switching
    from core.warm_up import warm_up

    warm_up()
    garbage_collection.tune()
    thread_switching.tune()
    native_threads.tune()
