"""``core.release``: the name of the code a process runs, which the page cache's keys carry, follows
every file an answer is made from and only those."""

import os

import pytest

from core.release import release


@pytest.fixture
def project(tmp_path, settings):
    """A project folder with a module, a template and a test, its static root inside it."""
    (tmp_path / "app" / "templates").mkdir(parents=True)
    (tmp_path / "app" / "views.py").write_text("X = 1\n")
    (tmp_path / "app" / "templates" / "page.html").write_text("<p>1</p>\n")
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_app.py").write_text("X = 1\n")
    settings.BASE_DIR = tmp_path
    settings.STATIC_ROOT = tmp_path / "staticfiles"
    settings.RELEASE = ""
    release.cache_clear()
    yield tmp_path
    release.cache_clear()


def again() -> str:
    release.cache_clear()
    return release()


def test_the_release_set_by_the_deploy_is_the_name(settings):
    settings.RELEASE = "2026.11.30-2f1298b"
    assert again() == "2026.11.30-2f1298b"
    release.cache_clear()


def test_a_changed_module_or_template_is_another_release(project):
    first = release()
    assert again() == first  # read once a process, the same each time
    (project / "app" / "views.py").write_text("X = 2\n")
    second = again()
    assert second != first
    page = project / "app" / "templates" / "page.html"
    stat = page.stat()
    os.utime(page, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1_000_000_000))
    assert again() != second


def test_collectstatic_s_manifest_counts_its_copies_do_not(project):
    first = release()
    (project / "staticfiles").mkdir()
    (project / "staticfiles" / "site.4f2a.css").write_text("p {}\n")
    assert again() == first
    (project / "staticfiles" / "staticfiles.json").write_text('{"paths": {}}\n')
    assert again() != first


def test_tests_and_hidden_folders_are_not_the_release(project):
    first = release()
    (project / "tests" / "test_app.py").write_text("X = 2\n")
    (project / ".venv").mkdir()
    (project / ".venv" / "site.py").write_text("X = 1\n")
    (project / "app" / "__pycache__").mkdir()
    (project / "app" / "__pycache__" / "views.cpython-313.pyc").write_text("x")
    assert again() == first
