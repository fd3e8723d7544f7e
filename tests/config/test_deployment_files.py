"""The image's build step and docker compose's environment pass the production settings'
checks. No container engine runs here: the same commands run with the same environment."""

import re
import secrets
import shlex

import yaml

from tests.config.test_settings import ROOT, _manage

COMPOSE_VARIABLE = re.compile(r"\$\{(\w+)(?::([?-])([^}]*))?\}")


def _dockerfile_collectstatic() -> tuple[dict[str, str], list[str]]:
    """The environment and arguments of config/Dockerfile's collectstatic step."""
    text = (ROOT / "config" / "Dockerfile").read_text().replace("\\\n", " ")
    [line] = [
        line for line in text.splitlines() if "collectstatic" in line and line.startswith("RUN")
    ]
    words = shlex.split(line.removeprefix("RUN"))
    environment = dict(word.split("=", 1) for word in words if re.fullmatch(r"\w+=.*", word))
    command = [word for word in words if not re.fullmatch(r"\w+=.*", word)]
    return environment, command


def test_the_images_collectstatic_step_passes_the_production_checks():
    environment, command = _dockerfile_collectstatic()
    assert environment["DJANGO_DEBUG"] == "false"
    assert command[:3] == ["python", "manage.py", "collectstatic"]

    # --dry-run: the same settings and storage, without writing into the checkout
    done = _manage(*command[2:], "--dry-run", **environment)

    assert done.returncode == 0, done.stderr


def _compose_environment(shell: dict[str, str]) -> dict[str, str]:
    """docker-compose.yml's application environment as compose builds it from ``shell``."""
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text())
    environment = {}
    for name, value in compose["x-app-environment"].items():
        if value is None:  # passed through only when set in the shell
            if name in shell:
                environment[name] = shell[name]
            continue

        def substitute(found: re.Match) -> str:
            variable, kind, default = found.groups()
            if variable in shell:
                return shell[variable]
            assert kind == "-", f"compose refuses to start without {variable}"
            return default

        environment[name] = COMPOSE_VARIABLE.sub(substitute, str(value))
    return environment


def test_docker_composes_environment_passes_the_deployment_checklist():
    environment = _compose_environment(
        {"DJANGO_SECRET_KEY": secrets.token_urlsafe(50), "SITE_URL": "https://league.example.org"}
    )

    done = _manage("check", "--deploy", "--fail-level", "WARNING", **environment)

    assert done.returncode == 0, done.stderr
    assert "no issues" in done.stdout
