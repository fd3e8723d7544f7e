"""No API field takes ``null`` for a model column that refuses it: the class of bug where a
null reached the database as a 500 (NotNullViolation) instead of a 400 naming the field."""

import pytest
from django.db import models
from django.urls import get_resolver
from rest_framework import serializers


def _subclasses(cls):
    for sub in cls.__subclasses__():
        yield sub
        yield from _subclasses(sub)


def _model_serializers():
    get_resolver().url_patterns  # noqa: B018  (imports every API module through the URLs)
    for cls in set(_subclasses(serializers.ModelSerializer)):
        meta = getattr(cls, "Meta", None)
        if meta is not None and getattr(meta, "model", None) is not None:
            yield cls


@pytest.mark.django_db
def test_writable_fields_of_not_null_columns_refuse_null():
    offenders, checked = [], 0
    for cls in _model_serializers():
        try:
            fields = cls().fields
        except Exception:  # a serializer that needs its view's context
            continue
        model = cls.Meta.model
        for name, field in fields.items():
            if field.read_only or "." in (field.source or "") or field.source == "*":
                continue
            try:
                column = model._meta.get_field(field.source)
            except Exception:  # not a column: a method or a property
                continue
            if not isinstance(column, models.Field) or column.null:
                continue
            checked += 1
            if field.allow_null:
                offenders.append(f"{cls.__module__}.{cls.__name__}.{name}")
    assert checked > 30
    assert offenders == []
