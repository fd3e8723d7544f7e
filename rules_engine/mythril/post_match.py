"""The post-match sequence, home team first, every roll recorded on the dice passed in.

For each team: (1) an apothecary that did nothing during the match tries to heal its
``apothecary_target`` (a seriously injured player, not a dead one): the beginner on 3+, a
real apothecary without a roll (reading: the rulebook's apothecary heals); (2) injuries take
effect: the dead leave the roster, the others miss the next match (with a niggling injury or
-1 to a characteristic, never below 1), and a player who sat out this match with the flag
gets it cleared; (3) star player points: the experience table's values per touchdown,
completion, casualty and interception, the penalty touchdowns of a forfeit to the players
the winner names (one each, distinct, players of his who played, never a champion); (4) the
MVP, drawn at random among the players who played, are not champions and did not die
(the text: "attribués ... de manière aléatoire", "un champion ne peut pas recevoir de
titres de JPV"); (5) each level reached is queued with its skill roll
(:func:`~.experience.skill_roll`), the choice left to the coach; (6) winnings and (7) the
popularity roll, per the league settings (:mod:`.settings`).

Champions earn no star player points (reading: Blood Bowl's star players do not develop).
A forfeit without any turn played has no sequence: only the forfeiting team's popularity roll
takes place, with the defeat's -1 and the forfeit's -2 (reading of "les pénalités
ci-dessus s'appliquent"), and the bets on the match are cancelled.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from rules_engine.dice import Dice, Purpose
from rules_engine.errors import IllegalAction, InvalidInput
from rules_engine.mythril.experience import ExperienceTable, SkillRoll, level_for, skill_roll
from rules_engine.mythril.hiring import Apothecary, beginner_apothecary_roll
from rules_engine.mythril.players import Player
from rules_engine.mythril.report import Injury, MatchReport, PlayerStats, SideReport
from rules_engine.mythril.results import ChampionshipPoints, Pair, Side, forfeit_outcome
from rules_engine.mythril.roster import Profile
from rules_engine.mythril.settings import MythrilSettings
from rules_engine.systems import MatchOutcome

NIGGLING_INJURY = "Niggling Injury"
LOSSES = {Injury.MA_LOSS: "ma", Injury.ST_LOSS: "st", Injury.AG_LOSS: "ag", Injury.AV_LOSS: "av"}


@dataclass(frozen=True, slots=True)
class PendingLevel:
    """A level reached: the coach picks from what ``roll`` allows."""

    player: str
    level: int
    roll: SkillRoll

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "level": self.level, "roll": self.roll.to_dict()}


@dataclass(frozen=True, slots=True)
class SideOutcome:
    """One team after the sequence. ``spp`` maps player ids to the points gained (MVP
    included); ``players`` is the roster after it (the dead removed); ``healed`` the player
    the apothecary saved at the end, if any."""

    spp: tuple[tuple[str, int], ...] = ()
    mvp: str | None = None
    levels: tuple[PendingLevel, ...] = ()
    healed: str | None = None
    dead: tuple[str, ...] = ()
    players: tuple[Player, ...] = ()
    winnings: int = 0
    popularity_roll: int | None = None
    popularity_modifier: int = 0
    popularity_change: int = 0
    popularity: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {
            "spp": dict(self.spp),
            "mvp": self.mvp,
            "levels": [level.to_dict() for level in self.levels],
            "healed": self.healed,
            "dead": list(self.dead),
            "players": [player.to_dict() for player in self.players],
            "winnings": self.winnings,
            "popularity_roll": self.popularity_roll,
            "popularity_modifier": self.popularity_modifier,
            "popularity_change": self.popularity_change,
            "popularity": self.popularity,
        }


@dataclass(frozen=True, slots=True)
class PostMatchOutcome:
    """The result as it counts (``score`` with penalty touchdowns, championship
    ``points``), whether a sequence was played, both sides, and the roll log."""

    score: Pair
    points: Pair
    winner: Side | None
    forfeit: Side | None
    bets_cancelled: bool
    sequence: bool
    home: SideOutcome
    away: SideOutcome
    rolls: tuple[dict[str, Any], ...]

    def side(self, side: Side) -> SideOutcome:
        return self.home if side is Side.HOME else self.away

    def to_dict(self) -> dict[str, Any]:
        return {
            "score": self.score.to_dict(),
            "points": self.points.to_dict(),
            "winner": self.winner.value if self.winner else None,
            "forfeit": self.forfeit.value if self.forfeit else None,
            "bets_cancelled": self.bets_cancelled,
            "sequence": self.sequence,
            "home": self.home.to_dict(),
            "away": self.away.to_dict(),
            "rolls": list(self.rolls),
        }


@dataclass(frozen=True, slots=True)
class Verdict:
    """A result as it counts for the standings."""

    score: Pair
    points: Pair
    winner: Side | None
    bets_cancelled: bool
    popularity_malus: Pair

    def to_dict(self) -> dict[str, Any]:
        return {
            "score": self.score.to_dict(),
            "points": self.points.to_dict(),
            "winner": self.winner.value if self.winner else None,
            "bets_cancelled": self.bets_cancelled,
            "popularity_malus": self.popularity_malus.to_dict(),
        }


def verdict(report: MatchReport, points: ChampionshipPoints) -> Verdict:
    """Score, points and winner of an entered result, a forfeit's consequences applied."""
    if report.forfeit is not None:
        forfeit = forfeit_outcome(
            report.score, report.forfeit, report.unfinished_halves, report.turns_played
        )
        return Verdict(
            forfeit.score,
            forfeit.points,
            report.forfeit.other,
            forfeit.bets_cancelled,
            forfeit.popularity_malus,
        )
    score = report.score
    winner = (
        None if score.home == score.away else Side.HOME if score.home > score.away else Side.AWAY
    )
    return Verdict(score, points.for_score(score), winner, False, Pair(0, 0))


