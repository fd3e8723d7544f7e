"""A web process compiles the project's templates when it boots (``core.warm_up``), not during
its first requests."""

import runpy

from django.template import engines

from core.warm_up import warm_up
from tests.config.test_settings import ROOT


def _cached(name: str) -> bool:
    """Whether the cached template loader holds ``name`` compiled."""
    engine = engines["django"].engine
    return any(
        name in getattr(loader, "get_template_cache", {}) for loader in engine.template_loaders
    )


def test_every_template_of_the_project_is_compiled_before_the_first_request():
    engine = engines["django"].engine
    for loader in engine.template_loaders:
        loader.reset()
    templates = sorted(
        str(path.relative_to(ROOT / "templates"))
        for path in (ROOT / "templates").rglob("*")
        if path.suffix in (".html", ".txt")
    )
    assert not _cached("league/detail.html")

    compiled = warm_up()

    assert compiled == len(templates) > 100
    assert all(_cached(name) for name in templates)
    assert not _cached("admin/base.html")  # third-party templates wait for their first use


def test_the_gunicorn_workers_warm_up_before_their_garbage_collector_is_tuned(monkeypatch):
    import core.garbage_collection
    import core.warm_up

    done = []
    monkeypatch.setattr(core.warm_up, "warm_up", lambda: done.append("warm_up"))
    monkeypatch.setattr(core.garbage_collection, "tune", lambda: done.append("tune"))
    hooks = runpy.run_path(str(ROOT / "config" / "gunicorn.conf.py"))

    hooks["post_worker_init"](object())

    assert done == ["warm_up", "tune"]
