"""The Tutatis part of ``manage.py demo_data``: *Coupe de Triskearth*, four teams built from
the sample lists within 600 Irr, a round robin whose first round is played (match-day rolls
stored, results entered by the home coach and confirmed by the away coach, one player badly
hurt carried to the next match), and in the second round one result waiting for confirmation.

Everything goes through the product's services, with fixed seeds."""

from django.contrib.auth.models import User
from django.db import transaction

from core.demo import demo_login, demo_user, evening
from league.models import League
from league.services import league_create, team_register
from matches import services as match_services
from matches.table_results.services import report_confirm, report_enter
from systems.tutatis import RULE_SYSTEM
from systems.tutatis.models import TeamList
from systems.tutatis.services import lists, matchday, rosters
from systems.tutatis.services.post_match import post_match_run

LEAGUE = "Coupe de Triskearth"
SEED = 1717
COACH_PASSWORD = "tutatis-coach{n}"
TEAMS = [
    ("Bonecrushers", "Orc Bonecrushers (sample)", "#3a5a40", "#dad7cd"),
    ("Anvils", "Dwarf Anvils (sample)", "#6c584c", "#f0ead2"),
    ("Highlanders", "Human Highlanders (sample)", "#1d3557", "#a8dadc"),
    ("Tuskers", "Orc Bonecrushers (sample)", "#9d0208", "#ffba08"),
]
# (entry position in the list, on the pitch, on the bench): 7 on the pitch, 1 goalkeeper.
ROSTER = [(0, 3, 1), (1, 2, 1), (2, 1, 0), (3, 1, 0)]


def roster_counts(team_list: TeamList) -> dict[int, tuple[int, int]]:
    """The demo's roster counts on ``team_list``: entry id -> (on the pitch, on the bench)."""
    entries = list(team_list.entries.order_by("pk"))
    return {entries[index].pk: (pitch, bench) for index, pitch, bench in ROSTER}


def build_league(commissioner: User) -> None:
    lists.samples_install()  # after a flush, the shipped lists the migration wrote are gone
    league = league_create(
        commissioner=commissioner,
        name=LEAGUE,
        rule_system=RULE_SYSTEM,
        season_name="Saison 1",
        description="Tutatis on the sample team lists: 600 Irr, three Time Warp tokens.",
        tutatis_budget=600,
        time_warp_tokens=3,
    )
    season = league.seasons.get()
    for n, (name, list_name, primary, secondary) in enumerate(TEAMS, start=1):
        coach = demo_user(f"tutatis{n}", COACH_PASSWORD.format(n=n))
        team = team_register(
            league=league,
            name=name,
            coach=coach,
            primary_colour=primary,
            secondary_colour=secondary,
        )
        team_list = TeamList.objects.get(league=None, name=list_name)
        rosters.team_list_choose(user=coach, team=team, team_list=team_list)
        rosters.roster_set(user=coach, team=team, counts=roster_counts(team_list))
    match_services.fixtures_generate(
        season=season, double=False, first_kickoff=evening(weeks_ago=1)
    )
    fixtures = season.fixtures.select_related("home__coach", "away__coach").order_by("round", "pk")
    for number, fixture in enumerate(fixtures.filter(round=1), start=1):
        home, away = fixture.home, fixture.away
        seed = SEED + 10 * number
        matchday.match_roll(
            user=home.coach, fixture=fixture, action="weather", inputs={"side": "home"}, seed=seed
        )
        fixture.refresh_from_db()
        home_player = fixture.home_sheet["players"][0]["id"]
        away_player = fixture.away_sheet["players"][0]["id"]
        matchday.match_roll(
            user=home.coach,
            fixture=fixture,
            action="tackle",
            seed=seed + 1,
            inputs={
                "attacker": f"home:{home_player}",
                "attacker_helpers": 1,
                "defender": f"away:{away_player}",
                "defender_helpers": 0,
            },
        )
        hurt = [fixture.away_sheet["players"][1]["name"]] if number == 1 else []
        entered = report_enter(
            fixture=fixture,
            user=home.coach,
            result={
                "home": {"goals": 2, "over_bar": number, "badly_hurt": []},
                "away": {"goals": 1, "over_bar": 2, "badly_hurt": hurt},
            },
        )
        report_confirm(report=entered, user=away.coach)
        post_match_run(fixture_id=fixture.pk)  # the worker's job, done here at once
    waiting = fixtures.filter(round=2).first()
    report_enter(
        fixture=waiting,
        user=waiting.home.coach,
        result={
            "home": {"goals": 1, "over_bar": 1},
            "away": {"goals": 1, "over_bar": 0},
        },
    )


@transaction.atomic
def build(commissioner: User) -> list[str]:
    """Build the Tutatis league if missing; what ``demo_data`` prints about it."""
    if not League.objects.filter(name=LEAGUE).exists():
        build_league(commissioner)
    lines = [
        f"Tutatis: {LEAGUE} (4 teams, round 1 played, a result waiting); "
        f"commissioner {commissioner.username}"
    ]
    for n, (name, *_rest) in enumerate(TEAMS, start=1):
        lines.append(demo_login(f"tutatis{n}", COACH_PASSWORD.format(n=n), name))
    return lines
