"""Read-only viewsets of fixtures, results and simulation batches (public).

Commands on fixtures and seasons (simulate, cancel, reschedule, generate) live in
``matches.api.commands``, one small view each.
"""

from drf_spectacular.utils import extend_schema, extend_schema_view
from rest_framework import viewsets

from core.api.filters import FILTER_BACKENDS
from core.api.permissions import ReadOnly
from core.api.renderers import FORMAT_PARAMETER, CSVListMixin
from core.api.value_rows import ValueRowsListMixin
from matches import selectors
from matches.api import serializers as s
from matches.api.filters import FixtureFilter, ResultFilter, SimulationBatchFilter

FIXTURE_SHEETS = ("fixture__home_sheet", "fixture__away_sheet", "fixture__options")


@extend_schema_view(
    list=extend_schema(summary="List fixtures", parameters=[FORMAT_PARAMETER]),
    retrieve=extend_schema(summary="Show a fixture"),
)
class FixtureViewSet(CSVListMixin, ValueRowsListMixin, viewsets.ReadOnlyModelViewSet):
    serializer_class = s.FixtureSerializer
    permission_classes = [ReadOnly]
    filter_backends = FILTER_BACKENDS
    filterset_class = FixtureFilter
    ordering_fields = ["kickoff", "round"]
    page_chosen_first = True  # the teams and results of a page's fixtures only

    def get_queryset(self):
        return (
            selectors.fixture_rows()
            # newest season first by its id, not by the season's own ordering (its creation
            # time): ordering on a joined column made PostgreSQL join and sort a season's
            # every fixture before taking a page of 50 (19 ms against 1.3 on 1,000 leagues)
            .order_by("-season_id", "round", "kickoff", "pk")
        )


@extend_schema_view(
    list=extend_schema(
        summary="List results (without the turn and roll log)", parameters=[FORMAT_PARAMETER]
    ),
    retrieve=extend_schema(
        summary="Show a result with its full turn and roll log", responses=s.ResultDetailSerializer
    ),
)
class ResultViewSet(CSVListMixin, ValueRowsListMixin, viewsets.ReadOnlyModelViewSet):
    permission_classes = [ReadOnly]
    filter_backends = FILTER_BACKENDS
    filterset_class = ResultFilter
    ordering_fields = ["created_at"]
    page_chosen_first = True  # the fixtures' teams of a page's results only

    def get_serializer_class(self):
        return s.ResultDetailSerializer if self.action == "retrieve" else s.ResultSerializer

    def get_queryset(self):
        if self.action != "retrieve":
            results = selectors.result_rows()
        else:
            results = selectors.result_list().defer(*FIXTURE_SHEETS)
        return selectors.results_corrected(results).order_by("-created_at", "-pk")


@extend_schema_view(
    list=extend_schema(summary="List simulation batches and their progress"),
    retrieve=extend_schema(summary="Show a simulation batch's progress"),
)
class SimulationBatchViewSet(viewsets.ReadOnlyModelViewSet):
    serializer_class = s.SimulationBatchSerializer
    permission_classes = [ReadOnly]
    filter_backends = FILTER_BACKENDS
    filterset_class = SimulationBatchFilter
    ordering_fields = ["created_at"]

    def get_queryset(self):
        return selectors.batch_list().order_by("-created_at", "-pk")
