"""What the Killpower Ball pages read beyond :mod:`systems.killpower.selectors.gladiators` and
:mod:`systems.killpower.selectors.matches`: the raises a team's coach may take (each
gladiator's characteristics row by row, the engine's ``characteristic_rows``), the team page
and its printable sheet, a gladiator's page, the league page's championship table or bracket,
a referee sheet before kick-off, and the result reports a user can act on.

Every number still comes from the rules engine; nothing here writes.
"""

from collections.abc import Sequence
from typing import Any

from django.contrib.auth.models import AnonymousUser, User
from django.utils.translation import gettext as _

from league.models import League, Season, Team
from matches import selectors as match_selectors
from matches.models import Fixture
from matches.table_results.roles import reports_awaiting
from rules_engine.killpower.gladiator import characteristic_rows
from rules_engine.killpower.power import match_up
from systems.killpower import SIDES, engine
from systems.killpower.models import Gladiator, ResultReport, ranking_points_of
from systems.killpower.selectors import gladiators as selectors
from systems.killpower.selectors import matches as kp_match_selectors
from systems.killpower.selectors import standings


def _card_texts(league: League, names: list[str]) -> list[tuple[str, str]]:
    """Each power card named, with its text from the league's deck."""
    deck = {card.name: card.text for card in engine.league_settings(league).power_cards}
    return [(name, deck.get(name, "")) for name in names]


def team_frozen_reason(*, team: Team) -> str | None:
    """Why ``team``'s gladiators cannot change now (a match not settled), or None."""
    refusal = selectors.gladiators_frozen(team=team)
    return " ".join(refusal.messages) if refusal is not None else None


def _sheet_rows(team: Team) -> tuple[dict[str, Any] | None, list[dict[str, Any]]]:
    """The engine's team sheet (None without a living gladiator) and its rows, each with its
    ``gladiator`` object."""
    living = selectors.living_gladiators(team=team)
    sheet = selectors.team_sheet(team=team) if living else None
    by_id = {gladiator.pk: gladiator for gladiator in living}
    return sheet, [
        dict(row, gladiator=by_id[row["id"]]) for row in (sheet or {}).get("gladiators", [])
    ]


def team_page_get(*, team: Team, wanted: str | None = None) -> dict[str, Any]:
    """The team page: the engine's team sheet (:func:`_sheet_rows`), the record, roster
    issues, the dead, the fixtures of one season (``wanted``, else the newest:
    ``match_selectors.team_fixture_seasons``)."""
    shown = match_selectors.team_fixture_seasons(team=team, wanted=wanted)
    sheet, rows = _sheet_rows(team)
    issues = selectors.roster_issues(team=team)
    return {
        "sheet": sheet,
        "ranking_points": ranking_points_of(team),
        "rows": rows,
        "record": selectors.team_record(team=team),
        "blocking": [issue for issue in issues if issue.blocking],
        "warnings": [issue for issue in issues if not issue.blocking],
        "dead": list(selectors.gladiator_list(team=team, living=False).order_by("-died_at", "pk")),
        "fixtures": match_selectors.team_fixture_sides(team=team, season=shown["fixture_season"]),
        **shown,
        "raises_available": sum(row["raises_available"] for row in rows),
    }


def raise_choices(*, team: Team) -> list[dict[str, Any]]:
    """The living gladiators, each with his characteristics and whether each can be raised
    now (a raise available and the characteristic below the race maximum)."""
    return [dict(row, characteristic_rows=characteristic_rows(row)) for row in _sheet_rows(team)[1]]


def team_sheet_page_get(*, team: Team) -> dict[str, Any]:
    """The printable team sheet: the team page's rows, and the power cards its gladiators
    hold with their texts."""
    page = team_page_get(team=team)
    held = sorted({card for row in page["rows"] for card in row["equipment"].get("cards", [])})
    return {**page, "cards": _card_texts(team.league, held)}


