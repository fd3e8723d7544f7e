"""The result-report workflow a round at a time: the bulk variants of kicking off, entering
and confirming, and running the post-match sequences, for many fixtures at once (``manage.py
generate_load`` plays every round of a generated season through them).

They run the same code as the single commands (:mod:`matches.table_results.services`,
:mod:`matches.table_results.post_match`), with the same rules: who may enter and confirm
(:mod:`matches.table_results.roles`), a fixture still open, the game's ``checked``,
``confirmation_checked`` and ``recorded`` on each report (``TableResults``), its
``post_match`` on each result with dice whose seed and rolls the run keeps; a report still
open superseded; a fixture replayed after a void keeps the run its voided result had, none
running on top of it. What differs is how rows are written: the kick-off through the game's
``kick_off_many``, the reports, results and runs in a few statements for the round
(``core.bulk``, ``matches.bulk.results_write``).

What a round played at once leaves out, and why: a report is entered and confirmed in one
step, so nobody is asked to confirm it (no ``report.submitted`` event); the post-match
sequence runs here, in the caller's transaction, not in a worker (no task is sent), and the
results send no ``post_save`` (the caller settles any bets, as ``matches.bulk`` says). The
caller holds the transaction; every fixture is locked with its teams here, in the one order.
"""

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core import league_versions
from core.bulk import rows_insert
from matches import bulk as matches_bulk
from matches import locking
from matches.models import Fixture, PostMatchRun, Result, ResultReport
from matches.plugins import TableResults
from matches.simulation_chunks import fixtures_kick_off_locked
from matches.table_results import roles
from matches.table_results.refusals import ReportForbidden, ReportRefused
from matches.table_results.services import assert_fixture_open, plugin_of, result_of, stamped
from rules_engine import Dice


@dataclass(frozen=True)
class Play:
    """One fixture's result as played at the table: what ``entered_by`` reports (``result``,
    ``decisions``, ``options``, as ``report_enter`` takes them), confirmed by ``confirmed_by``;
    ``seed`` the recording's dice, ``post_match_seed`` the post-match sequence's."""

    fixture: Fixture
    result: object
    entered_by: User
    confirmed_by: User
    seed: int
    post_match_seed: int
    decisions: Mapping[str, Any] | None = None
    options: Mapping[str, Any] | None = None


def _locked(fixture_ids: Sequence[int]) -> dict[int, Fixture]:
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("the round's bulk commands run inside the caller's transaction")
    fixtures, _teams = locking.lock_fixtures_to_resolve(fixture_ids)
    found = {fixture.pk: fixture for fixture in fixtures}
    if len(found) != len(set(fixture_ids)):
        raise ReportRefused("not_found", _("No such fixture."), field="fixture")
    return found


def _kicked_off(found: Mapping[int, Fixture]) -> None:
    """The scheduled ones among ``found`` kicked off as each game's ``kick_off_many`` does
    (the sweeper's path); a fixture that cannot kick off refuses them all (``ReportRefused``
    with its messages), nothing written."""
    scheduled = [f for f in found.values() if f.status == Fixture.Status.SCHEDULED]
    problems = fixtures_kick_off_locked(scheduled)
    if problems:
        fixture_id, messages = sorted(problems.items())[0]
        raise ReportRefused("not_ready", "; ".join(messages), field="fixture", fixture=fixture_id)


def round_play(
    *, fixture_ids: Sequence[int], play: Callable[[Fixture], Play], standings: bool = True
) -> list[Result]:
    """A round at once: its fixtures locked with their teams, the scheduled ones kicked off
    (their game's ``kick_off_many``), then each one's result, asked of ``play`` once it is
    kicked off (its frozen sheets are what a coach reports on), entered, confirmed and
    recorded and its post-match sequence run, as :func:`reports_play` does. ``standings``
    false: the caller counts the season's kept standings once its rounds are written."""
    found = _locked(fixture_ids)
    _kicked_off(found)
    plays = [play(found[pk]) for pk in fixture_ids]
    return _played(found, plays, standings=standings)


def reports_play(*, plays: Sequence[Play], standings: bool = True) -> list[Result]:
    """Enter, confirm and record the results of many kicked-off fixtures at once, then run
    each one's post-match sequence: what ``report_enter``, ``report_confirm`` and
    ``post_match_run`` do one at a time, with their checks (a refusal refuses them all,
    nothing written); each team plays once among them (a round), so the sequences are
    written together (the game's ``post_match_many``). A scheduled fixture kicks off first.
    Returns the saved results, in the order of ``plays``."""
    if not plays:
        return []
    found = _locked([play.fixture.pk for play in plays])
    _kicked_off(found)  # as ``report_enter`` kicks a scheduled fixture off first
    return _played(found, plays, standings=standings)


