"""Killpower Ball between two seasons (13.1: "les matchs s'enchaînent à l'infini").

A team goes on as it is: every gladiator keeps his experience, raises and equipment (XP is
never spent and counts toward power), and the team keeps its ranking points, so the
championship table goes on from where it stood. Injuries do not outlast a match in the text
(a badly wounded gladiator is back after the next basket, one in a coma at the end of the
match): the living all start the new season fit. The dead stay dead.

A season's champion is the top of the championship table (ranking points, then power) once
its fixtures are played; in tournament mode, the winner of the final.
"""

from django.utils.translation import gettext as _

from league.models import League, Season, Team
from matches.seasons import SeasonConflict
from systems.killpower.models import Gladiator, Tournament
from systems.killpower.selectors.standings import ranking_table_get
from systems.killpower.selectors.tournaments import bracket_winners, tournament_bracket


def season_rollover(*, team: Team, old_season: Season, new_season: Season) -> dict[str, int]:
    healed = Gladiator.objects.filter(
        team=team, status__in=[Gladiator.Status.BADLY_WOUNDED, Gladiator.Status.COMA]
    ).update(status=Gladiator.Status.FIT)
    return {"healed": healed}


def season_archive(*, season: Season) -> dict:
    """Each team's ranking points, power and division as the season ends: its table keeps
    reading so once the next season changes them."""
    return {
        "ranking": {
            str(row.team.pk): [row.ranking_points, row.power, row.division]
            for row in ranking_table_get(season=season)
        }
    }


def season_champion(*, season: Season) -> Team | None:
    if season.league.competition_format == League.CompetitionFormat.TOURNAMENT:
        tournament = Tournament.objects.filter(season=season).first()
        if tournament is None:
            return None
        final = tournament_bracket(tournament).rounds[-1][0]
        winner = bracket_winners(tournament).get(final.id)
        if winner is None:
            raise SeasonConflict(
                "tournament_unfinished",
                _("The tournament's final has no winner yet: play it before finishing the season."),
                field="fixtures",
            )
        return Team.objects.filter(pk=winner).first()
    table = ranking_table_get(season=season)
    return table[0].team if table and any(row.played for row in table) else None
