"""Reads: the tournaments of a league, a tournament's entries, rounds and pairings, its
standings and the warnings of a draft round (numbers from ``tournaments.engine``)."""

from dataclasses import dataclass
from math import ceil, log2

from django.db.models import Prefetch, Q, QuerySet
from django.utils.translation import gettext as _

from league.models import League, Season, Team
from tournaments import engine, plugins
from tournaments.models import Entry, Pairing, Round, Tournament


def tournaments() -> QuerySet[Tournament]:
    return Tournament.objects.select_related("season__league__commissioner")


def tournament_rows(*, league_id: int | None = None) -> QuerySet[Tournament]:
    """The API's tournaments with their entries, newest first, of one league if given."""
    entries = Prefetch("entries", queryset=Entry.objects.select_related("team").order_by("pk"))
    rows = tournaments().prefetch_related(entries).order_by("-created_at", "-pk")
    return rows if league_id is None else rows.filter(season__league_id=league_id)


def tournament_list(*, league: League) -> QuerySet[Tournament]:
    return tournaments().filter(season__league=league)


def rounds_suggested(*, teams: int) -> int:
    """The usual number of Swiss rounds for a single winner: ceil(log2(teams)), at least 1."""
    return max(1, ceil(log2(teams))) if teams > 1 else 1


def entries(*, tournament: Tournament) -> list[Entry]:
    return list(tournament.entries.select_related("team").order_by("pk"))


def team_choices(*, tournament: Tournament) -> QuerySet[Team]:
    """The league's active teams not entered yet (a late entry's choices)."""
    return (
        tournament.season.league.teams.filter(retired_at__isnull=True)
        .exclude(tournament_entries_generic__tournament=tournament)
        .order_by("name")
    )


def pairings_of(*, tournament: Tournament, published: bool | None = None) -> list[Pairing]:
    pairings = Pairing.objects.filter(round__tournament=tournament).select_related(
        "round", "home", "away", "fixture__result"
    )
    if published is not None:
        status = Round.Status.PUBLISHED if published else Round.Status.DRAFT
        pairings = pairings.filter(round__status=status)
    return list(pairings.order_by("round__number", "table"))


def rounds_of(*, tournament: Tournament) -> list[Round]:
    pairings = Pairing.objects.select_related("home", "away", "fixture__result").order_by("table")
    return list(
        tournament.round_set.prefetch_related(Prefetch("pairings", queryset=pairings)).order_by(
            "number"
        )
    )


def round_get(*, tournament: Tournament, number: int) -> Round | None:
    return tournament.round_set.filter(number=number).first()


def round_draft(*, tournament: Tournament) -> Round | None:
    return tournament.round_set.filter(status=Round.Status.DRAFT).first()


def history(*, tournament: Tournament) -> engine.Played:
    return engine.played(tournament, pairings_of(tournament=tournament, published=True))


def standings(*, tournament: Tournament) -> list[engine.Row]:
    return engine.standings(
        tournament, entries(tournament=tournament), history(tournament=tournament)
    )


@dataclass(frozen=True)
class Warning:
    code: str
    home: Team
    away: Team | None


def draft_warnings(*, round_: Round) -> list[Warning]:
    """The rules the draft breaks, shown before publishing: a rematch, a repeated bye."""
    pairings = list(round_.pairings.select_related("home", "away"))
    breaks = engine.round_rule_breaks(pairings, history(tournament=round_.tournament))
    return [Warning(code, home, away) for code, home, away in breaks]


@dataclass(frozen=True)
class State:
    """Where the tournament stands: rounds published, whether the last is complete, whether
    a draft waits, and whether it is over."""

    published: int
    draft: Round | None
    waiting: int
    finished: bool

    @property
    def can_pair(self) -> bool:
        return self.waiting == 0 and not self.finished


def state(*, tournament: Tournament, rounds: list[Round] | None = None) -> State:
    rounds = rounds_of(tournament=tournament) if rounds is None else rounds
    published = [r for r in rounds if r.status == Round.Status.PUBLISHED]
    draft = next((r for r in rounds if r.status == Round.Status.DRAFT), None)
    waiting = 0
    if published:
        last = published[-1]
        waiting = sum(
            1
            for p in last.pairings.all()
            if p.fixture is not None
            and p.fixture.status != "cancelled"
            and getattr(p.fixture, "result", None) is None
        )
    if tournament.format != Tournament.Format.SWISS:
        pairings = [p for r in rounds for p in r.pairings.all()]
        state_ = _bracket(tournament, entries(tournament=tournament), pairings)
        finished = state_ is not None and state_.champion is not None
    else:
        finished = len(published) >= tournament.rounds and waiting == 0
    return State(published=len(published), draft=draft, waiting=waiting, finished=finished)


def bracket(*, tournament: Tournament) -> engine.Bracket | None:
    """A double elimination's bracket, or a groups then knock-out's knock-out once its group
    stage is over (``None`` before), as the published and draft rounds leave it."""
    return _bracket(tournament, entries(tournament=tournament), pairings_of(tournament=tournament))


