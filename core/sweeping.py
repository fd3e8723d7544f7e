"""Running the registered sweeps: each on its own, so one that fails does not stop the others."""

import logging

from core import registry

log = logging.getLogger(__name__)


def sweep_all() -> dict[str, int]:
    """Run every registered sweep once; their counts merged (a failed sweep counts 1 error)."""
    summary: dict[str, int] = {}
    for name, sweep in registry.sweeps():
        try:
            summary.update(sweep())
        except Exception:
            log.exception("sweep %s failed", name)
            summary["failed_sweeps"] = summary.get("failed_sweeps", 0) + 1
    return summary