def _played(
    found: Mapping[int, Fixture], plays: Sequence[Play], *, standings: bool
) -> list[Result]:
    _assert_round(list(found.values()))
    now = timezone.now()
    checked = []
    for play in plays:
        fixture = found[play.fixture.pk]
        plugin = plugin_of(fixture)
        if not roles.can_enter_result(play.entered_by, fixture):
            raise ReportForbidden(
                _("Only the commissioner or a coach of this match enters its result.")
            )
        assert_fixture_open(fixture)
        entry = plugin.checked(
            fixture=fixture,
            user=play.entered_by,
            result=play.result,
            decisions=play.decisions,
            options=play.options,
        )
        report = plugin.report_model()(
            fixture=fixture,
            submitted_by=play.entered_by,
            payload=stamped(plugin, entry.payload),
            decisions=dict(entry.decisions),
            options=None if entry.options is None else dict(entry.options),
        )
        if not roles.can_confirm_result(play.confirmed_by, report):
            raise ReportForbidden(
                _(
                    "The other coach or the commissioner confirms a result, not the one who "
                    "entered it."
                )
            )
        confirmed = plugin.confirmation_checked(
            fixture=fixture, report=report, user=play.confirmed_by, decisions=None, options=None
        )
        report.decisions = dict(confirmed.decisions)
        report.options = None if confirmed.options is None else dict(confirmed.options)
        report.status = ResultReport.Status.CONFIRMED
        report.reviewed_by, report.reviewed_at = play.confirmed_by, now
        checked.append((fixture, plugin, report))
    # as ``report_enter``: a report still open (one entered for a replay) can no longer apply
    ResultReport.objects.filter(fixture_id__in=list(found), status__in=ResultReport.OPEN).update(
        status=ResultReport.Status.SUPERSEDED, reviewed_at=now
    )
    rows_insert(ResultReport, [report for _f, _p, report in checked])
    results = [
        result_of(fixture, plugin, report, dice=Dice(play.seed))
        for (fixture, plugin, report), play in zip(checked, plays, strict=True)
    ]
    matches_bulk.results_write(results=results, standings=standings)
    for fixture, _plugin, _report in checked:
        fixture.status = Fixture.Status.PLAYED
    # as ``report_confirm``: a replayed fixture's sequence that ran on the voided result stays,
    # and none runs on top of it; one that never ran is the replay's to run
    previous = PostMatchRun.objects.filter(fixture_id__in=list(found))
    ran = set(previous.filter(status=PostMatchRun.Status.DONE).values_list("fixture", flat=True))
    previous.exclude(status=PostMatchRun.Status.DONE).delete()
    runs = []
    for plugin, group in _by_plugin(checked, results, plays):
        wanted = [
            (fixture, result, report, Dice(play.post_match_seed))
            for fixture, result, report, play in group
            if fixture.pk not in ran and plugin.post_match_wanted(fixture=fixture, result=result)
        ]
        logs = plugin.post_match_many(played=wanted)
        done = timezone.now()
        for (fixture, _result, _report, dice), log in zip(wanted, logs, strict=True):
            runs.append(
                PostMatchRun(
                    fixture=fixture,
                    status=PostMatchRun.Status.DONE,
                    done_at=done,
                    seed=dice.seed,
                    log=dict(log),
                    rolls=dice.log(),
                )
            )
    rows_insert(PostMatchRun, runs)
    for league_id in sorted({fixture.season.league_id for fixture, _p, _r in checked}):
        league_versions.league_changed(league_id, listed=False)  # as post_match.post_match_run
    return results


def _by_plugin(
    checked: Sequence[tuple[Fixture, TableResults, ResultReport]],
    results: Sequence[Result],
    plays: Sequence[Play],
) -> list[tuple[TableResults, list[tuple[Fixture, Result, ResultReport, Play]]]]:
    """The round's fixtures grouped by their game's part, in order."""
    groups: dict[int, tuple[TableResults, list[tuple[Fixture, Result, ResultReport, Play]]]] = {}
    for (fixture, plugin, report), result, play in zip(checked, results, plays, strict=True):
        groups.setdefault(id(plugin), (plugin, []))[1].append((fixture, result, report, play))
    return list(groups.values())


def _assert_round(fixtures: Sequence[Fixture]) -> None:
    """Each team plays at most once among ``fixtures``: a round's sequences do not depend on
    each other's writes, so they can be written together."""
    teams = [team for fixture in fixtures for team in (fixture.home_id, fixture.away_id)]
    if len(teams) != len(set(teams)):
        raise ReportRefused(
            "not_a_round", _("A team plays twice among these fixtures."), field="fixture"
        )
