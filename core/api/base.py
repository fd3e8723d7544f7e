"""The base of the API's domain commands: one small view per command, calling one service."""

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.db.models import Model, QuerySet
from django.http import Http404
from django.urls import URLPattern, path
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.fields import empty
from rest_framework.generics import GenericAPIView, get_object_or_404
from rest_framework.parsers import BaseParser
from rest_framework.permissions import BasePermission
from rest_framework.request import Request
from rest_framework.response import Response


class NoInputSerializer(serializers.Serializer):
    """A command that takes no input (the browsable API shows a bare button)."""


class ObjectCommandView(GenericAPIView):
    """A command on one object found by ``pk`` in the URL.

    ``get_object()`` answers 404 for an unknown id and checks the object permissions, so a
    user lacking the role gets 403 before the service runs. Input and output have their own
    serializers (``serializer_class`` is the input, shown by the browsable API).
    """

    serializer_class: type[serializers.Serializer] = NoInputSerializer
    filter_backends: list = []
    pagination_class = None


@dataclass(frozen=True)
class Command:
    """One HTTP method of an address of :class:`CommandRoutes`: the ``answer`` it calls, as
    ``answer(request, data, **url_kwargs)`` with the validated input (``{}`` without a
    ``request`` serializer: the command takes no body), and what the schema says of it.

    With ``find`` (the queryset's selector), the object the URL's ``pk`` names is found before
    the body is read, as ``get_object()`` finds it (:func:`command_object`: an unknown id
    answers 404 and a refused object 403 whatever the body holds), and passed in ``pk``'s
    place: ``answer(request, data, found, **other_url_kwargs)``."""

    summary: str
    answer: Callable[..., Any]
    request: type[serializers.Serializer] | None
    responses: Any
    status: int
    find: Callable[[], QuerySet] | None = None

    def handler(self) -> Callable[..., Response]:
        """The view's method: read the input, answer with the ``status``."""

        def handle(view: GenericAPIView, request: Request, **kwargs: Any) -> Response:
            found = []
            if self.find is not None:
                found.append(command_object(request, self.find(), kwargs.pop("pk")))
            data: dict[str, Any] = {}
            if self.request is not None:
                serializer = self.request(data=request.data, context=view.get_serializer_context())
                serializer.is_valid(raise_exception=True)
                data = dict(serializer.validated_data)
            return Response(self.answer(request, data, *found, **kwargs), status=self.status)

        schema = extend_schema(summary=self.summary, request=self.request, responses=self.responses)
        return schema(handle)


@dataclass
class _Address:
    name: str
    methods: dict[str, Command] = field(default_factory=dict)
    parser_classes: Sequence[type[BaseParser]] | None = None


def command_object[T: Model](request: Request, objects: QuerySet[T], pk: int) -> T:
    """The object at ``pk`` for a command of :class:`CommandRoutes`, as ``get_object()``
    finds it: 404 for an unknown id, 403 when the view's permissions refuse the object."""
    found = get_object_or_404(objects, pk=pk)
    request.parser_context["view"].check_object_permissions(request, found)
    return found


class CommandRoutes:
    """An app's API commands, each declared by decorating the function answering it::

        @API.post("teams/<int:pk>/hire/", "game-hire", HireSerializer, HireOutSerializer)
        def hire(request, data, pk):
            \"\"\"Hire a player (the team's coach)\"\"\"
            return ...

    The function's docstring is the operation's summary; ``responses`` are the routes' own
    unless the command names others. ``patterns()`` makes one view per
    address (under ``prefix``), answering each declared method with ``permission_classes``;
    the views derive from ``base``, whose docstring (if any) is the schema's description.
    """

    def __init__(
        self,
        prefix: str,
        permission_classes: Sequence[type[BasePermission]],
        responses: Any = empty,
        base: type[GenericAPIView] = GenericAPIView,
    ) -> None:
        self.prefix = prefix
        self.permission_classes = list(permission_classes)
        self.responses = responses
        self.base = base
        self.addresses: dict[str, _Address] = {}

    def command(
        self,
        method: str,
        route: str,
        name: str,
        request: type[serializers.Serializer] | None = None,
        responses: Any = None,
        *,
        status: int = 200,
        parser_classes: Sequence[type[BaseParser]] | None = None,
        find: Callable[[], QuerySet] | None = None,
    ) -> Callable[[Callable[..., Any]], Callable[..., Any]]:
        """Declare the decorated function as ``method``'s answer at ``route`` (``find``: see
        :class:`Command`)."""

        def declare(answer: Callable[..., Any]) -> Callable[..., Any]:
            address = self.addresses.setdefault(route, _Address(name))
            summary = " ".join((answer.__doc__ or "").split())
            answers = self.responses if responses is None else responses
            address.methods[method] = Command(summary, answer, request, answers, status, find)
            address.parser_classes = parser_classes or address.parser_classes
            return answer

        return declare

    def get(self, route: str, name: str, *args: Any, **kwargs: Any) -> Callable[..., Any]:
        return self.command("get", route, name, *args, **kwargs)

    def post(self, route: str, name: str, *args: Any, **kwargs: Any) -> Callable[..., Any]:
        return self.command("post", route, name, *args, **kwargs)

    def create(self, route: str, name: str, *args: Any, **kwargs: Any) -> Callable[..., Any]:
        """A POST answering 201 Created."""
        return self.command("post", route, name, *args, status=201, **kwargs)

    def patterns(self) -> list[URLPattern]:
        return [
            path(self.prefix + route, self._view(address).as_view(), name=address.name)
            for route, address in self.addresses.items()
        ]

    def _view(self, address: _Address) -> type[GenericAPIView]:
        inputs = [command.request for command in address.methods.values() if command.request]
        attrs: dict[str, Any] = {
            "permission_classes": self.permission_classes,
            "filter_backends": [],
            "pagination_class": None,
            "serializer_class": inputs[0] if inputs else NoInputSerializer,
            **{method: command.handler() for method, command in address.methods.items()},
        }
        if address.parser_classes is not None:
            attrs["parser_classes"] = list(address.parser_classes)

        def get_object(view: GenericAPIView) -> Any:
            """The object of the command answering the request's method (DRF's OPTIONS answer
            asks it of a PUT): found as ``find`` says, else 404 (the answer then leaves that
            method's fields out)."""
            command = address.methods.get(view.request.method.lower())
            if command is None or command.find is None:
                raise Http404
            return command_object(view.request, command.find(), view.kwargs["pk"])

        attrs["get_object"] = get_object
        return type("CommandView", (self.base,), attrs)
