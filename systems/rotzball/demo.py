"""The Rotzball demo: a league of 8 teams, a double round robin, some rounds played.

Everything goes through the product's own services (league_create, team_register,
player_create, lineup_set, team_set_match_plan, fixtures_generate, simulation_request), like
a commissioner would; ``manage.py generate_load`` draws its rosters the same way
(``systems.rotzball.load``). Built once; later runs only print the logins again.
"""

from collections.abc import Sequence
from datetime import timedelta
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone

from core.demo import demo_user
from league import services as league_services
from league.models import League, Team
from matches import services as match_services
from rules_engine import Dice
from systems.rotzball import services
from systems.rotzball.models import LineupSlot, Player, Tactic

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
FIRST_NAMES = [
    "Klaus",
    "Otto",
    "Dieter",
    "Gunther",
    "Heinz",
    "Franz",
    "Rudi",
    "Jurgen",
    "Lothar",
    "Wilhelm",
]
PLAYERS = 8
CHARACTERISTICS = ("endurance", "agility", "strength", "intelligence")
P = LineupSlot.Position
FIELD_POSITIONS = [P.PASSER, P.ATTACKER_1, P.ATTACKER_2, P.DEFENDER_1, P.DEFENDER_2, P.DEFENDER_3]
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
    for number, (name, primary, secondary) in enumerate(TEAMS, start=1):
        coach = demo_user(f"coach{number}", f"rotzball-coach{number}")
        team = league_services.team_register(
            league=league,
            name=name,
            coach=coach,
            primary_colour=primary,
            secondary_colour=secondary,
        )
        _roster(team, dice)
    # Round PLAYED_ROUNDS + 1 kicks off tomorrow evening; the earlier rounds are past and played.
    tomorrow = timezone.now().replace(hour=20, minute=0, second=0, microsecond=0) + timedelta(
        days=1
    )
    start = tomorrow - timedelta(weeks=PLAYED_ROUNDS)
    match_services.fixtures_generate(
        season=season, double=True, first_kickoff=start, interval=timedelta(weeks=1)
    )
    for round_number in range(1, PLAYED_ROUNDS + 1):
        match_services.simulation_request(
            season=season, user=commissioner, round_number=round_number
        )


def roster_draw(dice: Dice) -> tuple[list[dict[str, Any]], str]:
    """One team's players (their fields) and tactic, as a coach might choose them: eight
    players with WFRP characteristics 20 + 2D10, a tactic drawn among the three."""
    players = []
    for index in range(PLAYERS):
        stats = {key: 20 + dice.d10(key) + dice.d10(key) for key in CHARACTERISTICS}
        players.append({"name": f"{FIRST_NAMES[index % len(FIRST_NAMES)]} {index + 1}", **stats})
    tactics = Tactic.values
    return players, tactics[dice.roll(len(tactics), "tactic") - 1]


def lineup_choice(players: Sequence[Player]) -> dict[str, int]:
    """The coach the best at agility and intelligence, the strongest others on the field."""
    coach = max(players, key=lambda p: p.agility + p.intelligence)
    rest = sorted(
        (p for p in players if p is not coach),
        key=lambda p: p.endurance + p.agility + p.strength,
        reverse=True,
    )
    lineup = {position: p.pk for position, p in zip(FIELD_POSITIONS, rest, strict=False)}
    return {P.COACH: coach.pk, **lineup}


def _roster(team: Team, dice: Dice) -> None:
    """A coach's roster, one service call at a time: the players, the line-up, the plan."""
    squad, tactic = roster_draw(dice)
    players = [services.player_create(team=team, **fields) for fields in squad]
    services.lineup_set(team=team, assignments=lineup_choice(players))
    services.team_set_match_plan(team=team, tactic=tactic)


def build(commissioner: User) -> list[str]:
    """Build the demo league if it is missing; what ``demo_data`` prints about it."""
    if not League.objects.filter(name=LEAGUE_NAME).exists():
        _build(commissioner)
    lines = [
        f"Demo league: {LEAGUE_NAME} (8 teams, double round robin, "
        f"{PLAYED_ROUNDS} rounds played); commissioner {commissioner.username}"
    ]
    for number, (name, _primary, _secondary) in enumerate(TEAMS, start=1):
        lines.append(
            f"  coach         username coach{number:<8} password rotzball-coach{number}   ({name})"
        )
    return lines
