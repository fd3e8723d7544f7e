"""A webhook delivery as a Discord message, and what Discord's answers say about waiting.

Discord takes ``{"content", "embeds", "allowed_mentions"}`` at a channel's webhook URL
(``https://discord.com/api/webhooks/<id>/<token>``) and answers 204. The embed carries the
event's sentence in the endpoint's language (the words of the in-app notification), the score
and both teams as fields, the home team's colour (the champion's for a season's end) and a
link back to the page. Mentions are switched off: a team called ``@everyone`` pings nobody.

Rate limits: a ``429`` says how long to wait (``retry_after`` in its JSON body, in seconds,
else the ``Retry-After`` header); a ``2xx`` whose ``X-RateLimit-Remaining`` is ``0`` says the
window is spent for ``X-RateLimit-Reset-After`` seconds. :func:`wait_asked` reads both.
"""

import re
from collections.abc import Mapping
from datetime import timedelta
from typing import Any

import httpx
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from notifications import kinds, selectors

WEBHOOK_PATH = re.compile(r"^/api/webhooks/\d+/[A-Za-z0-9_-]+/?$")
"""The path of a Discord channel webhook URL."""
MAX_WAIT = timedelta(hours=1)
"""Longer waits asked for are capped: the delivery is tried again within the hour."""
DEFAULT_COLOUR = 0x1F4E8C


def is_webhook_url(url: str) -> bool:
    return bool(WEBHOOK_PATH.match(httpx.URL(url).path))


def _colour(hex_colour: str | None) -> int:
    if hex_colour and re.fullmatch(r"#[0-9A-Fa-f]{6}", hex_colour):
        return int(hex_colour[1:], 16)
    return DEFAULT_COLOUR


def _fields(data: Mapping[str, Any]) -> list[dict[str, Any]]:
    if not data.get("home"):
        return []
    if data.get("home_score") is None or data.get("away_score") is None:
        score = pgettext("versus", "v")
    else:
        score = f"{data['home_score']} – {data['away_score']}"
    return [
        {"name": _("Home"), "value": str(data["home"]), "inline": True},
        {"name": _("Score"), "value": score, "inline": True},
        {"name": _("Away"), "value": str(data["away"]), "inline": True},
    ]


def message(*, kind: str, payload: Mapping[str, Any], language: str) -> dict[str, Any]:
    """The Discord message of a delivery's ``payload`` (``webhooks._payload``'s shape), in
    ``language``."""
    data = payload.get("data") or {}
    with translation.override(language):
        if kind == "ping":
            title = _("Test ping")
            sentence = _("This channel receives the league's events.")
        else:
            title, sentence = kinds.label(kind), kinds.text(kind, data)
        embed: dict[str, Any] = {
            "title": title[:256],
            "description": sentence[:4096],
            "color": _colour(selectors.event_colour(data)),
            "fields": _fields(data),
        }
    if payload.get("url"):
        embed["url"] = payload["url"]
    return {"content": "", "embeds": [embed], "allowed_mentions": {"parse": []}}


def _seconds(value: Any) -> float | None:
    try:
        seconds = float(value)
    except (TypeError, ValueError):
        return None
    return seconds if seconds >= 0 else None


def wait_asked(response: httpx.Response) -> timedelta | None:
    """How long Discord asks this webhook to wait before its next request, if at all."""
    if response.status_code == 429:
        try:
            body = response.json()
        except ValueError:
            body = {}
        seconds = _seconds(body.get("retry_after") if isinstance(body, dict) else None)
        if seconds is None:
            seconds = _seconds(response.headers.get("Retry-After"))
        return min(timedelta(seconds=1 if seconds is None else seconds), MAX_WAIT)
    if response.headers.get("X-RateLimit-Remaining") == "0":
        seconds = _seconds(response.headers.get("X-RateLimit-Reset-After"))
        if seconds:
            return min(timedelta(seconds=seconds), MAX_WAIT)
    return None
