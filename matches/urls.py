"""Match pages (mounted at /matches/), and the season pages that join the ``league`` namespace
(``league_patterns``, mounted at /leagues/ by ``config.urls``)."""

from django.urls import path

from matches.views import (
    book,
    charts,
    commissioner,
    corrections,
    deadlines,
    exports,
    head_to_head,
    league_page,
    league_year,
    public,
    season,
)

urlpatterns = [
    path("<int:pk>/", public.fixture_detail, name="fixture"),
    path("<int:pk>/reschedule/", commissioner.fixture_reschedule, name="reschedule"),
    path("<int:pk>/cancel/", commissioner.fixture_cancel, name="cancel"),
    path("<int:pk>/correct/", corrections.result_correct, name="result_correct"),
    path("<int:pk>/void/", corrections.result_void, name="result_void"),
    path("<int:pk>/award/", corrections.fixture_award, name="fixture_award"),
    path("<int:pk>/head-to-head/", head_to_head.fixture_panel, name="head_to_head_panel"),
    path("<int:pk>/kickoff-times/", deadlines.kickoff_panel, name="kickoff_panel"),
    path("<int:pk>/kickoff-times/propose/", deadlines.kickoff_propose, name="kickoff_propose"),
    path("kickoff-times/<int:pk>/accept/", deadlines.kickoff_accept, name="kickoff_accept"),
    path("<int:pk>/late/award/", deadlines.late_forfeit, name="late_forfeit"),
    path("<int:pk>/late/extend/", deadlines.late_extend, name="late_extend"),
    path("head-to-head/teams/<int:pk>/<int:other>/", head_to_head.teams, name="head_to_head_teams"),
    path(
        "head-to-head/coaches/<int:pk>/<int:other>/",
        head_to_head.coaches,
        name="head_to_head_coaches",
    ),
]

league_patterns = [
    path("<int:pk>/", league_page.league_detail, name="detail"),
    path("<int:pk>/fixtures/generate/", season.fixtures_generate, name="fixtures_generate"),
    path("<int:pk>/fixtures/new/", season.fixture_schedule, name="fixture_schedule"),
    path("<int:pk>/simulate/", season.simulate, name="simulate"),
    path("<int:pk>/simulations/<int:batch_id>/", season.batch, name="batch"),
    path(
        "<int:pk>/seasons/<int:season_id>/finish/", league_year.season_finish, name="season_finish"
    ),
    path("<int:pk>/seasons/next/", league_year.season_start_next, name="season_start_next"),
    path("<int:pk>/all-time/", league_year.all_time, name="all_time"),
    path(
        "<int:pk>/seasons/<int:season_id>/deadlines/",
        deadlines.season_deadlines,
        name="deadlines",
    ),
    path("<int:pk>/late/", deadlines.late_fixtures, name="late_fixtures"),
    path("teams/<int:pk>/retire/", league_year.team_retire, name="team_retire"),
    path("teams/<int:pk>/reinstate/", league_year.team_reinstate, name="team_reinstate"),
    path("<int:pk>/charts/", charts.season_charts, name="season_charts"),
    path("teams/<int:pk>/charts/", charts.team_charts, name="team_charts"),
    path(
        "<int:pk>/standings.<str:fmt>",
        exports.season_table_download,
        {"kind": "standings"},
        name="standings_export",
    ),
    path(
        "<int:pk>/fixtures.<str:fmt>",
        exports.season_table_download,
        {"kind": "fixtures"},
        name="fixtures_export",
    ),
    path("<int:pk>/calendar.ics", exports.league_calendar, name="calendar"),
    path("teams/<int:pk>/calendar.ics", exports.team_calendar, name="team_calendar"),
    path("teams/<int:pk>/roster.<str:fmt>", exports.roster_download, name="roster_export"),
    path("<int:pk>/seasons/<int:season_id>/book/", book.result_book, name="result_book"),
]
