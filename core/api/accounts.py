"""Accounts for REST clients: sign up, list and revoke API tokens, close the account.

Sign-up goes through django-allauth's own sign-up form, so the API and the web page apply
the same rules (username free and valid, email unique, Django's password validators) and,
when the site requires it, send the same verification email.

An email address already in use is not revealed (allauth's ``ACCOUNT_PREVENT_ENUMERATION``):
no account is created, its owner is told by email that someone tried to sign up with it, and
the answer is the one a new account gets when its email must be verified (201, no token).
With verification required (production's default) the two cannot be told apart.
"""

from allauth.account.adapter import get_adapter
from allauth.account.forms import SignupForm
from django.conf import settings
from django.core.exceptions import ValidationError
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core import selectors, services
from core.api.throttles import RegisterRateThrottle, WriteRateThrottle

FORM_FIELDS = {
    "username": "username",
    "email": "email",
    "password1": "password",
    "password2": "password",
}


class RegisterSerializer(serializers.Serializer):
    username = serializers.CharField(max_length=150)
    email = serializers.EmailField(max_length=254)
    password = serializers.CharField(max_length=128, write_only=True, trim_whitespace=False)


class RegisteredSerializer(serializers.Serializer):
    username = serializers.CharField()
    email = serializers.EmailField()
    email_verification = serializers.ChoiceField(choices=["none", "optional", "mandatory"])
    token = serializers.CharField(
        allow_null=True, help_text="An API token, unless the email must be verified first."
    )
    expiry = serializers.DateTimeField(allow_null=True)


class RegisterView(APIView):
    """Create an account (anyone; limited per client address)."""

    authentication_classes: list = []
    permission_classes = [AllowAny]
    throttle_classes = [RegisterRateThrottle]
    serializer_class = RegisterSerializer

    @extend_schema(
        summary="Sign up: create an account",
        request=RegisterSerializer,
        responses={201: RegisteredSerializer},
    )
    def post(self, request: Request) -> Response:
        given = RegisterSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        data = given.validated_data
        form = SignupForm(
            data={
                "username": data["username"],
                "email": data["email"],
                "password1": data["password"],
                "password2": data["password"],
            }
        )
        if not form.is_valid():
            raise ValidationError(
                {
                    FORM_FIELDS.get(field, "non_field_errors"): errors
                    for field, errors in form.errors.items()
                }
            )
        email = form.cleaned_data["email"]
        token, expiry = None, None
        if form.account_already_exists:  # told to the address's owner only
            get_adapter().send_account_already_exists_mail(email)
        else:
            user = form.save(request._request)
            if settings.ACCOUNT_EMAIL_VERIFICATION != "none":
                address = selectors.primary_email(user=user)
                if address is not None:
                    address.send_confirmation(request._request, signup=True)
            if settings.ACCOUNT_EMAIL_VERIFICATION != "mandatory":
                instance, token = services.user_token_create(user=user)
                expiry = instance.expiry
        body = {
            "username": form.cleaned_data["username"],
            "email": email,
            "email_verification": settings.ACCOUNT_EMAIL_VERIFICATION,
            "token": token,
            "expiry": expiry,
        }
        return Response(RegisteredSerializer(body).data, status=status.HTTP_201_CREATED)


class ApiTokenSerializer(serializers.Serializer):
    token_key = serializers.CharField(help_text="The token's first characters, its name here.")
    created = serializers.DateTimeField()
    expiry = serializers.DateTimeField(allow_null=True)


class TokenCreateSerializer(serializers.Serializer):
    expires_in_days = serializers.IntegerField(
        required=False, allow_null=True, help_text="Days it lasts; the site's longest if left out."
    )


class NewTokenSerializer(ApiTokenSerializer):
    token = serializers.CharField(help_text="The secret, shown in this answer only.")


class TokenListView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        summary="Create an API token",
        request=TokenCreateSerializer,
        responses={201: NewTokenSerializer},
    )
    def post(self, request: Request) -> Response:
        given = TokenCreateSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        instance, secret = services.user_token_create(
            user=request.user, expires_in_days=given.validated_data.get("expires_in_days")
        )
        body = NewTokenSerializer(
            {
                "token_key": instance.token_key,
                "created": instance.created,
                "expiry": instance.expiry,
                "token": secret,
            }
        ).data
        return Response(body, status=status.HTTP_201_CREATED)

    @extend_schema(summary="My API tokens", responses=ApiTokenSerializer(many=True))
    def get(self, request: Request) -> Response:
        tokens = selectors.user_token_list(user=request.user)
        return Response(ApiTokenSerializer(tokens, many=True).data)


class TokenRevokeView(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(summary="Revoke one of my API tokens", request=None, responses={204: None})
    def delete(self, request: Request, token_key: str) -> Response:
        if not services.user_token_revoke(user=request.user, token_key=token_key):
            raise NotFound(_("You have no API token starting with these characters."))
        return Response(status=status.HTTP_204_NO_CONTENT)


class CloseSerializer(serializers.Serializer):
    password = serializers.CharField(max_length=128, write_only=True, trim_whitespace=False)


class CloseAccountView(APIView):
    permission_classes = [IsAuthenticated]
    throttle_classes = [WriteRateThrottle]
    serializer_class = CloseSerializer

    @extend_schema(
        summary="Close my account: sign-in ends, personal data erased, records kept",
        request=CloseSerializer,
        responses={204: None},
    )
    def post(self, request: Request) -> Response:
        given = CloseSerializer(data=request.data)
        given.is_valid(raise_exception=True)
        if not request.user.check_password(given.validated_data["password"]):
            raise ValidationError({"password": _("This is not your password.")})
        services.user_close(user=request.user)
        return Response(status=status.HTTP_204_NO_CONTENT)
