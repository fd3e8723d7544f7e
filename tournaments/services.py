"""Writes: a Swiss tournament created, its entries added or withdrawn between rounds, each
round paired as a draft, swapped by the commissioner, then published as fixtures of the season
through ``matches.services``.

Every write locks the tournament's row first (one writer at a time); a published round is
never published again, so its fixtures are created once even when two requests publish it."""

from datetime import datetime, timedelta

from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.refusals import Refused
from league.models import League, Season, Team
from league.services import season_check_open
from matches.models import MAX_ROUND, Fixture
from matches.services import first_kickoff_default, fixture_schedule
from tournaments import engine, selectors
from tournaments.models import DEFAULT_TIEBREAKERS, Entry, Pairing, Round, Tournament

MAX_TIEBREAKERS = 8


def _locked(tournament: Tournament) -> Tournament:
    return (
        Tournament.objects.select_for_update()
        .select_related("season__league")
        .get(pk=tournament.pk)
    )


def tiebreakers_check(*, rule_system: str, tiebreakers: list[str]) -> list[str]:
    """The organiser's tie-breakers, in order: known names, none twice, one to eight."""
    known = engine.metric_names(rule_system)
    if not tiebreakers or len(tiebreakers) > MAX_TIEBREAKERS:
        raise Refused(
            "tiebreakers_count",
            _("List from one to %(max)s tie-breakers."),
            field="tiebreakers",
            max=MAX_TIEBREAKERS,
        )
    for name in tiebreakers:
        if name not in known:
            raise Refused(
                "tiebreaker_unknown",
                _("“%(name)s” is not a tie-breaker of this game."),
                field="tiebreakers",
                name=name,
            )
    if len(set(tiebreakers)) != len(tiebreakers):
        raise Refused(
            "tiebreaker_twice", _("Each tie-breaker can be listed once."), field="tiebreakers"
        )
    return list(tiebreakers)


def _team_check(league: League, team: Team) -> None:
    if team.league_id != league.pk:
        raise Refused(
            "team_not_in_league",
            _("%(team)s is not a team of this league."),
            field="team",
            team=team.name,
        )
    if team.retired_at is not None:
        raise Refused("team_retired", _("%(team)s is retired."), field="team", team=team.name)


def _groups_check(teams: int, group_count: int, qualifiers: int) -> None:
    if group_count < 1:
        raise Refused("groups_count", _("Choose at least one group."), field="group_count")
    if qualifiers < 1:
        raise Refused(
            "qualifiers_count",
            _("At least one team of each group goes through."),
            field="qualifiers",
        )
    smallest = teams // group_count
    if smallest < max(2, qualifiers):
        raise Refused(
            "groups_too_small",
            _(
                "%(teams)s teams in %(groups)s groups leave a group with %(smallest)s: each "
                "needs at least two teams and no fewer than its qualifiers."
            ),
            field="group_count",
            teams=teams,
            groups=group_count,
            smallest=smallest,
        )
    if group_count * qualifiers < 2:
        raise Refused(
            "qualifiers_count",
            _("The knock-out needs at least two teams."),
            field="qualifiers",
        )


