"""Tutatis in bulk, for ``manage.py generate_load`` (the ``load_teams`` and ``load_entry`` of
``loadgen.plugins.load``): what its coaches choose, written through their services.

* Teams: through the roster services' bulk variants (``teams_register``,
  ``team_lists_choose``, ``rosters_set``, which ``team_list_choose`` and ``roster_set`` call
  for one team), on the shipped sample lists as the demo builds them.
* Results: a plausible score per fixture (goals and shots over the bar drawn on the dice,
  nobody badly hurt) that the home coach enters and the away coach confirms; the rounds are
  kicked off, recorded and their post-match sequences run by the result-report workflow's
  round-level variants (``matches.table_results.bulk``, through ``Load.load_results``).
"""

from collections.abc import Mapping, Sequence
from typing import Any

from league.models import League, Team
from league.services import teams_register
from matches.models import Fixture
from rules_engine import Dice
from rules_engine.tutatis.match_day import SIDES
from systems.tutatis.demo import TEAMS, roster_counts
from systems.tutatis.models import TeamList
from systems.tutatis.services import lists, rosters


def team_lists_draw(*, teams: int, dice: Dice) -> list[TeamList]:
    """The sample list each of ``teams`` teams hires from, as their coaches might choose."""
    lists.samples_install()
    samples = {name: TeamList.objects.get(league=None, name=name) for _n, name, *_r in TEAMS}
    return [samples[TEAMS[dice.roll(len(TEAMS), "team list") - 1][1]] for _team in range(teams)]


def load_teams(*, league: League, teams: Sequence[Mapping[str, Any]], dice: Dice) -> list[Team]:
    """The teams, each on one of the demo's sample lists with the demo's roster counts, built
    by the commissioner through the roster services' bulk variants."""
    chosen = team_lists_draw(teams=len(teams), dice=dice)
    rows = teams_register(league=league, teams=teams)
    user = league.commissioner
    choices = list(zip(rows, chosen, strict=True))
    rosters.team_lists_choose(user=user, choices=choices)
    counts = {team_list.pk: roster_counts(team_list) for team_list in chosen}
    rosters.rosters_set(
        user=user, rosters=[(team, counts[team_list.pk]) for team, team_list in choices]
    )
    return rows


def load_entry(*, fixture: Fixture, dice: Dice) -> dict[str, Any]:
    """What a coach enters for a kicked-off fixture: each side's goals and shots over the bar
    drawn on the dice, nobody badly hurt (``report_enter``'s ``result``)."""
    return {
        side: {
            "goals": dice.roll(4, f"{side} goals") - 1,
            "over_bar": dice.roll(4, f"{side} over the bar") - 1,
            "badly_hurt": [],
        }
        for side in SIDES
    }