def group_stage_over(entries_: list[Entry], pairings: list[Pairing]) -> bool:
    """Every group round published, and each of its games with a result (or cancelled)."""
    games = [p for p in pairings if p.match.startswith("G")]
    published = {p.round.number for p in games if p.round.status == Round.Status.PUBLISHED}
    if len(published) < len(engine.group_schedule(entries_)):
        return False
    return all(
        p.fixture is not None
        and (p.fixture.status == "cancelled" or getattr(p.fixture, "result", None) is not None)
        for p in games
    )


def group_tables(*, tournament: Tournament) -> dict[int, list[engine.Row]]:
    return engine.group_tables(
        tournament, entries(tournament=tournament), pairings_of(tournament=tournament)
    )


def _bracket(
    tournament: Tournament, entries_: list[Entry], pairings: list[Pairing]
) -> engine.Bracket | None:
    if tournament.format == Tournament.Format.DOUBLE:
        return engine.bracket(tournament, entries_, pairings)
    if tournament.format == Tournament.Format.GROUPS and group_stage_over(entries_, pairings):
        tables = engine.group_tables(tournament, entries_, pairings)
        return engine.knockout(tournament, tables, pairings)
    return None


@dataclass(frozen=True)
class BracketView:
    """The bracket for a page or the API: its three parts, each a list of rounds (number,
    matches with their teams), and the champion."""

    winners: list[tuple[int, list[dict]]]
    losers: list[tuple[int, list[dict]]]
    final: list[tuple[int, list[dict]]]
    champion: Team | None


def bracket_view(*, tournament: Tournament) -> BracketView | None:
    state_ = bracket(tournament=tournament)
    if state_ is None:
        return None
    teams = {e.team_id: e.team for e in entries(tournament=tournament)}
    parts: dict[str, dict[int, list[dict]]] = {"winners": {}, "losers": {}, "final": {}}
    for match in state_.matches:
        if not match.needed:
            continue
        pairing = match.pairing
        result = getattr(pairing.fixture, "result", None) if pairing and pairing.fixture else None
        parts[match.bracket].setdefault(match.round, []).append(
            {
                "id": match.id,
                "home": teams.get(match.home) if match.home else None,
                "away": teams.get(match.away) if match.away else None,
                "bye_home": match.home == 0,
                "bye_away": match.away == 0,
                "winner": teams.get(match.winner) if match.winner else None,
                "walkover": match.walkover,
                "round": pairing.round.number if pairing else None,
                "fixture": pairing.fixture_id if pairing else None,
                "result": result,
            }
        )
    return BracketView(
        winners=sorted(parts["winners"].items()),
        losers=sorted(parts["losers"].items()),
        final=sorted(parts["final"].items()),
        champion=teams.get(state_.champion) if state_.champion else None,
    )


def page(*, tournament: Tournament) -> dict:
    """A tournament page's whole context: entries, rounds with their pairings, standings."""
    rounds = rounds_of(tournament=tournament)
    return {
        "tournament": tournament,
        "league": tournament.season.league,
        "season": tournament.season,
        "entries": entries(tournament=tournament),
        "rounds": [r for r in rounds if r.status == Round.Status.PUBLISHED],
        "standings": standings(tournament=tournament),
        "state": state(tournament=tournament, rounds=rounds),
        "metric_labels": metric_labels(tournament=tournament),
        "bracket": bracket_view(tournament=tournament)
        if tournament.format != Tournament.Format.SWISS
        else None,
        "groups": group_tables(tournament=tournament)
        if tournament.format == Tournament.Format.GROUPS
        else None,
    }


def metric_labels(*, tournament: Tournament) -> dict[str, str]:
    """The tie-breakers' labels, in the tournament's order."""
    labels = all_metric_labels(rule_system=tournament.season.league.rule_system)
    return {name: labels.get(name, name) for name in tournament.tiebreakers}


def all_metric_labels(*, rule_system: str) -> dict[str, str]:
    built_in = {
        "points": _("Points"),
        "wins": _("Wins"),
        "buchholz": _("Buchholz"),
        "buchholz_cut1": _("Buchholz cut 1"),
        "buchholz_median": _("Median Buchholz"),
        "sonneborn_berger": _("Sonneborn-Berger"),
        "head_to_head": _("Head-to-head"),
    }
    own = plugins.metrics.of(rule_system).metric_labels()
    return {**built_in, **{name: str(label) for name, label in own.items()}}


def seasons_open(*, league: League) -> QuerySet[Season]:
    """The league's seasons a tournament may start in: open, no fixtures, no tournament."""
    return (
        league.seasons.filter(finished_at__isnull=True, fixtures__isnull=True)
        .filter(swiss_tournament__isnull=True)
        .distinct()
        .order_by("-pk")
    )


def league_teams(*, league: League) -> QuerySet[Team]:
    return league.teams.filter(retired_at__isnull=True).order_by("name")


def entered_teams(*, tournament: Tournament) -> QuerySet[Team]:
    """The teams still in the tournament (withdrawal's choices)."""
    return Team.objects.filter(
        tournament_entries_generic__tournament=tournament,
        tournament_entries_generic__withdrawn_after__isnull=True,
    ).order_by("name")


def round_teams(*, round_: Round) -> QuerySet[Team]:
    """The teams paired in a round (the swap's choices)."""
    return Team.objects.filter(
        Q(pk__in=round_.pairings.values("home")) | Q(pk__in=round_.pairings.values("away"))
    ).order_by("name")
