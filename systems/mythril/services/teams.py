"""Write-side operations on Mythril teams: creation, hire, fire, allies, apothecary.

Every rule is the engine's (``rules_engine.mythril``): the draft check at creation
(``check_team``), and the same check over the roster for each hire (positions of the list and
their maximum, champions of the race and once each, at most 2 big guys). Every gold movement
is a ledger transaction (:mod:`systems.mythril.services.treasury`). A refusal is a ``Refused`` whose
code is the rule's and whose message names it; nothing changes then.
"""

from collections.abc import Mapping, Sequence
from typing import Any, Required, TypedDict, Unpack

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Max
from django.utils.translation import gettext as _

from core.names import name_clean
from core.refusals import Forbidden, Refused
from league.defaults import teams_register_plain
from league.models import League, Team
from league.roles import can_edit_roster
from league.selectors import teams_coloured
from rules_engine import InvalidInput
from rules_engine.mythril.creation import Draft, Pick, check_team
from rules_engine.mythril.hiring import check_hire, check_lineup
from systems.mythril import RULE_SYSTEM, engine
from systems.mythril.models import (
    Champion,
    PitchType,
    Player,
    PlayerStatus,
    Position,
    TeamList,
    TeamProfile,
)
from systems.mythril.reasons import Reason
from systems.mythril.selectors import (
    ON_ROSTER,
    gold_of,
    roster,
    settings_of,
    team_unsettled_fixture,
)
from systems.mythril.services.treasury import treasuries_open, treasury_debit


class RuleRefused(Refused):
    """A team-building rule broken: ``code`` is the engine's rule, ``errors`` all of them."""

    def __init__(self, errors: Sequence[Mapping[str, str]], field: str = "players") -> None:
        super().__init__(
            errors[0]["rule"],
            "; ".join(e["message"] for e in errors).replace("%", "%%"),  # no placeholder
            field=field,
            errors=[dict(e) for e in errors],
        )


def assert_mythril(league: League) -> None:
    if league.rule_system != RULE_SYSTEM:
        raise Refused("not_mythril", _("This is not a Mythril league."), field="league")


def _team_list(league: League, race: str) -> TeamList:
    found = TeamList.objects.filter(league=league, race=race).first()
    if found is None:
        known = ", ".join(TeamList.objects.filter(league=league).values_list("race", flat=True))
        raise Refused(
            "unknown_team_list",
            _("%(race)s is not a team list of this league (known: %(known)s).")
            % {"race": race, "known": known},
            field="team_list",
        )
    return found


def draft_check(
    *,
    league: League,
    team_list: str,
    players: Sequence[Mapping[str, Any]],
    popularity: object,
    home_pitch: str = "lawn",
    allies: object = 0,
) -> dict[str, Any]:
    """The engine's verdict on a draft (``{"ok", "cost", "errors", "budget"}``; ``allies``
    must be 0 at creation); the roster builder asks it on every change. Bad input raises
    ``Refused`` naming the field."""
    assert_mythril(league)
    chosen = _team_list(league, team_list)
    budget = settings_of(league).starting_gold
    picks = [
        {key: item[key] for key in ("position", "champion") if item.get(key)}
        for item in players
        if isinstance(item, Mapping)
    ]
    home_pitch = home_pitch or "lawn"
    draft = {"players": picks, "popularity": popularity, "allies": allies, "home_pitch": home_pitch}
    try:
        verdict = check_team(
            engine.engine_team_list(chosen),
            Draft.from_dict(draft, "team"),
            budget,
            engine.league_prices(league.pk),
        )
    except InvalidInput as exc:
        raise engine.field_refusal(exc) from None
    return {**verdict.to_dict(), "budget": budget}


def _new_player(
    team: Team,
    number: int,
    item: Mapping[str, Any],
    team_list: TeamList,
    *,
    ally: bool = False,
    positions: Mapping[tuple[int, str], Position] | None = None,
) -> Player:
    champion = position = None
    if item.get("champion"):
        champion = Champion.objects.get(league_id=team.league_id, name=item["champion"])
    elif positions is not None:  # the list's positions read once for many players
        position = positions[(team_list.pk, item["position"])]
    else:
        position = Position.objects.get(team_list=team_list, name=item["position"])
    source: Champion | Position = champion or position  # type: ignore[assignment]
    profile, given = engine.profile_input(source), item.get("name")
    name = champion.name if champion else f"{source.name} {number}"
    return Player(
        team=team,
        number=number,
        name=given.strip()[:80] if isinstance(given, str) and given.strip() else name,
        position=position,
        champion=champion,
        race=team_list.race,
        big_guy=source.big_guy,
        ally=ally,
        cost=source.cost,
        profile=profile,
        start=profile,
        skills=list(source.skills),
    )