def gladiator_page_get(*, gladiator: Gladiator) -> dict[str, Any]:
    """A gladiator's page: his engine sheet, his characteristics row by row (each saying
    whether it can be raised now), his power cards with their texts and his history."""
    sheet = selectors.gladiator_sheet(gladiator=gladiator)
    return {
        "sheet": sheet,
        "characteristic_rows": characteristic_rows(sheet),
        "cards": _card_texts(gladiator.team.league, sheet["equipment"].get("cards", [])),
        "history": selectors.gladiator_history(gladiator=gladiator),
    }


def bracket_layout(bracket: kp_match_selectors.BracketView) -> list[dict]:
    """The bracket's rounds as grid columns: match ``i`` of round ``r`` (from 0) spans the
    ``2**r`` rows of the first-round matches that feed it, so each sits between its two
    feeders and the lines between them can be drawn. The last three rounds go by name."""
    count = len(bracket.rounds)
    named = {1: _("Final"), 2: _("Semi-finals"), 3: _("Quarter-finals")}
    return [
        {
            "number": index + 1,
            "label": named.get(count - index) or _("Round %(n)s") % {"n": index + 1},
            "matches": [
                {"match": match, "row": position * 2**index + 1, "span": 2**index}
                for position, match in enumerate(matches)
            ],
        }
        for index, matches in enumerate(bracket.rounds)
    ]


def league_page_get(
    *,
    user: User | AnonymousUser,
    league: League,
    season: Season | None,
    teams: Sequence[Team] = (),
) -> dict:
    """What the league page adds for a Killpower league: the championship table or the
    tournament bracket, and the result reports waiting for ``user``. ``teams``: the season's
    teams as the page read them (:func:`standings.ranking_table_get`'s ``read``)."""
    page: dict = {
        "killpower": True,
        "standings_template": "killpower/league_table.html",
        "tournament": league.competition_format == League.CompetitionFormat.TOURNAMENT,
        "waiting_reports": [],
    }
    if user.is_authenticated:  # the workflow's one role rule; who may dispute may confirm
        waiting = kp_match_selectors.report_list(league=league).filter(status__in=ResultReport.OPEN)
        page["waiting_reports"] = reports_awaiting(user, waiting)
    if season is None:
        return page
    if page["tournament"]:
        bracket = kp_match_selectors.bracket_get(season=season)
        page["bracket"] = bracket
        page["bracket_rounds"] = bracket_layout(bracket) if bracket else []
    else:
        page["ranking"] = standings.ranking_table_get(season=season, read=teams)
    return page


def referee_sheet_page_get(*, fixture: Fixture) -> dict[str, Any]:
    """The referee sheet: as frozen at kick-off (``systems.killpower.selectors.matches``), or before
    kick-off the teams as they stand, their powers and the points to score now, without RAP
    (it is drawn at kick-off; the referee may draw it by hand)."""
    sheet = kp_match_selectors.referee_sheet_get(fixture=fixture)
    if sheet["kicked_off"]:
        return sheet
    settings = engine.league_settings(fixture.season.league)
    for side in SIDES:
        team = getattr(fixture, side)
        living = selectors.living_gladiators(team=team)
        team_sheet = selectors.team_sheet(team=team) if living else {"gladiators": [], "power": 0}
        sheet[side]["power"] = team_sheet["power"]
        sheet[side]["gladiators"] = [dict(row, rapidity=None) for row in team_sheet["gladiators"]]
    numbers = match_up(sheet["home"]["power"], sheet["away"]["power"], settings.targets)
    for side in SIDES:
        sheet[side].update({key: by_side[side] for key, by_side in numbers.items()})
    return sheet


def results_queue_get(*, user: User | AnonymousUser, league: League) -> dict[str, Any]:
    """The commissioner's queue of the league's open reports (disputed first) and its last ten
    settled ones."""
    queue = kp_match_selectors.report_queue(user=user).filter(fixture__season__league=league)
    recent = kp_match_selectors.report_list(league=league).exclude(status__in=ResultReport.OPEN)
    return {"queue": list(queue), "recent": list(recent[:10])}
