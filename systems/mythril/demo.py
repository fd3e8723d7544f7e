"""The Mythril part of ``manage.py demo_data``: *Ligue Mythril*, four teams built with the
roster builder's service from the sample team lists, a single round robin; matchday 1 played
(entered by the home coach, confirmed by the away coach, post-match sequence and team bets
settled), matchday 2 open with team bets placed, and a four-team trophy after the
championship. Everything goes through the services, with seeded dice: the same at every build.
"""

from datetime import timedelta
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction

from core.demo import demo_login, demo_user, evening
from league.models import League
from league.services import league_create
from matches import locking
from matches import services as match_services
from matches.models import Fixture
from matches.table_results.services import report_confirm, report_enter
from systems.mythril import RULE_SYSTEM, SIDES
from systems.mythril.kickoff import kick_off
from systems.mythril.services.post_match import post_match_run
from systems.mythril.services.team_bets import matchday_enter, team_bet_place, team_bets_settle
from systems.mythril.services.teams import mythril_team_register
from systems.mythril.services.trophies import trophy_create

LEAGUE = "Ligue Mythril"
SEED = 2025
COACH_PASSWORD = "mythril-coach{n}"
TEAMS = [
    ("Reikland Reavers", "Human", [("Lineman", 7), ("Blitzer", 2), ("Catcher", 2),
                                   ("Thrower", 1)], "lawn"),
    ("Orcland Raiders", "Orc", [("Lineman", 6), ("Black Orc Blocker", 3), ("Blitzer", 2),
                                ("Troll", 1)], "astrogranite"),
    ("Grudgebearers", "Dwarf", [("Blocker", 8), ("Runner", 2), ("Troll Slayer", 2)], "lawn"),
    ("Altdorf Bulls", "Human", [("Lineman", 9), ("Blitzer", 2), ("Ogre", 1)], "ice"),
]  # fmt: skip


def _players(picks: list[tuple[str, int]]) -> list[dict[str, str]]:
    return [{"position": name} for name, count in picks for _ in range(count)]


def result_entry(fixture: Fixture, home_td: int, away_td: int) -> dict[str, Any]:
    """A plain result of the kicked-off ``fixture``: each side's touchdowns scored by its
    first player, a completion by the second, a casualty caused by the away side's third."""
    score = {"home": home_td, "away": away_td}
    entry: dict[str, Any] = {"score": score}
    for side in SIDES:
        players = [p["id"] for p in getattr(fixture, f"{side}_sheet")["players"]]
        entry[side] = {
            "stats": [
                {
                    "player": pid,
                    "touchdowns": score[side] if i == 0 else 0,
                    "completions": 1 if i == 1 and side == "home" else 0,
                    "casualties": 1 if i == 2 and side == "away" else 0,
                }
                for i, pid in enumerate(players)
            ]
        }
    return entry


def build_league(commissioner: User) -> None:
    league = league_create(
        commissioner=commissioner,
        name=LEAGUE,
        rule_system=RULE_SYSTEM,
        season_name="2526",
        description="La Ligue Mythril : Blood Bowl et ses règles maison.",
    )
    season = league.seasons.get()
    teams = [
        mythril_team_register(
            league=league,
            name=name,
            coach=demo_user(f"mythril{n}", COACH_PASSWORD.format(n=n)),
            team_list=race,
            players=_players(picks),
            popularity=1,
            home_pitch=pitch,
        )
        for n, (name, race, picks, pitch) in enumerate(TEAMS, start=1)
    ]
    match_services.fixtures_generate(
        season=season, double=False, first_kickoff=evening(weeks_ago=1)
    )
    fixtures = season.fixtures.select_related("home__coach", "away__coach").order_by("pk")
    for team in teams[:3]:
        matchday_enter(team=team, user=team.coach, season=season, round=2)
    for number, fixture in enumerate(fixtures.filter(round=2)):
        for team in teams[:3]:
            team_bet_place(
                team=team,
                user=team.coach,
                fixture=fixture,
                outcome=("home", "away", "draw")[number % 3],
            )
    for number, fixture in enumerate(fixtures.filter(round=1), start=1):
        kick_off(locking.lock_fixture_with_teams(fixture.pk))
        fixture.refresh_from_db()
        result = result_entry(fixture, 1 + number % 2, number % 2)
        entered = report_enter(fixture=fixture, user=fixture.home.coach, result=result)
        report_confirm(report=entered, user=fixture.away.coach)
        post_match_run(fixture_id=fixture.pk, seed=SEED + number)
        team_bets_settle(fixture_id=fixture.pk, seed=SEED + 100 + number)
    last = fixtures.order_by("-round").first()
    trophy_create(
        season=season,
        user=commissioner,
        name="Coupe du Mythril",
        team_ids=[t.pk for t in teams],
        round=last.round + 1,
        kickoff=last.kickoff + timedelta(weeks=1),
    )


@transaction.atomic
def build(commissioner: User) -> list[str]:
    """Build the Mythril league if missing; what ``demo_data`` prints about it."""
    if not League.objects.filter(name=LEAGUE).exists():
        build_league(commissioner)
    lines = [
        f"Mythril: {LEAGUE} (4 teams, matchday 1 played, team bets on matchday 2, a "
        f"four-team trophy); commissioner {commissioner.username}"
    ]
    for n, (name, *_rest) in enumerate(TEAMS, start=1):
        lines.append(demo_login(f"mythril{n}", COACH_PASSWORD.format(n=n), name))
    return lines
