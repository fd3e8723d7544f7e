"""The reorganisation into one app per rule system kept every URL and API operation."""

import json
from pathlib import Path

from tests.layout.routes import api_operations, page_routes

BEFORE = json.loads((Path(__file__).parent / "routes_before_layout.json").read_text())


def test_api_operations_are_those_from_before_the_layout():
    assert api_operations() == BEFORE["api_operations"]


def test_page_routes_are_those_from_before_the_layout():
    assert page_routes() == BEFORE["page_routes"]
