"""Filter backends of every list endpoint: django-filter, and ordering with a stable tie-break."""

from django_filters.rest_framework import DjangoFilterBackend
from rest_framework.filters import OrderingFilter


class StableOrderingFilter(OrderingFilter):
    """``?ordering=`` as the client asks, then by ``pk``, so pages never shuffle on ties."""

    def get_ordering(self, request, queryset, view):
        ordering = super().get_ordering(request, queryset, view)
        if ordering and not {"pk", "-pk", "id", "-id"} & set(ordering):
            ordering = [*ordering, "pk"]
        return ordering


FILTER_BACKENDS = [DjangoFilterBackend, StableOrderingFilter]
