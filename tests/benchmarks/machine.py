"""What the benchmarks print beside their figures, so that a figure reads with its machine."""

from pathlib import Path


def processor() -> str:
    """The processor's model name (``/proc/cpuinfo``, else ``platform.processor()``), or
    ``unknown processor``."""
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    import platform

    return platform.processor() or "unknown processor"
