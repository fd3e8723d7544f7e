"""Mythril league: Blood Bowl house rules (rule file 003), as read by RULES_NOTES section 4.

Blood Bowl is played at the table; its matches are recorded (resolution RECORDED). The
engine checks teams, hires and line-ups, turns results and forfeits into points, and runs the
post-match sequence with the :class:`~rules_engine.dice.Dice` passed in. The rulebook is not
among the texts, so rosters, skills, pitches and the experience table are data a league edits
(sample data: ``rules_engine/mythril/data/sample_rosters.json``). All types are frozen
dataclasses with ``from_dict(data, field)`` (bad input: :class:`InvalidInput` naming the
dotted field) and ``to_dict()``.

Roster data (:mod:`.roster`, :mod:`.players`)
    ``Profile(ma, st, ag, av)``; ``Skill(name, category)``;
    ``Position(name, cost, max, big_guy=False, ally_limit=0, profile=None, skills=(),
    normal=("general",), double=())``; ``Champion(name, cost, races, big_guy=False,
    profile=None, skills=())``; ``TeamList(race, positions, champions=(), allies=(),
    apothecary=True, reroll_cost=0)`` with ``.position(name)``, ``.champion(name)``;
    ``Pitch(name, cost, effect)`` (:data:`PITCHES`: lawn free, the others 10,000);
    ``Prices(popularity_point=10_000, home_pitch=10_000, ally_popularity=1,
    ally_gold=10_000, matchday_entry=10_000, extra_card=50_000, pitches=PITCHES)``;
    ``Player(id, name, position, race, big_guy, champion, ally, spp, levels, start,
    profile, skills, normal, double, miss_next_match)`` (a roster member; ``Player.hired``
    builds one).

Team creation (:mod:`.creation`)
    ``check_team(team_list: TeamList, draft: Draft, budget: int, prices: Prices) ->
    TeamCheck(ok: bool, cost: int, errors: tuple[RuleError(rule, message), ...])``.
    ``Draft(players: tuple[Pick(position=None, champion=None)], popularity, allies=0,
    home_pitch="lawn")``. Rule codes (:class:`TeamRule`): budget_exceeded, too_few_players,
    popularity_too_low, ally_at_creation, position_not_in_list, position_max,
    champion_wrong_race, champion_twice, too_many_big_guys. An unknown home pitch is an
    :class:`InvalidInput` on ``team.home_pitch``.

Experience (:mod:`.experience`)
    ``ExperienceTable(standard=(6, 16, 31, 51, 76, 176), big_guy=(11, 21, 51, 101),
    touchdown=3, completion=1, casualty=2, interception=2, mvp=5)``;
    ``level_for(spp: int, big_guy: bool, table=None) -> int`` (skills earned so far);
    ``skill_roll(dice, player: Player) -> SkillRoll(dice, double, categories,
    characteristics, big_guy_choices)``; ``apply_big_guy_double(player, roll, choice:
    BigGuyChoice ("st" | "av" | "drop_skill"), *, skill=None) -> Player``, refusing with
    :class:`LevelRefused` (``code``: not_a_big_guy, not_a_double, gain_cap, value_cap,
    skill_not_held); ``raise_characteristic(player, name) -> Player`` (same caps).

Results (:mod:`.results`)
    ``Side`` ("home" | "away"); ``Pair(home, away)``; ``ChampionshipPoints(win=3, draw=1,
    loss=0).for_score(score: Pair) -> Pair``; ``forfeit_outcome(score: Pair, forfeit: Side,
    unfinished_halves: int, turns_played: bool) -> ForfeitOutcome(points: Pair, score: Pair,
    popularity_malus: Pair, bets_cancelled: bool)``.

After creation (:mod:`.hiring`)
    ``ally_cost(popularity, prices=None) -> AllyCost(popularity, gold)`` (1 point, or
    10,000 gold when popularity is down to 1); ``check_hire(team_list, roster:
    Sequence[Player], hire: Pick, *, treasury, popularity, prices=None, source: TeamList |
    None = None) -> HireCheck(ok, gold, popularity, ally, errors)`` (``source``: the list an
    ally comes from); ``check_lineup(players: Sequence[Player]) -> tuple[RuleError, ...]``.
    Extra codes (:class:`RosterRule`): ally_not_allowed, ally_limit, treasury_exceeded,
    too_many_allies_on_pitch, too_many_on_pitch (plus the TeamRule codes position_max,
    position_not_in_list, champion_wrong_race, champion_twice, too_many_big_guys).
    ``apothecary_for(team_list, *, real_bought, rating) -> Apothecary`` ("none" |
    "beginner" | "real"); ``beginner_apothecary_roll(dice, player_id) -> bool`` (3+).

Team bets (:mod:`.bets`)
    ``team_bet_payout(dice, final: bool, *, bet="") -> int`` (2D6 x 10,000, x 20,000 in a
    trophy final, recorded as ``team_bet``); ``matchday_entry(prices=None) -> int``
    (10,000); :data:`MATCHDAY_ENTRY`.

Post-match (:mod:`.report`, :mod:`.post_match`, :mod:`.settings`)
    ``MatchReport(home: SideReport, away: SideReport, score: Pair, forfeit: Side | None,
    unfinished_halves=0, turns_played=True)``; ``SideReport(players: tuple[Player],
    stats: tuple[PlayerStats], popularity, apothecary: Apothecary, apothecary_used,
    apothecary_target, penalty_touchdowns: tuple[player ids])``; ``PlayerStats(player,
    played, touchdowns, completions, casualties, interceptions, injury: Injury | None)``;
    ``MythrilSettings(budget=1_000_000, points, experience, prices, winnings_unit=10_000,
    popularity_down=1, popularity_up=6, win_modifier=1, loss_modifier=-1)``.
    ``post_match(dice, report: MatchReport, settings=None) -> PostMatchOutcome(score,
    points, winner, forfeit, bets_cancelled, sequence, home: SideOutcome, away:
    SideOutcome, rolls)``; ``SideOutcome(spp: ((player id, gained), ...), mvp, levels:
    tuple[PendingLevel(player, level, roll: SkillRoll)], healed, dead, players (the roster
    after), winnings, popularity_roll, popularity_modifier, popularity_change,
    popularity)``. ``verdict(report, points) -> Verdict(score, points, winner,
    bets_cancelled, popularity_malus)`` (no dice: what the standings count).

Roster files (:mod:`.sample`): ``load_sample() -> RosterData(team_lists, champions,
skills, pitches, experience, sample, note)`` with ``.team_list(race)`` (the list with the
champions who play for it); ``read_roster_data(text, *, name) -> RosterData`` (JSON when
``name`` ends in .json, else YAML), refusing with :class:`RosterFileError` (``field``,
``line``, ``message``).

Command line (:mod:`.commands`): ``python -m rules_engine mythril check-team | level |
forfeit`` (JSON in and out, the issue's shapes). The registry's object is :data:`SYSTEM`.
"""

