"""Tutatis in bulk, for ``manage.py generate_load`` (the ``load_teams`` and ``load_results`` of
``loadgen.plugins.load``).

* Teams: through the roster services' bulk variants (``teams_register``,
  ``team_lists_choose``, ``rosters_set``, which ``team_list_choose`` and ``roster_set`` call
  for one team), on the shipped sample lists as the demo builds them.
* Kick-off: none up front: each fixture kicks off (``fixture_kick_off``) when its round
  comes, its sheets holding what the earlier rounds' post-match sequences wrote.
* Results: a plausible score per fixture (:func:`play_draw`: goals and shots over the bar
  drawn on the dice, nobody badly hurt) entered by the home coach and confirmed by the away
  coach through the result-report workflow (``reports_play``, the bulk variant of
  ``report_enter`` and ``report_confirm``), then each post-match sequence run by the
  workflow's ``post_match_run``, round by round, as a worker would run it.
"""

from collections.abc import Mapping, Sequence
from typing import Any

from django.contrib.auth.models import User

from league.models import League, Team
from league.services import teams_register
from matches import bulk as matches_bulk
from matches.models import Fixture, Result
from rules_engine import Dice
from rules_engine.dice import MAX_SEED
from systems.tutatis.demo import ROSTER, TEAMS
from systems.tutatis.models import TeamList
from systems.tutatis.services import lists, rosters

SIDES = ("home", "away")


def team_lists_draw(*, teams: int, dice: Dice) -> list[TeamList]:
    """The sample list each of ``teams`` teams hires from, as their coaches might choose."""
    lists.samples_install()
    samples = {name: TeamList.objects.get(league=None, name=name) for _n, name, *_r in TEAMS}
    return [samples[TEAMS[dice.roll(len(TEAMS), "team list") - 1][1]] for _team in range(teams)]


def roster_counts(team_list: TeamList) -> dict[int, tuple[int, int]]:
    """The demo's roster counts on ``team_list``: entry id -> (on the pitch, on the bench)."""
    entries = list(team_list.entries.order_by("pk"))
    return {entries[index].pk: (pitch, bench) for index, pitch, bench in ROSTER}


def load_teams(*, league: League, teams: Sequence[Mapping[str, Any]], dice: Dice) -> list[Team]:
    """The teams, each on one of the demo's sample lists with the demo's roster counts, built
    by the commissioner through the roster services' bulk variants."""
    chosen = team_lists_draw(teams=len(teams), dice=dice)
    rows = teams_register(league=league, teams=teams)
    user = league.commissioner
    rosters.team_lists_choose(user=user, choices=list(zip(rows, chosen, strict=True)))
    counts = {team_list.pk: roster_counts(team_list) for team_list in chosen}
    rosters.rosters_set(
        user=user,
        rosters=[
            (team, counts[team_list.pk]) for team, team_list in zip(rows, chosen, strict=True)
        ],
    )
    return rows


def play_draw(dice: Dice) -> tuple[dict[str, Any], int, int]:
    """A fixture's entered result (goals and shots over the bar drawn, nobody badly hurt), the
    seed its result is read with and its post-match seed."""
    entered = {
        side: {
            "goals": dice.roll(4, f"{side} goals") - 1,
            "over_bar": dice.roll(4, f"{side} over the bar") - 1,
            "badly_hurt": [],
        }
        for side in SIDES
    }
    seeds = [dice.roll(MAX_SEED, f"{kind} seed") - 1 for kind in ("result", "post-match")]
    return entered, seeds[0], seeds[1]


def load_results(*, fixtures: Sequence[Fixture], dice: Dice, by: User) -> list[Result]:
    """The season played round by round at the table; the saved results."""
    return matches_bulk.rounds_played_at_the_table(
        fixtures=fixtures, by=by, draw=lambda fixture: play_draw(dice)
    )
