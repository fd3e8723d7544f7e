"""The REST API of results played at the table: one set of views for every game.

A game declares a :class:`ReportApi` (its serializers, its words, the shape its reports are
answered in) and builds its routes with :func:`matches.table_results.urls.api_patterns`;
the views here take the request, call :mod:`~.services` and answer the report. Each
operation's summary, request and response come from the game's ``ReportApi`` through
:class:`ReportSchema`, so the OpenAPI document describes every game's body.
"""

from collections.abc import Mapping, Sequence
from typing import Any

from drf_spectacular.openapi import AutoSchema
from rest_framework import generics, serializers, status, viewsets
from rest_framework.decorators import action
from rest_framework.permissions import BasePermission, IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response

from core.api.base import NoInputSerializer, ObjectCommandView
from matches.models import Fixture, ResultReport
from matches.plugins import table_results
from matches.table_results import roles, services

COMMANDS = services.COMMANDS


class _Signed(BasePermission):
    def has_permission(self, request: Request, view: Any) -> bool:
        return bool(request.user and request.user.is_authenticated)


class CanEnterResult(_Signed):
    """A fixture's result is entered by the commissioner or either coach."""

    def has_object_permission(self, request: Request, view: Any, obj: Any) -> bool:
        return roles.can_enter_result(request.user, obj)


class CanConfirmResult(_Signed):
    """A result report is confirmed by the other coach or the commissioner."""

    def has_object_permission(self, request: Request, view: Any, obj: Any) -> bool:
        return roles.can_confirm_result(request.user, obj)


class CanDisputeResult(_Signed):
    """A result report is disputed by the other coach."""

    def has_object_permission(self, request: Request, view: Any, obj: Any) -> bool:
        return roles.can_dispute_result(request.user, obj)


class CanDecideResult(_Signed):
    """A result report is decided by the commissioner."""

    def has_object_permission(self, request: Request, view: Any, obj: Any) -> bool:
        return roles.can_decide_result(request.user, obj)


ROLE_PERMISSIONS: Mapping[str, Sequence[type[BasePermission]]] = {
    "submit": (CanEnterResult,),
    "confirm": (CanConfirmResult,),
    "dispute": (CanDisputeResult,),
    "decide": (CanDecideResult,),
}
"""Roles checked before the service runs (a user lacking one answers 403); without them the
service checks the same roles (``ReportForbidden``, 403 too)."""


class ReportApi:
    """A game's part of the report API. Every attribute has the default a new game gets."""

    game = ""
    report_serializer: type[serializers.Serializer] = serializers.Serializer
    """How a report is answered (and shown in the schema)."""
    submit_serializer: type[serializers.Serializer] = NoInputSerializer
    """The body of an entry."""
    command_serializers: Mapping[str, type[serializers.Serializer]] = {}
    """The body of each command (``confirm``, ``dispute``, ``decide``); none by default."""
    result_field: str | None = "result"
    """The entry's key holding the result; ``None``: the whole body is the result."""
    options_field = "options"
    """The body's key of the report's options (Killpower: ``free_throws``)."""
    permissions: Mapping[str, Sequence[type[BasePermission]]] = {}
    """Permission classes by operation (``submit`` or a command); signed-in writes else."""
    summaries: Mapping[str, str] = {}
    """The OpenAPI summary of each operation (``submit``, the commands, ``list``, ``retrieve``,
    ``queue``)."""

    def command_serializer(self, command: str) -> type[serializers.Serializer]:
        """The body of ``command`` (one serializer under ``"command"`` serves them all)."""
        return self.command_serializers.get(command) or self.command_serializers.get(
            "command", NoInputSerializer
        )

    def reports(self) -> Any:
        """The game's reports as the API reads them."""
        return (
            table_results.of(self.game)
            .report_model()
            .objects.select_related("fixture__season__league", "fixture__home", "fixture__away")
        )

    def answer(self, report: ResultReport) -> Any:
        """The report as the API answers it, read again after the command."""
        return self.report_serializer(self.reports().get(pk=report.pk)).data

    def entry(self, data: Mapping[str, Any]) -> dict[str, Any]:
        """The keyword arguments of :func:`~.services.report_enter` from a valid body."""
        result = dict(data) if self.result_field is None else data[self.result_field]
        return {
            "result": result,
            "decisions": data.get("decisions"),
            "options": data.get(self.options_field),
        }

    def inputs(self, command: str, data: Mapping[str, Any]) -> dict[str, Any]:
        """The keyword arguments of a command's service from a valid body."""
        return {
            "decisions": data.get("decisions"),
            "options": data.get(self.options_field),
            "reason": data.get("reason", ""),
            "note": data.get("note", ""),
            "result": data.get("result"),
        }


