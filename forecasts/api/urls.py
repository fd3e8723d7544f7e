from django.urls import path

from forecasts.api import views

urlpatterns = [
    path("seasons/<int:pk>/forecast/", views.SeasonForecastView.as_view(), name="season-forecast"),
]
