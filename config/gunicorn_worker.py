"""gunicorn's threaded worker, with each request received whole before a thread serves it.

gunicorn's own workers read a request's headers in the process or thread that then serves it,
waiting as long as the client takes to send them: two connections trickling their headers a
byte at a time held both sync workers of the site and ``/healthz`` took 32 s. Here a
connection's bytes are taken as they arrive, without waiting, and the connection goes back to
the worker's poller (the threaded worker's own "pending" state) until its headers and its body
are in (a body up to ``BUFFERED_BYTES``, as a buffering proxy would); only then does a thread
parse and serve it. A request not received within ``RECEIVE_SECONDS`` is dropped, and a
connection that sends nothing for the keep-alive time is closed by gunicorn itself.

A slow client then holds one of the worker's connections (``worker_connections``, 1,000 by
default), never a thread. Plain HTTP only: with TLS in gunicorn, the stock behaviour is kept.
"""

import re
import time
from dataclasses import dataclass, field

from gunicorn.workers.gthread import _DEFER, TConn, ThreadWorker

RECEIVE_SECONDS = 10.0
BUFFERED_BYTES = 1 << 20
_CONTENT_LENGTH = re.compile(rb"\r\ncontent-length:[ \t]*(\d+)", re.IGNORECASE)


@dataclass
class _Arrival:
    """A request's bytes so far, and when it must be in."""

    received: bytearray
    deadline: float = field(default_factory=lambda: time.monotonic() + RECEIVE_SECONDS)

    def complete(self) -> bool:
        """Whether the headers and body are in (or ``BUFFERED_BYTES`` of them)."""
        end = self.received.find(b"\r\n\r\n")
        if end < 0:
            return len(self.received) >= BUFFERED_BYTES
        length = _CONTENT_LENGTH.search(self.received, 0, end + 2)
        body = int(length[1]) if length else 0  # a chunked body is read by the thread
        return len(self.received) >= min(end + 4 + body, BUFFERED_BYTES)

    def receive(self, conn: TConn) -> bool:
        """Append what the client has sent, without waiting; whether it has closed."""
        conn.sock.setblocking(False)
        try:
            while len(self.received) < BUFFERED_BYTES:
                chunk = conn.sock.recv(65536)
                if not chunk:
                    return True
                self.received += chunk
        except BlockingIOError:
            pass
        return False


class RequestBufferingWorker(ThreadWorker):
    def handle(self, conn: TConn):
        if self.cfg.is_ssl:
            return super().handle(conn)
        arrival = getattr(conn, "arrival", None)
        if arrival is None:  # a new request on this connection (bytes read ahead first)
            held = conn.parser.unreader.take_buffered() if conn.parser else b""
            arrival = conn.arrival = _Arrival(bytearray(held))
        closed = arrival.receive(conn)
        if not arrival.complete():
            if closed or time.monotonic() > arrival.deadline:
                conn.sock.close()  # here: gunicorn's own close would wait for the client
                return False
            return _DEFER  # back to the poller until more bytes come
        conn.arrival = None
        conn.init()
        conn.parser.unreader.unread(bytes(arrival.received))
        return super().handle(conn)
