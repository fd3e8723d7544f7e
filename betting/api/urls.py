from django.urls import path

from betting.api import forecasts, views

urlpatterns = [
    path("leagues/<int:pk>/betting/", views.BettingSettingsView.as_view(), name="league-betting"),
    path("leagues/<int:pk>/wallet/", views.WalletView.as_view(), name="league-wallet"),
    path(
        "leagues/<int:pk>/wallet/entries/",
        views.WalletEntriesView.as_view(),
        name="league-wallet-entries",
    ),
    path("leagues/<int:pk>/bettors/", views.BettorsView.as_view(), name="league-bettors"),
    path("leagues/<int:pk>/book/", views.BookView.as_view(), name="league-book"),
    path("fixtures/<int:pk>/odds/", views.FixtureOddsView.as_view(), name="fixture-odds"),
    path("seasons/<int:pk>/odds/", views.SeasonOddsView.as_view(), name="season-odds"),
    path(
        "leagues/<int:pk>/forecasts/",
        forecasts.LeagueForecastsView.as_view(),
        name="league-forecasts",
    ),
]

routes = [("bets", views.BetViewSet, "bet")]
