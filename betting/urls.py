"""The betting pages, under /betting/ (namespace ``betting``)."""

from django.urls import path

from betting.views import (
    champion,
    commissioner,
    exports,
    forecasts,
    league_page,
    my_bets,
    slip,
    wallet,
)

app_name = "betting"

urlpatterns = [
    path("my-bets/", my_bets.my_bets, name="my_bets"),
    path("my-bets.<str:fmt>", exports.my_bets_download, name="my_bets_export"),
    path("leagues/<int:pk>/bets.<str:fmt>", exports.league_bets_download, name="bets_export"),
    path("bets/<int:pk>/cancel/", my_bets.bet_cancel, name="bet_cancel"),
    path("leagues/", league_page.leagues_taking_bets, name="leagues_taking_bets"),
    path("leagues/<int:pk>/", league_page.league_betting, name="league"),
    path("leagues/<int:pk>/bettors/", league_page.bettors, name="bettors"),
    path("leagues/<int:pk>/wallet/", wallet.wallet_statement, name="wallet"),
    path("leagues/<int:pk>/wallet/open/", slip.wallet_open, name="wallet_open"),
    path("leagues/<int:pk>/book/", commissioner.book, name="book"),
    path("leagues/<int:pk>/forecasts/", forecasts.league_forecasts, name="forecasts"),
    path("leagues/<int:pk>/settings/", commissioner.betting_settings, name="settings"),
    path(
        "leagues/<int:pk>/seasons/<int:season_id>/champion/",
        champion.champion_market,
        name="champion",
    ),
    path(
        "leagues/<int:pk>/seasons/<int:season_id>/champion/slip/",
        champion.champion_slip,
        name="champion_slip",
    ),
    path("fixtures/<int:pk>/panel/", slip.fixture_panel, name="fixture_panel"),
    path("fixtures/<int:pk>/slip/", slip.slip_place, name="slip"),
    path("fixtures/<int:pk>/slip/preview/", slip.slip_preview, name="slip_preview"),
]
