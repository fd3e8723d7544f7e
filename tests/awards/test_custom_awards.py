"""The commissioner's custom awards: given to a team or one of its players, refused with the
field and the rule for bad input (nothing written), only by the commissioner, revoked; the
game's awards are not revoked by hand."""

import pytest
from django.core.exceptions import PermissionDenied

from awards.models import Award
from awards.services import custom_award_give, custom_award_revoke
from core.refusals import Refused
from tests.factories import LeagueFactory, TeamFactory

pytestmark = pytest.mark.django_db


def _player(team):
    player = team.players.order_by("pk").first()
    return str(player.pk), player.name


def test_the_commissioner_gives_a_team_and_a_player_an_award(season, team, commissioner):
    ref, name = _player(team)
    for_team = custom_award_give(
        season=season, by=commissioner, name=" Fair play ", description="Never a foul.", team=team
    )
    for_player = custom_award_give(
        season=season, by=commissioner, name="Fair play", team=team, player_ref=ref
    )

    assert (for_team.name, for_team.description, for_team.player_ref) == (
        "Fair play",
        "Never a foul.",
        "",
    )
    assert (for_player.player_ref, for_player.player_name, for_player.kind) == (ref, name, "custom")
    assert for_player.given_by == commissioner


@pytest.mark.parametrize(
    ("changes", "code", "field"),
    [
        ({"name": "  "}, "name_required", "name"),
        ({"name": "x" * 81}, "name_too_long", "name"),
        ({"description": "x" * 301}, "description_too_long", "description"),
        ({"player_ref": "999999"}, "unknown_player", "player"),
    ],
)
def test_bad_input_is_refused_on_its_field(season, team, commissioner, changes, code, field):
    arguments = {"season": season, "by": commissioner, "name": "Fair play", "team": team}
    with pytest.raises(Refused) as refused:
        custom_award_give(**{**arguments, **changes})
    assert (refused.value.code, refused.value.field) == (code, field)
    assert not Award.objects.exists()


def test_a_team_of_another_league_and_a_player_of_another_team_are_refused(
    season, team, other_team, commissioner
):
    stranger_team = TeamFactory(league=LeagueFactory(), name="Elsewhere")
    with pytest.raises(Refused) as refused:
        custom_award_give(season=season, by=commissioner, name="Best kit", team=stranger_team)
    assert (refused.value.code, refused.value.field) == ("team_not_in_league", "team")
    ref, _name = _player(other_team)
    with pytest.raises(Refused) as refused:
        custom_award_give(
            season=season, by=commissioner, name="Best kit", team=team, player_ref=ref
        )
    assert refused.value.field == "player"
    assert not Award.objects.exists()


def test_the_same_award_twice_is_refused(season, team, commissioner):
    custom_award_give(season=season, by=commissioner, name="Fair play", team=team)
    with pytest.raises(Refused) as refused:
        custom_award_give(season=season, by=commissioner, name="FAIR PLAY", team=team)
    assert (refused.value.code, refused.value.field) == ("award_given", "name")
    assert Award.objects.count() == 1


def test_only_the_commissioner_gives_or_revokes(season, team, commissioner, coach, stranger):
    for user in (coach, stranger):
        with pytest.raises(PermissionDenied):
            custom_award_give(season=season, by=user, name="Fair play", team=team)
    award = custom_award_give(season=season, by=commissioner, name="Fair play", team=team)
    with pytest.raises(PermissionDenied):
        custom_award_revoke(award=award, by=coach)
    custom_award_revoke(award=award, by=commissioner)
    assert not Award.objects.exists()


def test_a_game_award_is_not_revoked_by_hand(season, team, commissioner):
    award = Award.objects.create(season=season, kind="game", code="best_attack", team=team, value=3)
    with pytest.raises(Refused) as refused:
        custom_award_revoke(award=award, by=commissioner)
    assert (refused.value.code, refused.value.field) == ("game_award", "award")
    assert Award.objects.filter(pk=award.pk).exists()
