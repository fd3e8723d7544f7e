"""Signing in for API clients (knox tokens, stored hashed with an expiry) and the user's own page.

Browsers use the session cookie instead; DRF's session authentication enforces CSRF.
"""

from allauth.account.utils import has_verified_email
from django.conf import settings
from django.contrib.auth import authenticate
from django.db import transaction
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from knox import views as knox_views
from rest_framework import exceptions, serializers
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.throttling import ScopedRateThrottle
from rest_framework.views import APIView

from core import services
from core.api.authentication import LanguageAwareTokenAuthentication
from core.refusals import Refused
from league import selectors
from league.api import serializers as s


class TokenLoginView(knox_views.LoginView):
    """Exchange a username and password for a token; ``throttle_scope`` limits guessing."""

    authentication_classes: list = []
    permission_classes = [AllowAny]
    throttle_classes = [ScopedRateThrottle]
    throttle_scope = "login"
    serializer_class = s.LoginSerializer

    def get_user_serializer_class(self):
        return None

    @extend_schema(
        summary="Sign in: get an API token", request=s.LoginSerializer, responses=s.TokenSerializer
    )
    def post(self, request: Request, format=None) -> Response:
        serializer = s.LoginSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        user = authenticate(request._request, **serializer.validated_data)
        if user is None or not user.is_active:
            raise serializers.ValidationError(
                {"non_field_errors": [_("Unable to sign in with these credentials.")]},
                code="authorization",
            )
        if settings.ACCOUNT_EMAIL_VERIFICATION == "mandatory" and not has_verified_email(user):
            raise Refused(
                "email_unverified",
                _("Confirm your email address first: follow the link the site sent you."),
            )
        request.user = user
        return super().post(request, format=format)


class TokenLogoutView(knox_views.LogoutView):
    authentication_classes = (LanguageAwareTokenAuthentication,)

    @extend_schema(summary="Sign out: revoke this API token", request=None, responses={204: None})
    def post(self, request: Request, format=None) -> Response:
        if request.auth is None:  # signed in some other way: there is no token to revoke
            raise exceptions.ValidationError(
                {
                    "non_field_errors": [
                        _("Sign out with the API token itself (Authorization: Token ...).")
                    ]
                }
            )
        return super().post(request, format=format)


class MeView(APIView):
    """The signed-in user: name, language and time zone, teams coached, leagues commissioned."""

    permission_classes = [IsAuthenticated]
    serializer_class = s.MeUpdateSerializer

    def _data(self, user) -> dict:
        return s.MeSerializer(selectors.account_summary(user=user)).data

    @extend_schema(summary="Show who you are signed in as", responses=s.MeSerializer)
    def get(self, request: Request) -> Response:
        return Response(self._data(request.user))

    @extend_schema(
        summary="Set your language and time zone",
        request=s.MeUpdateSerializer,
        responses=s.MeSerializer,
    )
    def patch(self, request: Request) -> Response:
        serializer = s.MeUpdateSerializer(data=request.data, partial=True)
        serializer.is_valid(raise_exception=True)
        chosen = serializer.validated_data
        with transaction.atomic():
            if "language" in chosen:
                services.user_set_language(user=request.user, language=chosen["language"])
            if "time_zone" in chosen:
                services.user_set_time_zone(user=request.user, time_zone=chosen["time_zone"])
        return Response(self._data(request.user))
