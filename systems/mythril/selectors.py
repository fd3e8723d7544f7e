"""Reads of Mythril teams: the roster, the team sheet, what a team may still hire, and what the
Mythril pages show."""

from collections.abc import Sequence
from itertools import groupby, islice
from typing import Any

from django.db.models import Q, QuerySet
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy as _lazy

from league.models import League, Season, Team
from league.selectors import season_with_league, teams_of_game
from ledger.models import Account, Entry
from matches import selectors as match_selectors
from matches.models import Fixture
from rules_engine.mythril.hiring import apothecary_for, team_rating
from rules_engine.mythril.report import COUNTS
from systems.mythril import RULE_SYSTEM, SIDES, engine
from systems.mythril.models import (
    Champion,
    ExperienceTable,
    LevelUp,
    MatchdayEntry,
    MythrilSettings,
    PitchType,
    Player,
    PlayerStatus,
    PostMatchRun,
    ResultReport,
    Skill,
    TeamBet,
    TeamList,
    TeamProfile,
    Trophy,
)

ON_ROSTER = (PlayerStatus.ACTIVE, PlayerStatus.INJURED)


def settings_of(league: League) -> MythrilSettings:
    """The league's settings, read afresh; the defaults (the rules as written) until saved."""
    found = MythrilSettings.objects.filter(league_id=league.pk).first()
    return found if found is not None else MythrilSettings(league=league)


def joined_settings_of(league: League) -> MythrilSettings:
    """The league's settings as a list of leagues joined them (``league.rows``: one query for
    the whole list), else read once; the defaults until saved. ``league_rules_save`` keeps the
    joined row current."""
    return getattr(league, "mythril_settings", None) or MythrilSettings(league=league)


def experience_table(*, league: League) -> dict[str, Any]:
    """The league's experience table as stored (empty before its roster data)."""
    found = ExperienceTable.objects.filter(league=league).values_list("table", flat=True)
    return next(iter(found), {})


TREASURY_ATTR = "mythril_treasury"
"""Where :func:`treasuries_read` leaves a team's balance for :func:`gold_of`."""


def treasuries_read(*, teams: Sequence[Team]) -> None:
    """The treasury balance of each Mythril team among ``teams``, read in one query (none
    when no team is Mythril's), for :func:`gold_of`."""
    mine = teams_of_game(teams=teams, rule_system=RULE_SYSTEM)  # gold_of: Mythril's only
    if not mine:
        return
    accounts = Account.objects.filter(kind=Account.Kind.TREASURY, team__in=mine).order_by("-pk")
    balances = dict(accounts.values_list("team_id", "balance"))  # a team's first account wins
    for team in mine:
        setattr(team, TREASURY_ATTR, balances.get(team.pk))


def gold_of(team: Team) -> int:
    if hasattr(team, TREASURY_ATTR):  # read with its list (treasuries_read)
        return getattr(team, TREASURY_ATTR) or 0
    account = Account.objects.filter(kind=Account.Kind.TREASURY, team=team).first()
    return account.balance if account else 0


def profile_of(team: Team) -> TeamProfile | None:
    return getattr(team, "mythril", None)  # a missing one-to-one row raises AttributeError


def roster(team: Team, *, fallen: bool = False) -> list[Player]:
    """The team's players on its roster by number; with ``fallen``, its dead ones too."""
    statuses = (*ON_ROSTER, PlayerStatus.DEAD) if fallen else ON_ROSTER
    return list(
        Player.objects.filter(team=team, status__in=statuses)
        .select_related("position", "champion")
        .order_by("number", "pk")
    )


def player_row(player: Player) -> dict[str, Any]:
    """A player as the team sheet's rows and the API answer him."""
    return {
        "id": player.pk,
        "number": player.number,
        "name": player.name,
        "position": player.position.name if player.position_id else None,
        "champion": player.champion.name if player.champion_id else None,
        **{key: getattr(player, key) for key in ("race", "ally", "big_guy", "cost")},
        **{key: getattr(player, key) for key in ("profile", "start")},
        "skills": list(player.skills),
        "spp": player.spp,
        "levels": player.levels_taken,
        **{key: getattr(player, key) for key in (*COUNTS, "mvps", "status")},
    }


