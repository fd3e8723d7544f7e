"""When the serving worker (config.gunicorn_worker) hands a request to a thread: once its
headers and its body are in, or once it has buffered ``BUFFERED_BYTES``."""

import pytest

from config.gunicorn_worker import BUFFERED_BYTES, _Arrival

HEAD = b"POST /api/v1/bets/ HTTP/1.1\r\nHost: example.org\r\n"


@pytest.mark.parametrize(
    ("received", "complete"),
    [
        (b"GET /healthz HTTP/1.1\r\nHost: exa", False),
        (b"GET /healthz HTTP/1.1\r\nHost: example.org\r\n", False),
        (b"GET /healthz HTTP/1.1\r\nHost: example.org\r\n\r\n", True),
        (HEAD + b"Content-Length: 10\r\n\r\n12345", False),
        (HEAD + b"content-length:10\r\n\r\n1234567890", True),
        (HEAD + b"CONTENT-LENGTH: \t10\r\n\r\n1234567890GET / HTTP/1.1", True),  # pipelined
        (HEAD + b"Transfer-Encoding: chunked\r\n\r\n", True),  # the thread reads the chunks
        (HEAD + b"X-Note: content-length: 99\r\n\r\n", True),  # a header's value, not its name
        (HEAD + b"Content-Length: 99999999\r\n\r\n" + b"x" * BUFFERED_BYTES, True),
        (b"GET /" + b"a" * BUFFERED_BYTES, True),  # the parser refuses it, not this
    ],
)
def test_a_request_is_complete_once_its_headers_and_body_are_in(received, complete):
    assert _Arrival(bytearray(received)).complete() is complete
