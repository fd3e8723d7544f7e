"""``python -m rules_engine SYSTEM COMMAND < input.json``: see :mod:`rules_engine.cli`."""

from rules_engine.cli import main

if __name__ == "__main__":
    raise SystemExit(main())