def team_sheet(team: Team, *, players: list[Player] | None = None) -> dict[str, Any]:
    """The team as its sheet shows it, frozen on a fixture at kick-off and answered by the
    API's ``/teams/<id>/sheet/``: its apothecary for a match (none, beginner or real) as the
    engine says; ``players`` are the engine's player dicts; ``rows`` the same players with
    their number and statistics. ``players``: its :func:`roster`, when read already."""
    profile = profile_of(team)
    players = roster(team) if players is None else players
    apothecary = "none"
    if profile is not None:
        apothecary = apothecary_for(
            engine.engine_team_list(profile.team_list),
            real_bought=profile.apothecary,
            rating=team_rating(p.cost for p in players),
        ).value
    return {
        "team": team.pk,
        "name": team.name,
        "race": profile.team_list.race if profile else None,
        "popularity": profile.popularity if profile else 0,
        "home_pitch": profile.home_pitch.name if profile and profile.home_pitch else "lawn",
        "apothecary": apothecary,
        "gold": gold_of(team),
        "value": sum(p.cost for p in players),
        "players": [engine.player_input(p) for p in players],
        "rows": [player_row(p) for p in players],
    }


def pending_level_ups(team: Team) -> list[LevelUp]:
    return list(
        LevelUp.objects.filter(player__team=team, chosen_at__isnull=True)
        .select_related("player")
        .order_by("player__number", "level")
    )


def team_sheet_with_level_ups(team: Team) -> dict[str, Any]:
    """The team's sheet and its level-ups still to pick, as the API's team answers them."""
    return {
        **team_sheet(team),
        "level_ups": [
            {"id": lu.pk, "player": lu.player_id, "level": lu.level, "options": lu.options}
            for lu in pending_level_ups(team)
        ],
    }


def team_page(team: Team, *, can_edit: bool, wanted: str | None = None) -> dict[str, Any]:
    """The team page's context: the sheet, one season's fixtures (``wanted``, else the newest),
    level-ups, the treasury's last 20 entries, the last 20 bets settled or void, the fallen,
    and what an editor may hire and bet on (the bets only where the league plays them)."""
    bets_on = settings_of(team.league).team_bets
    shown = match_selectors.team_fixture_seasons(team=team, wanted=wanted)
    bets = TeamBet.objects.filter(team=team).exclude(status=TeamBet.Status.OPEN)
    entries = Entry.objects.filter(account__team=team, account__kind=Account.Kind.TREASURY)
    players = roster(team, fallen=True)  # the roster and the fallen in one query
    return {
        "team": team,
        "league": team.league,
        "sheet": team_sheet(team, players=[p for p in players if p.status in ON_ROSTER]),
        "can_edit": can_edit,
        "fixtures": match_selectors.team_fixture_rows(team=team, season=shown["fixture_season"]),
        **shown,
        "level_ups": level_ups_with_skills(team=team),
        "hire_choices": hire_choices(team=team) if can_edit else [],
        "team_bets": bets_on,
        "bet_rounds": bet_rounds(team=team) if can_edit and bets_on else [],
        "past_bets": bets.select_related("fixture__home", "fixture__away")[:20],
        "statement": entries.select_related("transaction").order_by("-transaction_id")[:20],
        "dead": [p for p in players if p.status == Player.Status.DEAD],
    }


POST_MATCH_WAITING = Q(status=Fixture.Status.PLAYED, post_match__status="pending")
"""A played fixture whose post-match sequence is still pending."""


def team_unsettled_fixture(team: Team) -> Fixture | None:
    """A kicked-off or played fixture of the team whose post-match sequence has not run."""
    return (
        Fixture.objects.filter(Q(home=team) | Q(away=team))
        .filter(Q(status=Fixture.Status.LOCKED) | POST_MATCH_WAITING)
        .select_related("home", "away")
        .first()
    )


def season_post_match_pending(*, season: Season) -> list[Fixture]:
    """The season's played fixtures whose post-match sequence is still pending."""
    return list(
        Fixture.objects.filter(POST_MATCH_WAITING, season=season)
        .select_related("home", "away")
        .order_by("round", "pk")
    )


# What the Mythril pages read: their views call these and never the ORM.


def league_list() -> QuerySet[League]:
    """Mythril leagues (a page picks one by its ``pk``)."""
    return League.objects.filter(rule_system=RULE_SYSTEM)


