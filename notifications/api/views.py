"""The notifications API: a user's notifications and email choices; a league commissioner's
webhooks and their delivery log. Thin: each view asks one service or selector."""

from django.shortcuts import get_object_or_404
from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import generics, mixins, status, viewsets
from rest_framework.decorators import action
from rest_framework.exceptions import PermissionDenied
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from league import selectors as league_selectors
from league.models import League
from league.roles import is_commissioner
from notifications import selectors, services, webhooks
from notifications.api import serializers as s
from notifications.models import Notification, WebhookDelivery, WebhookEndpoint


@extend_schema_view(list=extend_schema(summary="List my notifications, newest first"))
class NotificationViewSet(mixins.ListModelMixin, viewsets.GenericViewSet):
    permission_classes = [IsAuthenticated]
    serializer_class = s.NotificationSerializer
    filter_backends: list = []

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return Notification.objects.none()
        return selectors.notification_list(user=self.request.user)

    @extend_schema(summary="Mark one of my notifications read", request=None)
    @action(detail=True, methods=["post"])
    def read(self, request: Request, pk: str) -> Response:
        if not str(pk).isdigit() or len(str(pk)) > 18:
            return Response(
                {"error": {"code": "not_found", "message": "No such notification."}},
                status=status.HTTP_404_NOT_FOUND,
            )
        try:
            notification = services.notification_mark_read(
                user=request.user, notification_id=int(pk)
            )
        except Notification.DoesNotExist:
            return Response(
                {"error": {"code": "not_found", "message": "No such notification."}},
                status=status.HTTP_404_NOT_FOUND,
            )
        return Response(s.NotificationSerializer(notification).data)

    @extend_schema(
        summary="Mark all my notifications read", request=None, responses=s.ReadAllSerializer
    )
    @action(detail=False, methods=["post"], url_path="read-all")
    def read_all(self, request: Request) -> Response:
        marked = services.notifications_mark_all_read(user=request.user)
        return Response({"marked": marked})


class PreferencesView(APIView):
    """Which notification kinds also come by email (in-app: always)."""

    permission_classes = [IsAuthenticated]
    serializer_class = s.PreferencesSerializer

    @extend_schema(summary="Show my notification email choices", responses=s.PreferencesSerializer)
    def get(self, request: Request) -> Response:
        return Response({"email": services.email_choices(user=request.user)})

    @extend_schema(
        summary="Change my notification email choices",
        request=s.PreferencesSerializer,
        responses=s.PreferencesSerializer,
    )
    def put(self, request: Request) -> Response:
        incoming = s.PreferencesSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        saved = services.preferences_save(user=request.user, email=incoming.validated_data["email"])
        return Response({"email": saved})


def _commissioned_league(request: Request, pk: int) -> League:
    league = get_object_or_404(league_selectors.league_with_commissioner(), pk=pk)
    if not is_commissioner(request.user, league):
        raise PermissionDenied("Only the league's commissioner manages its webhooks.")
    return league


class WebhookListView(generics.GenericAPIView):
    permission_classes = [IsAuthenticated]
    serializer_class = s.WebhookSerializer
    pagination_class = None
    filter_backends: list = []

    @extend_schema(
        summary="List a league's webhooks (commissioner)",
        operation_id="leagues_webhooks_list",
        responses=s.WebhookSerializer(many=True),
    )
    def get(self, request: Request, pk: int) -> Response:
        league = _commissioned_league(request, pk)
        endpoints = selectors.endpoint_list(league_id=league.pk)
        return Response(s.WebhookSerializer(endpoints, many=True).data)

    @extend_schema(
        summary="Register a webhook for a league (commissioner); the answer holds its secret, "
        "shown this once",
        request=s.WebhookSerializer,
        responses={201: s.WebhookCreatedSerializer},
    )
    def post(self, request: Request, pk: int) -> Response:
        league = _commissioned_league(request, pk)
        incoming = s.WebhookSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        data = incoming.validated_data
        endpoint = webhooks.endpoint_create(
            league=league,
            url=data["url"],
            events=data["events"],
            user=request.user,
            active=data.get("active", True),
            kind=data.get("kind", WebhookEndpoint.Kind.JSON),
            language=data.get("language", ""),
        )
        return Response(s.WebhookCreatedSerializer(endpoint).data, status=status.HTTP_201_CREATED)


