"""The load test's CPU headers (loadtests/request_cost.py): each request's CPU in its thread
and in its PostgreSQL backend, answered to the load generator."""

import importlib
import os

import pytest
from django.conf import settings
from django.db import connection

from loadtests import request_cost

COST = "loadtests.request_cost.RequestCostMiddleware"


def test_the_load_servers_measure_outside_every_other_middleware(monkeypatch, tmp_path):
    monkeypatch.setenv("LOAD_STATIC_ROOT", str(tmp_path))
    served = importlib.import_module("loadtests.server_settings")

    assert [COST, *settings.MIDDLEWARE] == served.MIDDLEWARE


@pytest.mark.django_db
def test_every_answer_carries_its_cpu_in_microseconds(client, settings):
    settings.MIDDLEWARE = [COST, *settings.MIDDLEWARE]

    answer = client.get("/leagues/")

    assert answer.status_code == 200
    web, database = answer[request_cost.WEB_HEADER], answer[request_cost.DB_HEADER]
    assert web.isdigit() and int(web) > 0  # rendering a page takes some CPU
    if connection.vendor == "postgresql":  # the backend read the leagues: some CPU
        assert database.isdigit() and int(database) > 0
    else:
        assert database == "0"  # SQLite: no backend process to read


def test_a_process_time_on_the_cpu_is_read_from_proc():
    assert request_cost._on_cpu_ns(os.getpid()) > 0
    assert request_cost._on_cpu_ns(2**31) is None  # no such process


@pytest.mark.django_db
def test_every_answer_says_what_the_page_cache_did(client, settings, league, stranger):
    from core import league_versions

    settings.MIDDLEWARE = [COST, *settings.MIDDLEWARE]
    settings.PAGE_CACHE = True
    league_versions.forget()
    page = f"/leagues/{league.pk}/"

    assert client.get("/healthz")[request_cost.CACHE_HEADER] == "none"  # not a cached route
    assert client.get(page)[request_cost.CACHE_HEADER] == "miss"  # rendered, then kept
    assert client.get(page)[request_cost.CACHE_HEADER] == "hit"
    client.force_login(stranger)  # no role in the league: the kept page, with their header
    assert client.get(page)[request_cost.CACHE_HEADER] == "hit"
    client.force_login(league.commissioner)  # rendered for the commissioner
    assert client.get(page)[request_cost.CACHE_HEADER] == "none"
