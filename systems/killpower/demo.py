"""The Killpower Ball part of ``manage.py demo_data``: a championship and a tournament.

* *Ligue de Lutèce*: six teams, a single round robin; rounds 1 and 2 entered by the home coach,
  confirmed by the away coach and followed by their post-match sequence (deaths, recruits, XP,
  raises then taken); in round 3 one result waits for confirmation and one is disputed (the
  commissioner's queue).
* *Tournoi de Lutèce*: five teams seeded into a bracket (byes to the top seeds); its first
  round is played, a 0-0 draw settled by free throws.

Everything goes through the product's services; the match reports are drawn with one seeded
:class:`~rules_engine.Dice`, so the demo is the same at every build. Each league is built once.
"""

from collections.abc import Sequence
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction

from core.demo import demo_login, demo_user, evening
from league.models import League, Season, Team
from league.services import league_create
from matches import services as match_services
from matches.models import Fixture
from matches.table_results.services import report_confirm, report_dispute, report_enter
from rules_engine import Dice
from systems.killpower import RULE_SYSTEM
from systems.killpower.models import Gladiator
from systems.killpower.services.post_match import post_match_run
from systems.killpower.services.teams import gladiator_raise, killpower_team_register
from systems.killpower.services.tournaments import tournament_create

CHAMPIONSHIP = "Ligue de Lutèce"
TOURNAMENT = "Tournoi de Lutèce"
SEED = 2024
COACH_PASSWORD = "killpower-coach{n}"
TEAMS = [
    ("Titanos", "#8c1c13", "#f2c14e"),
    ("Viking", "#1d3557", "#e5e5e5"),
    ("Nabos", "#2a9d8f", "#264653"),
    ("Massacra", "#3d0c02", "#c0c0c0"),
    ("Gorgones", "#6a4c93", "#f1faee"),
    ("Centaures", "#606c38", "#fefae0"),
]
CUP_TEAMS = [("Lions", "#e09f3e"), ("Aigles", "#335c67"), ("Loups", "#540b0e"),
             ("Ours", "#9e2a2b"), ("Taureaux", "#fff3b0")]  # fmt: skip
NAMES = ["Tom", "Max", "Bob", "Léo", "Hugo", "Jules", "Paul"]
SPECIALIZATIONS = ["shooter", "warrior", "defender", "archer", "mentor", "warrior", "defender"]
EQUIPMENT = ["magic_armour", "combat_gloves", "magic_armour", "power_cards", "power_cards",
             "combat_gloves", "magic_armour"]  # fmt: skip
PLAYED_ROUNDS = 2


def gladiator_choices(names: Sequence[str]) -> list[dict[str, str]]:
    """The coach's choices for a team of seven called ``names``: the demo's specializations
    and equipment (``load.load_teams`` chooses the same, the team form offers them)."""
    return [
        {"name": name, "specialization": spec, "equipment": kit}
        for name, spec, kit in zip(names, SPECIALIZATIONS, EQUIPMENT, strict=True)
    ]


def _side(team: Team, dice: Dice, *, hurt: bool) -> dict[str, Any]:
    """A side of a report: five or more gladiators played, sometimes one badly wounded and
    one in a coma."""
    names = list(team.gladiators.exclude(status=Gladiator.Status.DEAD).order_by("number")
                 .values_list("name", flat=True))  # fmt: skip
    played = names[: 4 + dice.roll(3, f"demo {team.name} gladiators played")]
    side: dict[str, Any] = {"played": played}
    if hurt and dice.roll(3, f"demo {team.name} hurt") == 1:
        side["comas"] = [
            {"gladiator": played[1], "state": -10 - dice.d6(f"demo {team.name} coma state")}
        ]
        side["badly_wounded"] = [played[2]]
    return side


def _report(fixture: Fixture, dice: Dice) -> dict[str, Any]:
    return {
        "score": {
            "home": dice.d6(f"demo {fixture} home score") - 1,
            "away": dice.d6(f"demo {fixture} away score") - 1,
        },
        "home": _side(fixture.home, dice, hurt=True),
        "away": _side(fixture.away, dice, hurt=True),
    }


def _take_raises(team: Team) -> None:
    """The coach spends every raise available, on BAL for shooters and PHY for the others."""
    for gladiator in team.gladiators.exclude(status=Gladiator.Status.DEAD):
        while gladiator.xp // 10 > sum(gladiator.raises.values()):
            choice = "BAL" if gladiator.specialization == "shooter" else "PHY"
            gladiator = gladiator_raise(gladiator=gladiator, characteristic=choice)


