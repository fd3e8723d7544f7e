"""The kinds of notification: how each is worded (in the reader's language, from the event's
data), whether it comes by email unless the user says otherwise, and which a webhook may
subscribe to. The kinds are the event kinds of ``core.events``.

Email defaults: everything is shown in the app; only what asks the user to act comes by email
without being asked for (a result to confirm, a result disputed). Each user changes this per
kind on ``/notifications/settings/``.
"""

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils import timezone
from django.utils.dateparse import parse_datetime
from django.utils.formats import date_format
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy


class _Blank(dict):
    """Event data for ``%`` formatting: a value the event did not carry reads as ``?``."""

    def __missing__(self, key: str) -> str:
        return "?"


@dataclass(frozen=True)
class Kind:
    name: str
    label: Any
    """What the settings page calls it (lazy translation)."""
    words: Callable[[], str]
    """The sentence, translated when called, formatted with the event's data."""
    email: bool = False
    """Sent by email when the user has not chosen."""
    without_teams: Callable[[], str] | None = None
    """The sentence when the event names no teams (``home``), or no champion for a season."""


def _kind(
    name: str,
    label: Any,
    words: Callable[[], str],
    *,
    email: bool = False,
    without_teams: Callable[[], str] | None = None,
) -> Kind:
    return Kind(name=name, label=label, words=words, email=email, without_teams=without_teams)


KINDS: dict[str, Kind] = {
    kind.name: kind
    for kind in (
        _kind(
            "fixture.rescheduled",
            gettext_lazy("A fixture of my team is rescheduled"),
            lambda: _("%(home)s v %(away)s now kicks off at %(kickoff)s."),
        ),
        _kind(
            "fixture.cancelled",
            gettext_lazy("A fixture of my team is cancelled"),
            lambda: _("%(home)s v %(away)s is cancelled."),
        ),
        _kind(
            "fixture.played",
            gettext_lazy("A fixture of my team is played"),
            lambda: _("%(home)s %(home_score)s – %(away_score)s %(away)s: the fixture is played."),
        ),
        _kind(
            "deadline.reminder",
            gettext_lazy("A deadline of my team's fixture is near"),
            lambda: _("The result of %(home)s v %(away)s is due by %(deadline)s."),
            email=True,
        ),
        _kind(
            "deadline.extended",
            gettext_lazy("A deadline of my team's fixture is extended"),
            lambda: _("The result of %(home)s v %(away)s is now due by %(deadline)s."),
        ),
        _kind(
            "kickoff.proposed",
            gettext_lazy("A kick-off time is proposed to me"),
            lambda: _(
                "A kick-off at %(kickoff)s is proposed for %(home)s v %(away)s: accept it on the "
                "fixture's page."
            ),
            email=True,
        ),
        _kind(
            "result.to_confirm",
            gettext_lazy("A result waits for my confirmation"),
            lambda: _("The result of %(home)s v %(away)s waits for your confirmation."),
            email=True,
        ),
        _kind(
            "result.disputed",
            gettext_lazy("A result is disputed"),
            lambda: _("The result of %(home)s v %(away)s is disputed: it needs your decision."),
            email=True,
        ),
        _kind(
            "result.confirmed",
            gettext_lazy("A result is confirmed"),
            lambda: _(
                "%(home)s %(home_score)s – %(away_score)s %(away)s: the result is confirmed."
            ),
        ),
        _kind(
            "result.corrected",
            gettext_lazy("A result is corrected"),
            lambda: _("The result of %(home)s v %(away)s was corrected: %(reason)s"),
            without_teams=lambda: _("A result was corrected: %(reason)s"),
        ),
        _kind(
            "result.voided",
            gettext_lazy("A result is voided"),
            lambda: _("The result of %(home)s v %(away)s was voided: %(reason)s"),
            without_teams=lambda: _("A result was voided, the fixture is played again: %(reason)s"),
        ),
        _kind(
            "bet.settled",
            gettext_lazy("My bets are settled"),
            lambda: _("Your bets on %(home)s v %(away)s are settled: %(payout)s paid out."),
            without_teams=lambda: _(
                "Your bets on the champion of %(season_name)s are settled: %(payout)s paid out."
            ),
        ),
        _kind(
            "bet.resettled",
            gettext_lazy("My bets are settled again after a result correction"),
            lambda: _(
                "The result of %(home)s v %(away)s was corrected from %(before)s to %(after)s: "
                "your bets are settled again. They paid %(old_payout)s, they now pay "
                "%(new_payout)s."
            ),
        ),
        _kind(
            "bet.reopened",
            gettext_lazy("My bets are open again after a result is voided"),
            lambda: _(
                "The result of %(home)s v %(away)s (%(before)s) was voided: the %(old_payout)s "
                "your bets paid out is taken back and they are open again until the replay."
            ),
        ),
        _kind(
            "levelup.to_choose",
            gettext_lazy("A level-up waits for my choice"),
            lambda: _("%(player)s of %(team)s has a level-up to choose."),
        ),
        _kind(
            "season.started",
            gettext_lazy("A season starts"),
            lambda: _("The season %(season_name)s of %(league_name)s has started."),
        ),
        _kind(
            "season.finished",
            gettext_lazy("A season is finished"),
            lambda: _(
                "The season %(season_name)s of %(league_name)s is finished: %(champion_name)s "
                "are the champions."
            ),
            without_teams=lambda: _("The season %(season_name)s of %(league_name)s is finished."),
        ),
        _kind(
            "awards.granted",
            gettext_lazy("A season's awards are granted"),
            lambda: _(
                "The awards of the season %(season_name)s of %(league_name)s are granted: "
                "see who won them."
            ),
        ),
    )
}

WEBHOOK_KINDS = (
    "fixture.played",
    "result.confirmed",
    "season.finished",
    "bet.settled",
    "deadline.reminder",
)


def is_known(kind: str) -> bool:
    return kind in KINDS


def text(kind: str, data: Mapping[str, Any]) -> str:
    """The notification's sentence in the active language."""
    known = KINDS.get(kind)
    if known is None:
        return kind
    words = known.words
    if known.without_teams and not (data.get("home") or data.get("champion_name")):
        words = known.without_teams
    return words() % _Blank(_readable(data))


def _readable(data: Mapping[str, Any]) -> dict[str, Any]:
    """The data as people read it: a kick-off or a deadline in the reader's time zone (the
    active one) and date format."""
    shown = dict(data)
    for key in ("kickoff", "deadline"):
        moment = parse_datetime(str(data.get(key) or ""))
        if moment is not None:
            shown[key] = date_format(timezone.localtime(moment), "DATETIME_FORMAT")
    return shown


def label(kind: str) -> str:
    known = KINDS.get(kind)
    return str(known.label) if known else kind