def team_list() -> QuerySet[Team]:
    """Mythril teams with their league, coach, team list and home pitch."""
    return Team.objects.select_related(
        "league", "coach", "mythril__team_list", "mythril__home_pitch"
    ).filter(league__rule_system=RULE_SYSTEM)


def season_list() -> QuerySet[Season]:
    """Seasons of Mythril leagues, with their league."""
    return season_with_league().filter(league__rule_system=RULE_SYSTEM)


def league_teams(*, league: League) -> QuerySet[Team]:
    return Team.objects.filter(league=league).order_by("name")


def player_list() -> QuerySet[Player]:
    """Mythril players with their team."""
    return Player.objects.select_related("team").filter(team__league__rule_system=RULE_SYSTEM)


def level_up_list() -> QuerySet[LevelUp]:
    return LevelUp.objects.select_related("player__team")


def season_trophies(*, season: Season) -> QuerySet[Trophy]:
    """The season's trophies with their matches' teams and results."""
    return Trophy.objects.filter(season=season).prefetch_related(
        "matches__fixture__home", "matches__fixture__away", "matches__fixture__result"
    )


def champions_for(*, league_id: int, race: str) -> list[Champion]:
    """The league's champions a team of ``race`` may hire (its race among theirs, in any
    case)."""
    return [
        champion
        for champion in Champion.objects.filter(league_id=league_id)
        if any(r.casefold() == race.casefold() for r in champion.races)
    ]


def pitch_types(*, league: League) -> QuerySet[PitchType]:
    return PitchType.objects.filter(league=league)


def hire_choices(*, team: Team) -> list[dict[str, str]]:
    """What the team may hire: its own positions, the league's champions of its race, the
    positions its allies lend; each a ``value`` for the hire form and a ``label``."""
    own = team.mythril.team_list
    choices = [
        {"value": f"position|{own.race}|{p.name}", "label": f"{p.name} · {p.cost:,}"}
        for p in own.positions.all()
    ]
    for c in champions_for(league_id=team.league_id, race=own.race):
        label = _("%(name)s (champion) · %(cost)s") % {"name": c.name, "cost": f"{c.cost:,}"}
        choices.append({"value": f"champion||{c.name}", "label": label})
    for ally in TeamList.objects.filter(league_id=team.league_id, race__in=own.allies):
        for p in ally.positions.filter(ally_limit__gt=0):
            words = {"race": ally.race, "name": p.name, "n": p.ally_limit, "cost": f"{p.cost:,}"}
            label = _("%(race)s %(name)s (ally, at most %(n)s) · %(cost)s") % words
            choices.append({"value": f"position|{ally.race}|{p.name}", "label": label})
    return choices


def bet_rounds(*, team: Team) -> list[dict[str, Any]]:
    """Upcoming matchdays: whether the team entered, each match with the team's bet."""
    fixtures = (
        Fixture.objects.filter(season__league=team.league_id, status=Fixture.Status.SCHEDULED)
        .select_related("home", "away", "season")
        .order_by("season", "round", "kickoff")
    )
    entered = set(MatchdayEntry.objects.filter(team=team).values_list("season_id", "round"))
    bets = {b.fixture_id: b for b in TeamBet.objects.filter(team=team)}
    matchdays = groupby(fixtures, key=lambda fixture: (fixture.season, fixture.round))
    return [
        {
            "season": season,
            "round": round,
            "entered": (season.pk, round) in entered,
            "fixtures": [{"fixture": f, "bet": bets.get(f.pk)} for f in matchday],
        }
        for (season, round), matchday in islice(matchdays, 3)
    ]


def level_ups_with_skills(*, team: Team) -> list[LevelUp]:
    """The team's level-ups to pick, each with the league's skills its roll allows
    (``level.skills``): the league's skills read once, and not at all without a level-up to
    pick (most team pages)."""
    pending = pending_level_ups(team)
    skills = list(Skill.objects.filter(league_id=team.league_id)) if pending else []
    for level in pending:
        allowed, held = level.options.get("categories", []), level.player.skills
        level.skills = [s for s in skills if s.category in allowed and s.name not in held]  # type: ignore[attr-defined]
    return pending


def matchday_bets(*, season: Season, round: int) -> list[TeamBet]:
    """The matchday's team bets, for the commissioner."""
    return list(
        TeamBet.objects.filter(fixture__season=season, fixture__round=round)
        .select_related("team", "fixture__home", "fixture__away")
        .order_by("fixture__kickoff", "fixture", "team__name")
    )


