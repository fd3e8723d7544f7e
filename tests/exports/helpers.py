"""Reading a download back as a client would."""

import csv
import io
import json


def body(response) -> bytes:
    return b"".join(response.streaming_content) if response.streaming else response.content


def csv_records(response) -> list[dict[str, str]]:
    """The CSV download parsed by ``csv.DictReader`` (its byte-order mark checked and dropped)."""
    raw = body(response)
    assert raw.startswith(b"\xef\xbb\xbf"), "the CSV starts with a UTF-8 byte-order mark"
    return list(csv.DictReader(io.StringIO(raw.decode("utf-8-sig"))))


def json_records(response) -> list[dict]:
    return json.loads(body(response))
