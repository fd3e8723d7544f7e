"""Serializer fields shared by every app's API."""

from django.contrib.auth.models import User
from rest_framework import serializers


class UserField(serializers.SlugRelatedField):
    """A user named by username."""

    def __init__(self, **kwargs):
        kwargs.setdefault("slug_field", "username")
        if not kwargs.get("read_only"):
            kwargs.setdefault("queryset", User.objects.all())
        super().__init__(**kwargs)