@transaction.atomic
def tournament_create(
    *,
    season: Season,
    name: str,
    teams: list[Team],
    rounds: int | None = None,
    shape: str = Tournament.Shape.FOLD,
    avoid_rematch: bool = True,
    bye_points: int | None = None,
    tiebreakers: list[str] | None = None,
    format: str = Tournament.Format.SWISS,
    bracket_reset: bool = True,
    group_count: int | None = None,
    qualifiers: int | None = None,
) -> Tournament:
    """A tournament over the season, its entries in the order given (the first round's
    ranking, or the bracket's seeds). The season must have no fixtures yet: the tournament
    makes them. A double elimination plays as many rounds as its bracket needs; a groups then
    knock-out spreads the entries over ``group_count`` groups, snaking in entry order, and
    sends the first ``qualifiers`` of each to the knock-out."""
    season = Season.objects.select_for_update().select_related("league").get(pk=season.pk)
    league = season.league
    season_check_open(season=season)
    if league.competition_format == League.CompetitionFormat.TOURNAMENT:
        raise Refused(
            "bracket_league",
            _("This league plays its own knock-out bracket."),
            field="season",
        )
    if Tournament.objects.filter(season=season).exists():
        raise Refused(
            "tournament_exists", _("This season already has its tournament."), field="season"
        )
    if season.fixtures.exists():
        raise Refused(
            "fixtures_exist",
            _("This season already has fixtures: start the tournament in a new season."),
            field="season",
        )
    if len({team.pk for team in teams}) != len(teams):
        raise Refused("team_twice", _("A team is entered once."), field="teams")
    if len(teams) < 2:
        raise Refused("too_few_teams", _("A tournament needs at least two teams."), field="teams")
    for team in teams:
        _team_check(league, team)
    if format not in Tournament.Format.values:
        raise Refused("format_unknown", _("Choose a tournament format."), field="format")
    if format == Tournament.Format.DOUBLE:
        rounds = engine.bracket_rounds(len(teams), reset=bracket_reset)
    group_count, qualifiers = group_count or 0, qualifiers or 0
    if format == Tournament.Format.GROUPS:
        _groups_check(len(teams), group_count, qualifiers)
        rounds = engine.group_rounds(len(teams), group_count) + engine.knockout_rounds(
            group_count * qualifiers
        )
    else:
        group_count = qualifiers = 0
    if rounds is None:
        rounds = selectors.rounds_suggested(teams=len(teams))
    if not 1 <= rounds <= MAX_ROUND:
        raise Refused(
            "rounds_out_of_range",
            _("Rounds are numbered from 1 to %(max)s."),
            field="rounds",
            max=MAX_ROUND,
        )
    if shape not in Tournament.Shape.values:
        raise Refused("shape_unknown", _("Choose fold or adjacent."), field="shape")
    order = tiebreakers_check(
        rule_system=league.rule_system,
        tiebreakers=list(DEFAULT_TIEBREAKERS if tiebreakers is None else tiebreakers),
    )
    tournament = Tournament.objects.create(
        season=season,
        name=name.strip() or season.name,
        rounds=rounds,
        shape=shape,
        avoid_rematch=avoid_rematch,
        bye_points=league.points_win if bye_points is None else bye_points,
        tiebreakers=order,
        format=format,
        bracket_reset=bracket_reset,
        group_count=group_count,
        qualifiers=qualifiers,
    )
    Entry.objects.bulk_create(
        Entry(
            tournament=tournament,
            team=team,
            group=engine.group_of_seed(index, group_count) if group_count else None,
        )
        for index, team in enumerate(teams)
    )
    return tournament


def _between_rounds(tournament: Tournament) -> int:
    """The number of rounds published; refuse while the last one is still being played.
    A draft is dropped: it is paired again with the new entrants. A bracket's entries are
    fixed once it is made."""
    if tournament.format != Tournament.Format.SWISS:
        raise Refused(
            "bracket_entries_fixed",
            _("A bracket's entries cannot change once it is made."),
            field="team",
        )
    status = selectors.state(tournament=tournament)
    if status.waiting:
        raise Refused(
            "round_in_play",
            _("Wait until round %(round)s's results are in."),
            field="team",
            round=status.published,
        )
    if status.finished:
        raise Refused("tournament_over", _("The tournament is over."), field="team")
    tournament.round_set.filter(status=Round.Status.DRAFT).delete()
    return status.published


@transaction.atomic
def entry_add(*, tournament: Tournament, team: Team) -> Entry:
    """A late entry, between rounds: the team is paired from the next round, with no points
    for the rounds it missed."""
    tournament = _locked(tournament)
    _team_check(tournament.season.league, team)
    if tournament.entries.filter(team=team).exists():
        raise Refused(
            "already_entered", _("%(team)s is already entered."), field="team", team=team.name
        )
    published = _between_rounds(tournament)
    return Entry.objects.create(tournament=tournament, team=team, joined_round=published + 1)


