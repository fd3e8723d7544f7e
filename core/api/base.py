"""The base of the API's domain commands: one small view per command, calling one service."""

from rest_framework import serializers
from rest_framework.generics import GenericAPIView


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
