"""The awards pages, namespace ``awards`` (``config.urls``): a season's awards, and the
commissioner's commands on them."""

from django.urls import path

from awards.views import commissioner, public

app_name = "awards"

urlpatterns = [
    path("awards/seasons/<int:pk>/", public.season_awards, name="season"),
    path("awards/seasons/<int:pk>/give/", commissioner.custom_award_give, name="give"),
    path(
        "awards/seasons/<int:pk>/revoke/<int:award_id>/",
        commissioner.custom_award_revoke,
        name="revoke",
    ),
]