def _league(
    commissioner: User, teams: Sequence[tuple[str, ...]], *, seed: int, **create: Any
) -> Season:
    """A league made by ``league_create(**create)`` and its ``teams`` (name, colours), each
    registered by its demo coach with the demo's choices, drawn on ``seed`` + its number."""
    league = league_create(commissioner=commissioner, rule_system=RULE_SYSTEM, **create)
    for n, (name, *colours) in enumerate(teams, start=1):
        killpower_team_register(
            league=league,
            name=name,
            coach=demo_user(f"gladiator{n}", COACH_PASSWORD.format(n=n)),
            gladiators=gladiator_choices([f"{first} {name[:3]}" for first in NAMES]),
            primary_colour=colours[0],
            secondary_colour=colours[1] if len(colours) > 1 else None,
            seed=seed + n,
        )
    return league.seasons.get()


def build_championship(commissioner: User) -> None:
    dice = Dice(SEED)
    season = _league(
        commissioner,
        TEAMS,
        seed=SEED,
        name=CHAMPIONSHIP,
        season_name="An I",
        description="Le championnat de Killpower Ball des arènes de Lutèce.",
    )
    first_kickoff = evening(weeks_ago=PLAYED_ROUNDS)
    match_services.fixtures_generate(season=season, double=False, first_kickoff=first_kickoff)
    fixtures = season.fixtures.select_related("home__coach", "away__coach").order_by("round", "pk")
    for number, fixture in enumerate(fixtures.filter(round__lte=PLAYED_ROUNDS), start=1):
        entered = report_enter(
            fixture=fixture, user=fixture.home.coach, result=_report(fixture, dice)
        )
        report_confirm(report=entered, user=fixture.away.coach, seed=SEED + 100 + number)
        post_match_run(fixture_id=fixture.pk, seed=SEED + 200 + number)
        _take_raises(fixture.home)
        _take_raises(fixture.away)
    waiting, disputed, *_rest = fixtures.filter(round=PLAYED_ROUNDS + 1)
    report_enter(fixture=waiting, user=waiting.home.coach, result=_report(waiting, dice))
    entered = report_enter(
        fixture=disputed, user=disputed.away.coach, result=_report(disputed, dice)
    )
    report_dispute(
        report=entered, user=disputed.home.coach, reason="Le score était de 2 à 1, pas autre chose."
    )


def build_tournament(commissioner: User) -> None:
    season = _league(
        commissioner,
        CUP_TEAMS,
        seed=SEED + 10,
        name=TOURNAMENT,
        competition_format=League.CompetitionFormat.TOURNAMENT,
        season_name="Coupe d'hiver",
        description="Un tournoi à élimination directe ; les égalités se jouent aux lancers francs.",
    )
    tournament_create(season=season, first_kickoff=evening(weeks_ago=1))
    for number, fixture in enumerate(season.fixtures.filter(round=1).order_by("pk"), start=1):
        entered = report_enter(
            fixture=fixture, user=commissioner, result={"score": {"home": 0, "away": 0}}
        )
        report_confirm(report=entered, user=commissioner, seed=SEED + 300 + number)
        post_match_run(fixture_id=fixture.pk, seed=SEED + 400 + number)  # and the next round


def build(commissioner: User) -> list[str]:
    """Build the Killpower leagues missing; what ``demo_data`` prints about them."""
    build_missing(commissioner)
    lines = [
        f"Killpower Ball: {CHAMPIONSHIP} (6 teams, {PLAYED_ROUNDS} rounds played, results "
        f"waiting and disputed) and {TOURNAMENT} (5 teams, first round played); "
        f"commissioner {commissioner.username}"
    ]
    cup = [name for name, _colour in CUP_TEAMS]
    for n, (team, *_colours) in enumerate(TEAMS, start=1):  # each coach's team and cup team
        coached = " and ".join([team, *cup[n - 1 : n]])
        lines.append(demo_login(f"gladiator{n}", COACH_PASSWORD.format(n=n), coached))
    return lines


@transaction.atomic
def build_missing(commissioner: User) -> list[str]:
    """Build the Killpower leagues missing; the names of those built."""
    built = []
    for name, build_league in ((CHAMPIONSHIP, build_championship), (TOURNAMENT, build_tournament)):
        if not League.objects.filter(name=name).exists():
            build_league(commissioner)
            built.append(name)
    return built
