"""Sign in, sign out and preferences (mounted at /accounts/)."""

from django.contrib.auth import views as auth_views
from django.urls import path

from core.views import accounts

urlpatterns = [
    path("login/", auth_views.LoginView.as_view(), name="login"),
    path("logout/", auth_views.LogoutView.as_view(), name="logout"),
    path("preferences/", accounts.preferences, name="preferences"),
    path("language/", accounts.language, name="set_user_language"),
]
