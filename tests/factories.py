"""Factories for the Django models, and a helper that builds a ready-to-play team."""

import factory
from django.contrib.auth.models import User

from league.models import League, Season, Team
from matches.models import Fixture, Result
from systems.killpower.models import KillpowerTeam, ranking_points_of
from systems.rotzball.models import LineupSlot, Player
from systems.rotzball.selectors.teams import coach_rule_of, tactic_of

PASSWORD = "correct-horse-battery"


class UserFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = User
        django_get_or_create = ("username",)
        skip_postgeneration_save = True

    username = factory.Sequence(lambda n: f"user{n}")

    @factory.post_generation
    def password(self, create, extracted, **kwargs):
        self.set_password(extracted or PASSWORD)
        if create:
            self.save(update_fields=["password"])


class LeagueFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = League

    name = factory.Sequence(lambda n: f"League {n}")
    commissioner = factory.SubFactory(UserFactory)


class SeasonFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Season

    league = factory.SubFactory(LeagueFactory)
    name = factory.Sequence(lambda n: f"Season {n}")


class TeamFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Team

    league = factory.SubFactory(LeagueFactory)
    name = factory.Sequence(lambda n: f"Team {n}")
    coach = factory.SubFactory(UserFactory)


class PlayerFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Player

    team = factory.SubFactory(TeamFactory)
    name = factory.Sequence(lambda n: f"Player {n}")
    endurance = 40
    agility = 40
    strength = 40
    intelligence = 40


class FixtureFactory(factory.django.DjangoModelFactory):
    class Meta:
        model = Fixture

    season = factory.SubFactory(SeasonFactory)
    round = 1
    home = factory.SubFactory(TeamFactory, league=factory.SelfAttribute("..season.league"))
    away = factory.SubFactory(TeamFactory, league=factory.SelfAttribute("..season.league"))
    kickoff = factory.Faker("future_datetime", tzinfo=__import__("datetime").UTC)


class ResultFactory(factory.django.DjangoModelFactory):
    """A result stored as a game's service stores it (``Result``'s signals sent); the winner
    is the side that scored more, a draw on level scores, unless given."""

    class Meta:
        model = Result

    fixture = factory.SubFactory(FixtureFactory)
    home_score = 1
    away_score = 0
    winner = factory.LazyAttribute(
        lambda r: (
            "home"
            if r.home_score > r.away_score
            else "away"
            if r.away_score > r.home_score
            else "draw"
        )
    )
    decided_by = "regulation"
    seed = 0
    record = factory.LazyFunction(dict)


KILLPOWER_SPECIALIZATIONS = (
    "archer",
    "defender",
    "warrior",
    "mentor",
    "shooter",
    "archer",
    "defender",
)


def killpower_recruits(prefix: str, equipment: str = "combat_gloves") -> list[dict]:
    """Seven chosen Killpower gladiators ``<prefix> 1`` .. ``<prefix> 7`` (combat gloves by
    default: nothing to draw), as ``killpower_team_register`` takes them."""
    return [
        {"name": f"{prefix} {i}", "specialization": spec, "equipment": equipment}
        for i, spec in enumerate(KILLPOWER_SPECIALIZATIONS, start=1)
    ]


def full_lineup(team: Team, *, skill: int = 40, reserves: int = 0) -> dict[str, Player]:
    """Give ``team`` seven players in the seven Rotzball positions (plus reserves)."""
    lineup = {}
    for position in LineupSlot.Position.values:
        player = PlayerFactory(
            team=team,
            name=f"{team.name} {position}",
            endurance=skill,
            agility=skill,
            strength=skill,
            intelligence=skill,
        )
        LineupSlot.objects.create(team=team, position=position, player=player)
        lineup[position] = player
    for index in range(reserves):
        PlayerFactory(team=team, name=f"{team.name} reserve {index + 1}")
    return lineup


# --- what the games keep in their own tables, read fresh from the database -------------------


def set_ranking_points(team, points: int) -> None:
    """A Killpower team's ranking points (kept by the game: ``KillpowerTeam``)."""
    KillpowerTeam.objects.update_or_create(team=team, defaults={"ranking_points": points})


def ranking_points(team) -> int:
    return ranking_points_of(Team.objects.get(pk=team.pk))


def tactic(team) -> str:
    """A Rotzball team's match plan, read fresh."""
    return tactic_of(Team.objects.get(pk=team.pk))


def coach_rule(league) -> str:
    """A Rotzball league's coach rule, read fresh."""
    return coach_rule_of(League.objects.get(pk=league.pk))
