"""Mythril's statistics (``stats.statistics``) read from a report entered and confirmed, and
the star player points from the post-match sequence's log once it has run."""

import pytest

from stats import plugins
from tests.stats.test_games import totals
from tests.systems.mythril.helpers import enter_and_confirm, ids, kick_off, side

pytestmark = pytest.mark.django_db


def test_mythril_player_lines_and_star_player_points(fixture, coach, other_coach):
    kick_off(fixture)
    home, away = ids(fixture, "home"), ids(fixture, "away")
    enter_and_confirm(
        fixture,
        {
            "score": {"home": 2, "away": 1},
            "home": side(
                home,
                p0={"touchdowns": 2, "completions": 1},
                p1={"casualties": 2},
            ),
            "away": side(away, p3={"touchdowns": 1, "interceptions": 1}),
        },
        by=coach,
        confirm_by=other_coach,
        run=True,  # the post-match sequence runs and awards the star player points
    )
    values, result = totals(fixture)

    assert values[("touchdowns", "home", home[0])] == 2
    assert values[("completions", "home", home[0])] == 1
    assert values[("casualties", "home", home[1])] == 2
    assert values[("touchdowns", "away", away[3])] == 1
    assert values[("interceptions", "away", away[3])] == 1
    # touchdown 3, completion 1 (plus the MVP's 5 if the draw fell on him)
    assert values[("spp", "home", home[0])] in (7, 12)
    run = fixture.post_match
    run.refresh_from_db()
    gained = run.log["home"]["spp"]
    assert values[("spp", "home", home[0])] == gained[home[0]]
    names = {
        line.player: line.player_name
        for line in plugins.statistics.of("mythril").lines([result])
        if line.player
    }
    assert names[home[0]] == fixture.home.mythril_players.get(pk=home[0]).name


def test_the_players_leaderboard_names_each_player_and_his_team(fixture, coach, other_coach):
    from stats import selectors

    kick_off(fixture)
    home, away = ids(fixture, "home"), ids(fixture, "away")
    enter_and_confirm(
        fixture,
        {
            "score": {"home": 2, "away": 1},
            "home": side(home, p0={"touchdowns": 1}, p2={"touchdowns": 1, "casualties": 3}),
            "away": side(away, p3={"touchdowns": 1}),
        },
        by=coach,
        confirm_by=other_coach,
    )
    scope = selectors.scope_read(league=fixture.season.league, season=fixture.season)
    boards = {(b.statistic.name, b.per): b for b in selectors.leaderboards(scope=scope)}

    scorers = boards[("touchdowns", "player")].rows
    assert [(row.rank, row.value) for row in scorers] == [(1, 1), (1, 1), (1, 1)]
    names = {row.player: (row.player_name, row.team) for row in scorers}
    player = fixture.home.mythril_players.get(pk=home[2])
    assert names[home[2]] == (player.name, fixture.home)
    assert [(r.team, r.value) for r in boards[("touchdowns", "team")].rows] == [
        (fixture.home, 2),
        (fixture.away, 1),
    ]
    casualties = {record.key: record for record in selectors.records(scope=scope)}["casualties"]
    assert (casualties.value, casualties.team, casualties.fixture_id) == (
        3,
        fixture.home,
        fixture.pk,
    )