@transaction.atomic
def entry_withdraw(*, tournament: Tournament, team: Team) -> Entry:
    """The team leaves between rounds: its results stay, it is not paired again."""
    tournament = _locked(tournament)
    entry = tournament.entries.filter(team=team).first()
    if entry is None:
        raise Refused("not_entered", _("%(team)s is not entered."), field="team", team=team.name)
    if entry.withdrawn_after is not None:
        raise Refused(
            "already_withdrawn", _("%(team)s has withdrawn already."), field="team", team=team.name
        )
    entry.withdrawn_after = _between_rounds(tournament)
    entry.save(update_fields=["withdrawn_after"])
    return entry


@transaction.atomic
def round_pair(*, tournament: Tournament) -> Round:
    """The next round's draft pairing by the engine, once the last result of the previous
    round is in. An existing draft is paired again."""
    tournament = _locked(tournament)
    season_check_open(season=tournament.season)
    status = selectors.state(tournament=tournament)
    if status.finished:
        raise Refused("tournament_over", _("The tournament is over."), field="round")
    if status.waiting:
        raise Refused(
            "round_in_play",
            _("Wait until round %(round)s's results are in."),
            field="round",
            round=status.published,
            waiting=status.waiting,
        )
    number = status.published + 1
    if tournament.format == Tournament.Format.DOUBLE:
        return _bracket_round(tournament, number)
    if tournament.format == Tournament.Format.GROUPS:
        return _groups_round(tournament, number)
    entries = selectors.entries(tournament=tournament)
    playing = {
        e.team_id
        for e in entries
        if e.withdrawn_after is None and e.joined_round <= number and e.team.retired_at is None
    }
    if len(playing) < 2:
        raise Refused("too_few_teams", _("Fewer than two teams are left to pair."), field="round")
    history = selectors.history(tournament=tournament)
    rows = engine.standings(tournament, entries, history)
    pairing = engine.pair(tournament, rows, history, playing)
    tournament.round_set.filter(status=Round.Status.DRAFT).delete()
    round_ = Round.objects.create(tournament=tournament, number=number)
    tables = []
    for table, (first, second) in enumerate(pairing.pairs, start=1):
        home, away = engine.sides(int(first), int(second), history)
        tables.append(Pairing(round=round_, table=table, home_id=home, away_id=away))
    if pairing.bye is not None:
        tables.append(Pairing(round=round_, table=len(tables) + 1, home_id=int(pairing.bye)))
    Pairing.objects.bulk_create(tables)
    return round_


def _bracket_round(tournament: Tournament, number: int) -> Round:
    """The next round of a double elimination: every match whose two teams the results so
    far decide. A drawn game must be corrected first: a knock-out needs a winner."""
    tournament.round_set.filter(status=Round.Status.DRAFT).delete()
    state = selectors.bracket(tournament=tournament)
    if state is None:  # a group game's result removed since its round
        raise Refused(
            "group_stage_open",
            _("A group game still waits for its result: the knock-out starts after the last."),
            field="round",
        )
    if state.undecided:
        pairing = state.undecided[0]
        raise Refused(
            "bracket_draw",
            _(
                "%(home)s – %(away)s (round %(round)s) has no winner: a knock-out match cannot "
                "end in a draw. Correct its result before the next round."
            ),
            field="round",
            home=pairing.home.name,
            away=pairing.away.name if pairing.away else "",
            round=pairing.round.number,
            fixture=pairing.fixture_id,
        )
    if state.stale:
        pairing = state.stale[0]
        raise Refused(
            "bracket_result_changed",
            _(
                "%(home)s – %(away)s (round %(round)s) no longer follows from the results: an "
                "earlier result was corrected after the bracket moved on. Restore that result, "
                "or start the bracket again in a new season."
            ),
            field="round",
            home=pairing.home.name,
            away=pairing.away.name if pairing.away else "",
            round=pairing.round.number,
            fixture=pairing.fixture_id,
        )
    ready = state.ready()
    if not ready:
        raise Refused("tournament_over", _("The tournament is over."), field="round")
    round_ = Round.objects.create(tournament=tournament, number=number)
    Pairing.objects.bulk_create(
        Pairing(round=round_, table=table, home_id=m.home, away_id=m.away, match=m.id)
        for table, m in enumerate(ready, start=1)
    )
    return round_


