"""The Rotzball demo: a league of 8 teams, a double round robin, some rounds played.

Everything goes through the product's own services (league_create, then the teams and
their rosters as ``manage.py generate_load`` builds them, ``systems.rotzball.load``:
teams_register, players_create, lineups_set, match_plans_set; fixtures_generate,
simulation_request), like a commissioner would. Built once; later runs only print the logins
again.
"""

from django.contrib.auth.models import User
from django.db import transaction

from core.demo import demo_login, demo_user, evening
from league import services as league_services
from league.models import League
from matches import services as match_services
from rules_engine import Dice
from systems.rotzball import load

LEAGUE_NAME = "Ligue de Middenheim"
TEAMS = [
    ("Loups Blancs de Middenheim", "#f4f4f4", "#3a5a8c"),
    ("Griffons d'Altdorf", "#b22222", "#f2c14e"),
    ("Tonneliers de Nuln", "#2f2f2f", "#c0c0c0"),
    ("Ours de Talabheim", "#5b3a1e", "#e8d8b0"),
    ("Corbeaux de Marienburg", "#1b1b3a", "#8ecae6"),
    ("Sangliers d'Averheim", "#386641", "#f2e8cf"),
    ("Bateliers de Carroburg", "#0077b6", "#ffffff"),
    ("Chevaliers de Wissenburg", "#6a040f", "#ffba08"),
]
PLAYED_ROUNDS = 5
DEMO_SEED = 1517


@transaction.atomic
def _build(commissioner: User) -> None:
    dice = Dice(DEMO_SEED)
    league = league_services.league_create(
        commissioner=commissioner,
        name=LEAGUE_NAME,
        rule_system="rotzball",
        season_name="1517",
        description="Le championnat de Rotzball de la Cité du Loup Blanc.",
    )
    season = league.seasons.get()
    teams = [
        {
            "name": name,
            "coach": demo_user(f"coach{number}", f"rotzball-coach{number}"),
            "primary_colour": primary,
            "secondary_colour": secondary,
        }
        for number, (name, primary, secondary) in enumerate(TEAMS, start=1)
    ]
    load.load_teams(league=league, teams=teams, dice=dice)
    # Round PLAYED_ROUNDS + 1 kicks off tomorrow evening; the earlier rounds are past and played.
    match_services.fixtures_generate(season=season, first_kickoff=evening(weeks_ago=PLAYED_ROUNDS))
    for round_number in range(1, PLAYED_ROUNDS + 1):
        match_services.simulation_request(
            season=season, user=commissioner, round_number=round_number
        )


def build(commissioner: User) -> list[str]:
    """Build the demo league if it is missing; what ``demo_data`` prints about it."""
    if not League.objects.filter(name=LEAGUE_NAME).exists():
        _build(commissioner)
    lines = [
        f"Demo league: {LEAGUE_NAME} (8 teams, double round robin, "
        f"{PLAYED_ROUNDS} rounds played); commissioner {commissioner.username}"
    ]
    for number, (name, _primary, _secondary) in enumerate(TEAMS, start=1):
        lines.append(demo_login(f"coach{number}", f"rotzball-coach{number}", name))
    return lines