def _end_of_match_apothecary(dice: Dice, side: SideReport, field: str) -> str | None:
    target = side.apothecary_target
    if target is None:
        return None
    where = f"{field}.apothecary_target"
    line = side.line(target)
    if side.apothecary is Apothecary.NONE or side.apothecary_used:
        raise InvalidInput(where, "only an apothecary that did nothing during the match tries")
    if line is None or line.injury is None or not line.injury.lasting:
        raise InvalidInput(where, f"{target!r} is not a seriously injured player of this team")
    if side.apothecary is Apothecary.REAL or beginner_apothecary_roll(dice, target):
        return target
    return None


def _injured(player: Player, injury: Injury) -> Player:
    changes: dict[str, Any] = {"miss_next_match": True}
    if injury is Injury.NIGGLING:
        changes["skills"] = (*player.skills, NIGGLING_INJURY)
    if injury in LOSSES and player.profile is not None:
        name = LOSSES[injury]
        values = player.profile.to_dict()
        values[name] = max(1, values[name] - 1)
        changes["profile"] = Profile(**values)
    return player.with_changes(**changes)


def _gains(line: PlayerStats, table: ExperienceTable) -> int:
    return (
        line.touchdowns * table.touchdown
        + line.completions * table.completion
        + line.casualties * table.casualty
        + line.interceptions * table.interception
    )


def _penalty_players(side: SideReport, count: int, field: str) -> tuple[str, ...]:
    chosen = side.penalty_touchdowns
    if len(chosen) != count or len(set(chosen)) != count:
        raise InvalidInput(
            field, f"the winner names {count} different player(s) for the penalty touchdowns"
        )
    for pid in chosen:
        player, line = side.player(pid), side.line(pid)
        if player is None or line is None or not line.played or player.champion:
            raise InvalidInput(field, f"{pid!r} is not a player of the winner who played")
    return chosen


def _popularity(
    dice: Dice, side: Side, popularity: int, modifier: int, settings: MythrilSettings
) -> tuple[int, int]:
    roll = dice.d6(Purpose.of("popularity", side=side.value))
    total = roll + modifier
    change = (
        -1 if total <= settings.popularity_down else 1 if total >= settings.popularity_up else 0
    )
    return roll, max(0, popularity + change) - popularity


def _modifier(side: Side, result: Verdict, settings: MythrilSettings) -> int:
    if result.winner is None:
        return result.popularity_malus.of(side)
    base = settings.win_modifier if result.winner is side else settings.loss_modifier
    return base + result.popularity_malus.of(side)


