"""Reads of tournament mode (13.2): the bracket as played so far, and whether a team is still
in a tournament (its gladiators frozen until it is knocked out or the final has a winner)."""

from django.db.models import Q

from league.models import Team
from matches.models import Fixture, Result
from rules_engine.killpower import Bracket, advance, single_elimination
from systems.killpower.models import Tournament


def bracket_winners(tournament: Tournament) -> dict[str, int]:
    """Bracket match id -> the id of the team that won it, from the results."""
    played = Result.objects.filter(
        fixture__season_id=tournament.season_id, fixture__bracket_position__gt=""
    ).values_list("fixture__bracket_position", "fixture__home", "fixture__away", "winner")
    return {
        position: home if winner == Result.Winner.HOME else away
        for position, home, away, winner in played
        if winner != Result.Winner.DRAW
    }


def tournament_bracket(tournament: Tournament) -> Bracket:
    """The engine's bracket of the entries in seed order, with every winner known so far
    written into the next rounds."""
    seeds = list(tournament.entries.order_by("seed").values_list("team_id", flat=True))
    return advance(single_elimination(seeds), bracket_winners(tournament))


def team_tournament_in_play(*, team: Team) -> Tournament | None:
    """The tournament ``team`` is still playing, if any: it was drawn into its bracket, is not
    knocked out, and the final has no winner yet."""
    entries = team.tournament_entries.select_related("tournament__season").order_by("pk")
    for entry in entries:
        tournament = entry.tournament
        winners = bracket_winners(tournament)
        final = tournament_bracket(tournament).rounds[-1][0]
        if final.id in winners:
            continue
        played = Fixture.objects.filter(
            Q(home=team) | Q(away=team),
            season_id=tournament.season_id,
            bracket_position__gt="",
        ).values_list("bracket_position", flat=True)
        if any(winners.get(position, team.pk) != team.pk for position in played):
            continue  # knocked out
        return tournament
    return None
