"""The history of changes in the API: a league's (``/leagues/{id}/history/``, filtered by
object), a team's and a fixture's (the object and the rows its page shows).

Anyone reads a league's public entries; the commissioner reads every entry, a bettor the
entries about their own bets (``core.history_selectors``).
"""

from django.db.models import Model
from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.generics import ListAPIView
from rest_framework.request import Request
from rest_framework.response import Response

from core import history_registry, history_selectors
from core.api.pagination import CappedPageNumberPagination
from core.api.permissions import ReadOnly
from league import selectors
from league.models import League, Team
from league.roles import is_commissioner

MAX_ID = 2**63 - 1


class FieldChangeSerializer(serializers.Serializer):
    field = serializers.CharField(help_text="The field's name in the API and the models.")
    label = serializers.CharField(help_text="The field's label, in the request's language.")
    old = serializers.CharField(help_text="The value before, as shown to people (— for none).")
    new = serializers.CharField(help_text="The value after, as shown to people (— for none).")


class HistoryEntrySerializer(serializers.Serializer):
    id = serializers.IntegerField()
    timestamp = serializers.DateTimeField()
    actor = serializers.CharField(help_text='The username of who made it, or "system".')
    action = serializers.ChoiceField(choices=["create", "update", "delete", "access"])
    action_label = serializers.CharField()
    object_type = serializers.CharField(help_text='The kind of object, such as "league.team".')
    object_type_label = serializers.CharField()
    object_id = serializers.IntegerField(allow_null=True)
    object_repr = serializers.CharField(help_text="The object as it was named then.")
    object_url = serializers.CharField(help_text="The page showing the object.")
    changes = FieldChangeSerializer(many=True)


class HistoryQuerySerializer(serializers.Serializer):
    object_type = serializers.ChoiceField(
        choices=[],
        required=False,
        help_text="Only this kind of object (with object_id, also the rows its page shows).",
    )
    object_id = serializers.IntegerField(
        min_value=1,
        max_value=MAX_ID,
        required=False,
        help_text="Only this object (with object_type).",
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["object_type"].choices = sorted(history_selectors.object_types())

    def validate(self, attrs: dict) -> dict:
        if "object_id" in attrs and "object_type" not in attrs:
            raise serializers.ValidationError(
                {"object_type": "Give the kind of object with its id."}
            )
        return attrs


class HistoryListView(ListAPIView):
    """A page of history entries, newest first."""

    permission_classes = [ReadOnly]
    pagination_class = CappedPageNumberPagination
    serializer_class = HistoryEntrySerializer
    filter_backends: list = []

    def league_and_filters(self) -> tuple[League, dict]:
        raise NotImplementedError

    def get_queryset(self):
        league, filters = self.league_and_filters()
        user = self.request.user
        return history_selectors.history_list(
            league_id=league.pk,
            viewer_id=user.pk if user.is_authenticated else None,
            private=is_commissioner(user, league),
            **filters,
        )

    def list(self, request: Request, *args, **kwargs) -> Response:
        page = self.paginate_queryset(self.get_queryset())
        rows = history_selectors.history_rows(list(page))
        return self.get_paginated_response(HistoryEntrySerializer(rows, many=True).data)


@extend_schema(
    summary="List a league's recent changes (who changed what, when)",
    parameters=[HistoryQuerySerializer],
)
class LeagueHistoryView(HistoryListView):
    def league_and_filters(self) -> tuple[League, dict]:
        league = get_object_or_404(selectors.league_with_commissioner(), pk=self.kwargs["pk"])
        query = HistoryQuerySerializer(data=self.request.query_params)
        query.is_valid(raise_exception=True)
        object_type = query.validated_data.get("object_type", "")
        object_id = query.validated_data.get("object_id")
        url = ""
        if object_id is not None:
            url = history_selectors.object_page_url(object_type=object_type, object_id=object_id)
        return league, {
            "object_type": object_type,
            "object_id": object_id,
            "url": url,
        }


class ObjectHistoryView(HistoryListView):
    """The changes of one object and of the rows its page shows."""

    model: type[Model]

    def league_of(self, instance: Model) -> League:
        raise NotImplementedError

    def league_and_filters(self) -> tuple[League, dict]:
        instance = get_object_or_404(self.model, pk=self.kwargs["pk"])
        return self.league_of(instance), {
            "object_type": instance._meta.label_lower,
            "object_id": instance.pk,
            "url": history_registry.page_url(instance),
        }


@extend_schema(summary="List a team's recent changes, its roster's included")
class TeamHistoryView(ObjectHistoryView):
    model = Team

    def league_of(self, instance: Team) -> League:
        return instance.league
