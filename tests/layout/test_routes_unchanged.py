"""The reorganisation into one app per rule system kept every URL and API operation: each one
saved before the move still answers at the same address (features added since add routes)."""

import json
from pathlib import Path

from tests.layout.routes import api_operations, page_routes

BEFORE = json.loads((Path(__file__).parent / "routes_before_layout.json").read_text())


def _missing(now: list, before: list) -> list:
    current = {json.dumps(item, sort_keys=True) for item in now}
    return [item for item in before if json.dumps(item, sort_keys=True) not in current]


def test_api_operations_from_before_the_layout_are_all_there():
    assert _missing(api_operations(), BEFORE["api_operations"]) == []


def test_page_routes_from_before_the_layout_are_all_there():
    assert _missing(page_routes(), BEFORE["page_routes"]) == []