class TeamSpec(TypedDict, total=False):
    """A new team as :func:`mythril_team_register` takes it: only its name is required."""

    name: Required[str]
    coach: User | None
    team_list: str
    players: Sequence[Mapping[str, Any]]
    popularity: int
    home_pitch: str
    primary_colour: str | None
    secondary_colour: str | None


def mythril_team_register(*, league: League, **team: Unpack[TeamSpec]) -> Team:
    """A new Mythril team, checked by the engine: the league's starting gold is granted to its
    treasury, then what it bought (players, popularity, home pitch) is paid from it."""
    return mythril_teams_register(league=league, teams=[team])[0]


DRAFT = {"team_list": "", "players": (), "popularity": 1, "home_pitch": "lawn"}


def _draft(spec: TeamSpec) -> dict[str, Any]:
    """A team's draft as :func:`draft_check` takes it: what the engine's verdict depends on."""
    return {key: spec.get(key, default) for key, default in DRAFT.items()}


def _verdict(league: League, draft: dict[str, Any]) -> dict[str, Any]:
    """The engine's verdict on one team's draft; ``Refused`` when it breaks a rule."""
    if not draft["team_list"]:
        raise Refused("required", _("Choose the team's list."), field="team_list")
    if not isinstance(draft["players"], Sequence) or isinstance(draft["players"], str):
        raise Refused("invalid", _("Give a list of players."), field="players")
    verdict = draft_check(league=league, **draft)
    if not verdict["ok"]:
        raise RuleRefused(verdict["errors"])
    return verdict


@transaction.atomic
def mythril_teams_register(*, league: League, teams: Sequence[TeamSpec]) -> list[Team]:
    """:func:`mythril_team_register` for many teams at once (``teams``: its arguments each),
    the same rules: each draft checked by the engine (one shared by several teams once), the
    teams, profiles and players written in a few statements, each treasury granted the
    starting gold and paying for its draft, in one ledger call for all. The teams, in order."""
    assert_mythril(league)
    drafts = {repr(draft): draft for draft in map(_draft, teams)}  # each checked once, in order
    verdicts = {key: _verdict(league, draft) for key, draft in drafts.items()}
    rows = teams_register_plain(league=league, teams=teams_coloured(league=league, teams=teams))
    lists = {race: _team_list(league, race) for race in {spec["team_list"] for spec in teams}}
    positions = {
        (position.team_list_id, position.name): position
        for position in Position.objects.filter(team_list__in=lists.values())
    }
    pitches = {pitch.name.lower(): pitch for pitch in PitchType.objects.filter(league=league)}
    TeamProfile.objects.bulk_create(
        TeamProfile(
            team=team,
            team_list=lists[spec["team_list"]],
            popularity=spec.get("popularity", 1),
            home_pitch=pitches.get((spec.get("home_pitch") or "lawn").lower()),
        )
        for team, spec in zip(rows, teams, strict=True)
    )
    Player.objects.bulk_create(
        _new_player(team, number, item, lists[spec["team_list"]], positions=positions)
        for team, spec in zip(rows, teams, strict=True)
        for number, item in enumerate(spec.get("players", ()), start=1)
    )
    costs = [verdicts[repr(_draft(spec))]["cost"] for spec in teams]  # within the starting gold
    treasuries_open(league=league, purchases=list(zip(rows, costs, strict=True)))
    return rows


def team_lock(team: Team, user: User, *, settled: bool = True, forbidden: str = "") -> Team:
    """The team locked for a change by its coach or the commissioner (``forbidden``: what
    anyone else is told); ``settled``: its roster is frozen while a match of its is not
    settled."""
    # the team's row is the roster's mutex; PostgreSQL locks no row of an outer join's
    # nullable side (the team's Mythril row), so the lock names the team alone
    locked = (
        Team.objects.select_for_update(of=("self",))
        .select_related("league", "mythril")
        .get(pk=team.pk)
    )
    assert_mythril(locked.league)
    if not can_edit_roster(user, locked):
        raise Forbidden(
            forbidden or _("Only the team's coach or the commissioner changes its roster.")
        )
    unsettled = team_unsettled_fixture(locked) if settled else None
    if unsettled is not None:
        raise Refused(
            "roster_frozen",
            _(
                "%(team)s's match of matchday %(round)s is not settled: its roster is frozen until "
                "the result is confirmed and the post-match sequence has run."
            )
            % {"team": locked.name, "round": unsettled.round},
            field="team",
        )
    return locked


def _on_roster(player: Player) -> Player:
    if player.status not in ON_ROSTER:
        raise Refused(
            "not_on_roster",
            _("%(name)s is not on the roster.") % {"name": player.name},
            field="player",
        )
    return player