def _endpoint(request: Request, pk: int, hook: int) -> WebhookEndpoint:
    league = _commissioned_league(request, pk)
    return get_object_or_404(selectors.endpoint_list(league_id=league.pk), pk=hook)


class WebhookDetailView(generics.GenericAPIView):
    permission_classes = [IsAuthenticated]
    serializer_class = s.WebhookSerializer
    filter_backends: list = []

    @extend_schema(summary="Show a league's webhook (commissioner)")
    def get(self, request: Request, pk: int, hook: int) -> Response:
        return Response(s.WebhookSerializer(_endpoint(request, pk, hook)).data)

    @extend_schema(
        summary="Change a webhook's URL, kind, language, events or switch (commissioner)",
        request=s.WebhookUpdateSerializer,
        responses=s.WebhookSerializer,
    )
    def patch(self, request: Request, pk: int, hook: int) -> Response:
        endpoint = _endpoint(request, pk, hook)
        incoming = s.WebhookUpdateSerializer(data=request.data)
        incoming.is_valid(raise_exception=True)
        endpoint = webhooks.endpoint_update(endpoint=endpoint, **incoming.validated_data)
        return Response(s.WebhookSerializer(endpoint).data)

    @extend_schema(summary="Delete a webhook (commissioner)", responses={204: None})
    def delete(self, request: Request, pk: int, hook: int) -> Response:
        webhooks.endpoint_delete(endpoint=_endpoint(request, pk, hook))
        return Response(status=status.HTTP_204_NO_CONTENT)


class WebhookPingView(generics.GenericAPIView):
    permission_classes = [IsAuthenticated]
    serializer_class = s.DeliverySerializer
    filter_backends: list = []

    @extend_schema(
        summary="Send a test ping to a webhook (commissioner)",
        request=None,
        responses={202: s.DeliverySerializer},
    )
    def post(self, request: Request, pk: int, hook: int) -> Response:
        delivery = webhooks.endpoint_ping(endpoint=_endpoint(request, pk, hook))
        delivery.refresh_from_db()
        return Response(s.DeliverySerializer(delivery).data, status=status.HTTP_202_ACCEPTED)


class WebhookRotateSecretView(generics.GenericAPIView):
    permission_classes = [IsAuthenticated]
    serializer_class = s.WebhookSecretSerializer
    filter_backends: list = []

    @extend_schema(
        summary="Give a webhook a new secret, shown this once; the old one keeps signing "
        "deliveries for a grace period (commissioner)",
        request=None,
        responses=s.WebhookSecretSerializer,
    )
    def post(self, request: Request, pk: int, hook: int) -> Response:
        endpoint = webhooks.endpoint_secret_rotate(endpoint=_endpoint(request, pk, hook))
        return Response(s.WebhookSecretSerializer(endpoint).data)


class DeliveryListView(generics.ListAPIView):
    """A league's webhook deliveries, newest first (commissioner)."""

    permission_classes = [IsAuthenticated]
    serializer_class = s.DeliverySerializer
    filter_backends: list = []

    def get_queryset(self):
        if getattr(self, "swagger_fake_view", False):
            return WebhookDelivery.objects.none()
        league = _commissioned_league(self.request, self.kwargs["pk"])
        return selectors.delivery_list(league_id=league.pk)

    @extend_schema(summary="List a league's webhook deliveries (commissioner)")
    def get(self, request: Request, *args, **kwargs) -> Response:
        return super().get(request, *args, **kwargs)