def _groups_round(tournament: Tournament, number: int) -> Round:
    """A group round (every group's round ``number`` of its round robin), or once the group
    stage is over, the knock-out's next round."""
    entries = selectors.entries(tournament=tournament)
    schedule = engine.group_schedule(entries)
    if number > len(schedule):
        return _bracket_round(tournament, number)
    tournament.round_set.filter(status=Round.Status.DRAFT).delete()
    round_ = Round.objects.create(tournament=tournament, number=number)
    Pairing.objects.bulk_create(
        Pairing(round=round_, table=table, home_id=home, away_id=away, match=f"G{group}.{number}")
        for table, (group, home, away) in enumerate(schedule[number - 1], start=1)
    )
    return round_


@transaction.atomic
def pairing_swap(*, round_: Round, first: Team, second: Team) -> list[selectors.Warning]:
    """Exchange two teams of a draft between their tables (a bye's too), then answer the
    rules the draft now breaks: a warning for the commissioner, not a refusal."""
    tournament = _locked(round_.tournament)
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    if round_.status != Round.Status.DRAFT:
        raise Refused("round_published", _("A published round cannot change."), field="round")
    if tournament.format != Tournament.Format.SWISS:
        raise Refused(
            "bracket_fixed", _("A bracket's matches follow from its results."), field="round"
        )
    if first.pk == second.pk:
        raise Refused("same_team", _("Choose two different teams."), field="second")
    tables = {p.pk: p for p in round_.pairings.select_for_update().order_by("table")}
    spots: dict[int, tuple[Pairing, str]] = {}
    for pairing in tables.values():
        spots[pairing.home_id] = (pairing, "home")
        if pairing.away_id is not None:
            spots[pairing.away_id] = (pairing, "away")
    for field, team in (("first", first), ("second", second)):
        if team.pk not in spots:
            raise Refused(
                "not_in_round",
                _("%(team)s is not paired in this round."),
                field=field,
                team=team.name,
            )
    (a, a_side), (b, b_side) = spots[first.pk], spots[second.pk]
    if a.pk == b.pk:
        raise Refused("same_table", _("These two teams already meet."), field="second")
    setattr(a, f"{a_side}_id", second.pk)
    setattr(b, f"{b_side}_id", first.pk)
    history = selectors.history(tournament=tournament)
    for pairing in (a, b):
        if pairing.away_id is not None:
            pairing.home_id, pairing.away_id = engine.sides(
                pairing.home_id, pairing.away_id, history
            )
    # the unique (round, home/away) constraints: clear both tables, then write them back
    Pairing.objects.filter(pk__in=[a.pk, b.pk]).delete()
    for pairing in (a, b):
        pairing.pk = None
    Pairing.objects.bulk_create([a, b])
    return selectors.draft_warnings(round_=round_)


@transaction.atomic
def round_publish(
    *,
    round_: Round,
    first_kickoff: datetime | None = None,
    interval: timedelta = timedelta(0),
) -> list[Fixture]:
    """The draft's games become fixtures of the season (tables ``interval`` apart from
    ``first_kickoff``), the bye is recorded; published once: publishing again answers the
    fixtures already made."""
    tournament = _locked(round_.tournament)
    round_ = Round.objects.select_for_update().get(pk=round_.pk)
    pairings = list(round_.pairings.select_related("home", "away", "fixture").order_by("table"))
    if round_.status == Round.Status.PUBLISHED:
        return [p.fixture for p in pairings if p.fixture is not None]
    season_check_open(season=tournament.season)
    start = first_kickoff or first_kickoff_default()
    if timezone.is_naive(start):
        raise Refused("kickoff_naive", _("The kick-off needs a time zone."), field="kickoff")
    fixtures = []
    for index, pairing in enumerate(p for p in pairings if p.away_id is not None):
        fixture = fixture_schedule(
            season=tournament.season,
            home=pairing.home,
            away=pairing.away,
            kickoff=start + index * interval,
            round_number=round_.number,
        )
        pairing.fixture = fixture
        pairing.save(update_fields=["fixture"])
        fixtures.append(fixture)
    round_.status = Round.Status.PUBLISHED
    round_.published_at = timezone.now()
    round_.save(update_fields=["status", "published_at"])
    return fixtures