class ReportSchema(AutoSchema):
    """An operation described by its game's :class:`ReportApi`."""

    def _operation(self) -> str:
        view = self.view
        return getattr(view, "command", None) or getattr(view, "action", None) or view.operation

    def get_summary(self) -> str | None:
        return self.view.api.summaries.get(self._operation()) or super().get_summary()

    def get_request_serializer(self) -> Any:
        operation = self._operation()
        if operation == "submit":
            return self.view.api.submit_serializer
        if operation in COMMANDS or operation == "command":
            body = self.view.api.command_serializer(operation)
            return None if body is NoInputSerializer else body
        return super().get_request_serializer()

    def get_response_serializers(self) -> Any:
        operation = self._operation()
        if operation == "submit":
            return {201: self.view.api.report_serializer}
        if operation in COMMANDS or operation == "command":
            return {200: self.view.api.report_serializer}
        return super().get_response_serializers()


def _permissions(api: ReportApi, operation: str) -> list[BasePermission]:
    return [cls() for cls in api.permissions.get(operation, (IsAuthenticatedOrReadOnly,))]


def report_command(api: ReportApi, request: Request, report: ResultReport, command: str) -> Any:
    """Validate ``command``'s body, run it, answer the report."""
    body = api.command_serializer(command)(data=request.data)
    body.is_valid(raise_exception=True)
    services.report_command(
        report=report,
        user=request.user,
        command=command,
        **api.inputs(command, body.validated_data),
    )
    return api.answer(report)


class _ReportApiView(ObjectCommandView):
    api: ReportApi = ReportApi()
    operation = ""
    schema = ReportSchema()

    def get_permissions(self) -> list[BasePermission]:
        return _permissions(self.api, self.operation)


class ResultSubmitView(_ReportApiView):
    """Enter a fixture's result: it waits for the other side's word."""

    operation = "submit"

    def get_queryset(self) -> Any:
        return Fixture.objects.select_related("season__league", "home", "away").filter(
            season__league__rule_system=self.api.game
        )

    def get_serializer_class(self) -> type[serializers.Serializer]:
        return self.api.submit_serializer

    def post(self, request: Request, pk: int) -> Response:
        fixture = self.get_object()
        body = self.get_serializer(data=request.data)
        body.is_valid(raise_exception=True)
        report = services.report_enter(
            fixture=fixture, user=request.user, **self.api.entry(body.validated_data)
        )
        return Response(self.api.answer(report), status=status.HTTP_201_CREATED)


class ReportCommandView(_ReportApiView):
    """A command on a report: ``command`` fixed by the route, or read from the address."""

    operation = "command"
    command = ""

    def get_permissions(self) -> list[BasePermission]:
        return _permissions(self.api, self.command or self.operation)

    def get_queryset(self) -> Any:
        return self.api.reports()

    def get_serializer_class(self) -> type[serializers.Serializer]:
        return self.api.command_serializer(self.command or self.operation)

    def post(self, request: Request, pk: int, command: str = "") -> Response:
        report = self.get_object()
        return Response(report_command(self.api, request, report, self.command or command))


class ReportQueueView(generics.ListAPIView):
    """Reports of your leagues waiting for you: disputed first, then unconfirmed."""

    api: ReportApi = ReportApi()
    operation = "queue"
    schema = ReportSchema()
    permission_classes = [IsAuthenticated]
    queue: Any = None
    """``queue(user=...)``: the reports waiting for that user (the game's selector)."""

    def get_serializer_class(self) -> type[serializers.Serializer]:
        return self.api.report_serializer

    def get_queryset(self) -> Any:
        return type(self).queue(user=self.request.user)


class ReportViewSet(viewsets.ReadOnlyModelViewSet):
    """A game's reports, listed and shown (anyone reads)."""

    api: ReportApi = ReportApi()
    schema = ReportSchema()
    ordering_fields = ["created_at"]

    def get_serializer_class(self) -> type[serializers.Serializer]:
        return self.api.report_serializer

    def get_queryset(self) -> Any:
        return self.api.reports()

    def get_permissions(self) -> list[BasePermission]:
        return _permissions(self.api, self.action or "list")


class ReportCommandViewSet(ReportViewSet):
    """A game's reports with their commands as actions (``<prefix>/<pk>/confirm/`` ...)."""

    def _command(self, request: Request, command: str) -> Response:
        return Response(report_command(self.api, request, self.get_object(), command))

    @action(detail=True, methods=["post"])
    def confirm(self, request: Request, pk: int | None = None) -> Response:
        return self._command(request, "confirm")

    @action(detail=True, methods=["post"])
    def dispute(self, request: Request, pk: int | None = None) -> Response:
        return self._command(request, "dispute")

    @action(detail=True, methods=["post"])
    def decide(self, request: Request, pk: int | None = None) -> Response:
        return self._command(request, "decide")