def matchday_entries(*, season: Season, round: int) -> QuerySet[MatchdayEntry]:
    return MatchdayEntry.objects.filter(season=season, round=round).select_related("team")


def roster_lists(*, league: League) -> QuerySet[TeamList]:
    """The league's team lists with their positions."""
    return TeamList.objects.filter(league=league).prefetch_related("positions")


def league_champions(*, league: League) -> QuerySet[Champion]:
    return Champion.objects.filter(league=league)


def fixture_list() -> QuerySet[Fixture]:
    """The league's Mythril fixtures with what a match page shows of their teams."""
    return Fixture.objects.select_related("season__league", "home", "away").filter(
        season__league__rule_system=RULE_SYSTEM
    )


def open_report(*, fixture: Fixture) -> ResultReport | None:
    return ResultReport.objects.filter(fixture=fixture, status__in=ResultReport.OPEN).first()


def match_sheets(fixture: Fixture) -> dict[str, dict[str, Any]]:
    """Each side's sheet as frozen at kick-off, or the teams' sheets as they stand before."""
    if fixture.home_sheet:
        return {"home": fixture.home_sheet, "away": fixture.away_sheet}
    return {"home": team_sheet(fixture.home), "away": team_sheet(fixture.away)}


def sheet_names(fixture: Fixture) -> dict[str, str]:
    """``{player id: name}`` of the players on the sheets frozen at kick-off."""
    sheets = [getattr(fixture, f"{side}_sheet") or {} for side in SIDES]
    return {player["id"]: player["name"] for sheet in sheets for player in sheet.get("players", [])}


ROLL_LABELS = {
    "mvp": _lazy("MVP draw"),
    "skill_roll": _lazy("Skill roll"),
    "winnings": _lazy("Winnings"),
    "popularity": _lazy("Popularity roll"),
    "apothecary": _lazy("Apothecary"),
    "team_bet": _lazy("Team bet payout"),
}
"""What each roll of a post-match sequence is for, by its purpose's code."""


def post_match_rolls(fixture: Fixture, run: PostMatchRun | None) -> list[dict[str, Any]]:
    """Each roll of the fixture's post-match sequence in words: what it was for, and for whom
    (a player of the frozen sheets, else a side's team)."""
    names = sheet_names(fixture)
    teams = {"home": fixture.home.name, "away": fixture.away.name}
    rows = []
    for roll in run.rolls if run else []:
        purpose = roll["purpose"]
        purpose = purpose if isinstance(purpose, dict) else {"code": purpose}
        code = purpose.get("code", "")
        who = names.get(str(purpose.get("player", ""))) or teams.get(purpose.get("side"), "")
        label = ROLL_LABELS.get(code, code)
        rows.append({"die": roll["die"], "value": roll["value"], "label": label, "who": who})
    return rows


def match_page(fixture: Fixture) -> dict[str, Any]:
    """What the fixture's page and its printable sheet both show: the post-match sequence
    (``run``) with its rolls in words, the match's team bets."""
    run = PostMatchRun.objects.filter(fixture=fixture).first()
    return {
        "fixture": fixture,
        "league": fixture.season.league,
        "run": run,
        "rolls": post_match_rolls(fixture, run),
        "bets": TeamBet.objects.filter(fixture=fixture).select_related("team"),
    }


def post_match_log(*, fixture_id: int) -> dict[str, Any] | None:
    """The fixture's post-match sequence with every roll, or None before it has one."""
    runs = PostMatchRun.objects.filter(fixture_id=fixture_id)
    run = runs.values("status", "seed", "log", "rolls").first()
    return None if run is None else {"fixture": fixture_id, **run}


def trophy_rows(*, season: Season) -> list[dict[str, Any]]:
    """The season's trophies, each with its matches (fixture, stage, whether the final)."""
    return [
        {
            "id": trophy.pk,
            "name": trophy.name,
            "matches": [
                {"fixture": m.fixture_id, "stage": m.stage, "final": m.final}
                for m in trophy.matches.all()
            ],
        }
        for trophy in Trophy.objects.filter(season=season).prefetch_related("matches")
    ]


def team_bets(*, team: Team) -> QuerySet[TeamBet]:
    """Every bet the team placed, with the team."""
    return TeamBet.objects.filter(team=team).select_related("team")