from rules_engine.mythril.bets import MATCHDAY_ENTRY, matchday_entry, team_bet_payout
from rules_engine.mythril.commands import COMMANDS
from rules_engine.mythril.creation import (
    Draft,
    Pick,
    RuleError,
    TeamCheck,
    TeamRule,
    check_team,
    draft_cost,
)
from rules_engine.mythril.experience import (
    BigGuyChoice,
    ExperienceTable,
    LevelRefused,
    Refusal,
    SkillRoll,
    apply_big_guy_double,
    level_for,
    raise_characteristic,
    skill_roll,
)
from rules_engine.mythril.hiring import (
    AllyCost,
    Apothecary,
    HireCheck,
    RosterRule,
    ally_cost,
    apothecary_for,
    beginner_apothecary_roll,
    check_hire,
    check_lineup,
)
from rules_engine.mythril.players import Player
from rules_engine.mythril.post_match import (
    PendingLevel,
    PostMatchOutcome,
    SideOutcome,
    Verdict,
    post_match,
    verdict,
)
from rules_engine.mythril.report import Injury, MatchReport, PlayerStats, SideReport
from rules_engine.mythril.results import (
    ChampionshipPoints,
    ForfeitOutcome,
    Pair,
    Side,
    forfeit_outcome,
)
from rules_engine.mythril.roster import (
    LAWN,
    MAX_ALLIES_ON_PITCH,
    MAX_BIG_GUYS,
    MIN_PLAYERS,
    MIN_POPULARITY,
    PITCHES,
    Champion,
    Pitch,
    Position,
    Prices,
    Profile,
    Skill,
    TeamList,
)
from rules_engine.mythril.sample import (
    RosterData,
    RosterFileError,
    load_sample,
    read_roster_data,
)
from rules_engine.mythril.settings import MythrilSettings
from rules_engine.mythril.system import SYSTEM, MythrilSystem

__all__ = [
    "COMMANDS",
    "LAWN",
    "MATCHDAY_ENTRY",
    "MAX_ALLIES_ON_PITCH",
    "MAX_BIG_GUYS",
    "MIN_PLAYERS",
    "MIN_POPULARITY",
    "PITCHES",
    "SYSTEM",
    "AllyCost",
    "Apothecary",
    "BigGuyChoice",
    "Champion",
    "ChampionshipPoints",
    "Draft",
    "ExperienceTable",
    "ForfeitOutcome",
    "HireCheck",
    "Injury",
    "LevelRefused",
    "MatchReport",
    "MythrilSettings",
    "MythrilSystem",
    "Pair",
    "PendingLevel",
    "Pick",
    "Pitch",
    "Player",
    "PlayerStats",
    "Position",
    "PostMatchOutcome",
    "Prices",
    "Profile",
    "Refusal",
    "RosterData",
    "RosterFileError",
    "RosterRule",
    "RuleError",
    "Side",
    "SideOutcome",
    "SideReport",
    "Skill",
    "SkillRoll",
    "TeamCheck",
    "TeamList",
    "TeamRule",
    "Verdict",
    "ally_cost",
    "apothecary_for",
    "apply_big_guy_double",
    "beginner_apothecary_roll",
    "check_hire",
    "check_lineup",
    "check_team",
    "draft_cost",
    "forfeit_outcome",
    "level_for",
    "load_sample",
    "matchday_entry",
    "post_match",
    "raise_characteristic",
    "read_roster_data",
    "skill_roll",
    "team_bet_payout",
    "verdict",
]
