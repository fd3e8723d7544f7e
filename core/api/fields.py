"""Serializer fields shared by every app's API."""

from collections.abc import Callable
from typing import Any

from django.contrib.auth.models import User
from rest_framework import serializers


class UserField(serializers.SlugRelatedField):
    """A user named by username."""

    def __init__(self, **kwargs):
        kwargs.setdefault("slug_field", "username")
        if not kwargs.get("read_only"):
            kwargs.setdefault("queryset", User.objects.all())
        super().__init__(**kwargs)


def read_only_game_field(field_class: type, read: Callable[[Any], Any], **kwargs: Any) -> Any:
    """A read-only ``field_class`` whose value is ``read(obj)`` (None shows as null): how a
    game adds what it keeps in its own tables to a core object's representation."""

    class GameValue(field_class):  # type: ignore[misc, valid-type]
        def get_attribute(self, instance: Any) -> Any:
            return read(instance)

    return GameValue(source="*", read_only=True, allow_null=True, **kwargs)


def game_field(
    game: str, field_class: type, read: Callable[[Any], Any], **kwargs: Any
) -> Callable[[], Any]:
    """A factory (as ``league.plugins.api_fields`` takes) of a :func:`read_only_game_field`
    showing ``read(obj)`` on ``game``'s teams and leagues, null on another game's."""

    def shown(obj: Any) -> Any:
        return read(obj) if getattr(obj, "league", obj).rule_system == game else None

    return lambda: read_only_game_field(field_class, shown, **kwargs)