def _side_sequence(
    dice: Dice, report: MatchReport, side: Side, result: Verdict, settings: MythrilSettings
) -> SideOutcome:
    field = f"result.{side.value}"
    own = report.side(side)
    table = settings.experience
    healed = _end_of_match_apothecary(dice, own, field)
    gains: dict[str, int] = {}
    for line in own.stats:
        player = own.player(line.player)
        if player is not None and not player.champion and _gains(line, table):
            gains[line.player] = _gains(line, table)
    if report.forfeit is side.other and report.unfinished_halves:
        for pid in _penalty_players(own, report.unfinished_halves, f"{field}.penalty_touchdowns"):
            gains[pid] = gains.get(pid, 0) + table.touchdown
    dead = tuple(
        line.player for line in own.stats if line.injury is Injury.DEAD and line.player != healed
    )
    eligible = [
        player.id
        for player in own.players
        if not player.champion
        and player.id not in dead
        and (stats := own.line(player.id)) is not None
        and stats.played
    ]
    mvp = None
    if eligible:
        mvp = eligible[dice.roll(len(eligible), Purpose.of("mvp", side=side.value)) - 1]
        gains[mvp] = gains.get(mvp, 0) + table.mvp
    players: list[Player] = []
    levels: list[PendingLevel] = []
    for player in own.players:
        if player.id in dead:
            continue
        entry = own.line(player.id)
        if entry is not None and entry.injury is not None and player.id != healed:
            player = (
                _injured(player, entry.injury) if entry.injury is not Injury.BADLY_HURT else player
            )
        elif player.miss_next_match and (entry is None or not entry.played):
            player = player.with_changes(miss_next_match=False)
        spp = player.spp + gains.get(player.id, 0)
        reached = level_for(spp, player.big_guy, table)
        for level in range(player.levels + 1, reached + 1):
            levels.append(PendingLevel(player.id, level, skill_roll(dice, player)))
        players.append(player.with_changes(spp=spp, levels=max(reached, player.levels)))
    winnings_roll = dice.d6(Purpose.of("winnings", side=side.value))
    modifier = _modifier(side, result, settings)
    roll, change = _popularity(dice, side, own.popularity, modifier, settings)
    return SideOutcome(
        spp=tuple(gains.items()),
        mvp=mvp,
        levels=tuple(levels),
        healed=healed,
        dead=dead,
        players=tuple(players),
        winnings=(winnings_roll + own.popularity) * settings.winnings_unit,
        popularity_roll=roll,
        popularity_modifier=modifier,
        popularity_change=change,
        popularity=own.popularity + change,
    )


def _no_sequence(
    dice: Dice, report: MatchReport, side: Side, result: Verdict, settings: MythrilSettings
) -> SideOutcome:
    own = report.side(side)
    if report.forfeit is not side:
        return SideOutcome(players=own.players, popularity=own.popularity)
    modifier = _modifier(side, result, settings)
    roll, change = _popularity(dice, side, own.popularity, modifier, settings)
    return SideOutcome(
        players=own.players,
        popularity_roll=roll,
        popularity_modifier=modifier,
        popularity_change=change,
        popularity=own.popularity + change,
    )


def post_match(
    dice: Dice, report: MatchReport, settings: MythrilSettings | None = None
) -> PostMatchOutcome:
    """Run the post-match sequence of ``report`` (see the module's docstring)."""
    settings = settings or MythrilSettings()
    result = verdict(report, settings.points)
    sequence = report.forfeit is None or report.turns_played
    run = _side_sequence if sequence else _no_sequence
    outcomes = {side: run(dice, report, side, result, settings) for side in Side}
    return PostMatchOutcome(
        score=result.score,
        points=result.points,
        winner=result.winner,
        forfeit=report.forfeit,
        bets_cancelled=result.bets_cancelled,
        sequence=sequence,
        home=outcomes[Side.HOME],
        away=outcomes[Side.AWAY],
        rolls=tuple(dice.log()),
    )


def record_result(
    home: Mapping[str, Any], away: Mapping[str, Any], result: object, *, dice: Dice
) -> MatchOutcome:
    """An entered result as the registry's :class:`MatchOutcome` (``home`` and ``away`` are
    not read: the result carries both rosters). The record holds the report and the
    verdict; a forfeit is ``decided_by`` "forfeit". No result: :class:`IllegalAction`."""
    if result is None:
        raise IllegalAction(
            "Blood Bowl is played at the table: the engine records an entered result "
            "(options['result'])"
        )
    report = MatchReport.from_dict(result, "result")
    outcome = verdict(report, ChampionshipPoints())
    return MatchOutcome(
        home_score=outcome.score.home,
        away_score=outcome.score.away,
        winner=outcome.winner.value if outcome.winner else None,
        decided_by="forfeit" if report.forfeit else "score",
        seed=dice.seed,
        record={
            "report": report.to_dict(),
            "forfeit": report.forfeit.value if report.forfeit else None,
            "bets_cancelled": outcome.bets_cancelled,
        },
    )


def outcome_post_match(
    outcome: MatchOutcome, *, dice: Dice, options: Mapping[str, Any]
) -> dict[str, Any]:
    """The registry's post-match call: ``options["settings"]`` holds the league settings."""
    unknown = [key for key in options if key != "settings"]
    if unknown:
        raise InvalidInput(f"options.{unknown[0]}", "is not a Mythril option (known: settings)")
    settings = MythrilSettings.from_dict(options.get("settings", {}), "options.settings")
    report = MatchReport.from_dict(outcome.record.get("report"), "record.report")
    return post_match(dice, report, settings).to_dict()
