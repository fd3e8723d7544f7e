"""Killpower teams and gladiators as JSON, for the engine tests."""

from __future__ import annotations

from typing import Any

SPECIALIZATIONS = ("archer", "defender", "warrior", "mentor", "shooter")


def gladiator(
    name: str,
    *,
    specialization: str = "warrior",
    equipment: dict[str, Any] | None = None,
    xp: int = 0,
    raises: dict[str, int] | None = None,
) -> dict[str, Any]:
    data: dict[str, Any] = {
        "name": name,
        "specialization": specialization,
        "equipment": equipment or {"kind": "combat_gloves"},
        "xp": xp,
    }
    if raises:
        data["raises"] = raises
    return data


def team(
    name: str = "Titanos", *, ranking_points: int = 0, xp: int = 0, size: int = 7
) -> dict[str, Any]:
    """A valid team: gladiators ``<name> 1`` .. ``<name> 7``, each with ``xp``."""
    return {
        "name": name,
        "ranking_points": ranking_points,
        "gladiators": [
            gladiator(
                f"{name} {i}", specialization=SPECIALIZATIONS[(i - 1) % len(SPECIALIZATIONS)], xp=xp
            )
            for i in range(1, size + 1)
        ],
    }
