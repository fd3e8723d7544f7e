"""Account pages (mounted at /accounts/, before django-allauth's own pages).

``login`` and ``logout`` keep the names the rest of the project links to; they are allauth's
views at allauth's addresses.
"""

from allauth.account import views as allauth_views
from django.urls import path

from core.views import accounts

urlpatterns = [
    path("login/", allauth_views.login, name="login"),
    path("logout/", allauth_views.logout, name="logout"),
    path("", accounts.overview, name="account_overview"),
    path("welcome/", accounts.welcome, name="welcome"),
    path("close/", accounts.close, name="account_close"),
    path("tokens/new/", accounts.token_create, name="account_token_create"),
    path("tokens/<str:token_key>/revoke/", accounts.token_revoke, name="account_token_revoke"),
    path("preferences/", accounts.preferences, name="preferences"),
    path("language/", accounts.language, name="set_user_language"),
]