@transaction.atomic
def player_hire(
    *,
    team: Team,
    user: User,
    position: str = "",
    champion: str = "",
    race: str = "",
    name: str = "",
) -> Player:
    """Hire a player after creation: a position of the team's list, a champion of its race, or
    (``race`` another list's) an ally. The engine's ``check_hire`` decides (position maximum,
    ally races and limits, champion once, at most 2 big guys, the treasury); the gold is paid
    from the treasury and an ally's popularity point taken."""
    team = team_lock(team, user)
    profile, item = team.mythril, {"position": position, "champion": champion, "name": name}
    if bool(position) == bool(champion):
        raise Refused("required", _("Choose a position or a champion."), field="position")
    own = profile.team_list
    source = own if race in ("", own.race) else _team_list(team.league, race)
    own_list = engine.engine_team_list(own)
    try:
        verdict = check_hire(
            own_list,
            engine.engine_players(roster(team)),
            Pick.from_dict({"position": position} if position else {"champion": champion}, "hire"),
            treasury=gold_of(team),
            popularity=profile.popularity,
            prices=engine.league_prices(team.league_id),
            source=own_list if source == own else engine.engine_team_list(source),
        )
    except InvalidInput as exc:
        raise engine.field_refusal(exc) from None
    if not verdict.ok:
        raise RuleRefused(
            [e.to_dict() for e in verdict.errors], field="position" if position else "champion"
        )
    top = Player.objects.filter(team=team, status__in=ON_ROSTER).aggregate(n=Max("number"))["n"]
    player = _new_player(team, (top or 0) + 1, item, source, ally=verdict.ally)
    treasury_debit(team=team, amount=verdict.gold, reason=Reason.PURCHASE)
    if verdict.popularity:
        profile.popularity -= verdict.popularity
        profile.save(update_fields=["popularity"])
    player.save()
    return player


@transaction.atomic
def player_fire(*, player: Player, user: User) -> Player:
    """Fire a player: he leaves the roster (nothing is refunded)."""
    team_lock(player.team, user)
    player = _on_roster(Player.objects.select_for_update().get(pk=player.pk))
    player.status = PlayerStatus.FIRED
    player.save(update_fields=["status"])
    return player


@transaction.atomic
def player_rename(*, player: Player, user: User, name: str) -> Player:
    """Give a player on the roster another name, unique on his team's roster; nothing else
    changes (characteristics, skills, records)."""
    team = team_lock(player.team, user, settled=False)
    player = _on_roster(Player.objects.get(pk=player.pk))
    name = name_clean(name, max_length=Player._meta.get_field("name").max_length)
    taken = Player.objects.filter(team=team, status__in=ON_ROSTER, name__iexact=name)
    if taken.exclude(pk=player.pk).exists():
        raise Refused(
            "name_taken",
            _("Another player of the team is called %(name)s."),
            field="name",
            name=name,
        )
    player.name = name
    player.save(update_fields=["name"])
    return player


APOTHECARY_COST = 50_000


@transaction.atomic
def apothecary_hire(*, team: Team, user: User) -> TeamProfile:
    """Buy a real apothecary (50,000, if the list allows one); the free beginner apothecary
    (heals a hurt or dead player on 3+) leaves then, as the text says."""
    team = team_lock(team, user)
    profile = team.mythril
    if not profile.team_list.apothecary:
        raise Refused(
            "no_apothecary",
            _("The %(race)s list may not hire an apothecary.") % {"race": profile.team_list.race},
            field="apothecary",
        )
    if profile.apothecary:
        raise Refused(
            "apothecary_twice", _("The team already has its apothecary."), field="apothecary"
        )
    treasury_debit(team=team, amount=APOTHECARY_COST, reason=Reason.PURCHASE, field="apothecary")
    profile.apothecary = True
    profile.save(update_fields=["apothecary"])
    return profile


def lineup_check(*, team: Team, player_ids: Sequence[int]) -> dict[str, Any]:
    """The engine's verdict on a line-up (the players set on the pitch): at most 11 players,
    5 allies, 2 big guys, each champion once. ``{"ok", "errors": [{"rule", "message"}]}``."""
    assert_mythril(team.league)
    ids = list(dict.fromkeys(player_ids))
    fit = Player.objects.filter(team=team, status=PlayerStatus.ACTIVE, pk__in=ids)
    players = list(fit.select_related("position", "champion"))
    if len(players) != len(ids):
        raise Refused(
            "unknown_player",
            _("Every player of the line-up must be a fit player of the team."),
            field="players",
        )
    errors = [e.to_dict() for e in check_lineup(engine.engine_players(players))]
    return {"ok": not errors, "errors": errors}
