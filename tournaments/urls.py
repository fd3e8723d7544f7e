"""The tournament pages, under /leagues/ in the ``league`` namespace (``config.urls``): the
public pages, then the commissioner's."""

from django.urls import path

from tournaments.views import commissioner, public

league_patterns = [
    path("<int:pk>/tournaments/", public.tournament_list, name="tournaments"),
    path(
        "<int:pk>/tournaments/<int:tournament_id>/",
        public.tournament_detail,
        name="tournament",
    ),
    path("<int:pk>/tournaments/new/", commissioner.tournament_create, name="tournament-create"),
    path(
        "<int:pk>/tournaments/<int:tournament_id>/pairing/",
        commissioner.pairing_screen,
        name="tournament-pairing",
    ),
    path(
        "<int:pk>/tournaments/<int:tournament_id>/pair/",
        commissioner.round_pair,
        name="tournament-pair",
    ),
    path(
        "<int:pk>/tournaments/<int:tournament_id>/swap/",
        commissioner.pairing_swap,
        name="tournament-swap",
    ),
    path(
        "<int:pk>/tournaments/<int:tournament_id>/publish/",
        commissioner.round_publish,
        name="tournament-publish",
    ),
    path(
        "<int:pk>/tournaments/<int:tournament_id>/enter/",
        commissioner.entry_add,
        name="tournament-enter",
    ),
    path(
        "<int:pk>/tournaments/<int:tournament_id>/withdraw/",
        commissioner.entry_withdraw,
        name="tournament-withdraw",
    ),
]
