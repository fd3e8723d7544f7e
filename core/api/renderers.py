"""``?format=csv`` on the API's lists (djangorestframework-csv).

A list view that mixes in :class:`CSVListMixin` also answers ``text/csv; charset=utf-8``,
asked for with ``?format=csv`` or ``Accept: text/csv``: one line per item of the page
(``results``, with ``page`` and ``page_size`` as for JSON; the view's ``csv_field`` for a
body that keeps its rows elsewhere, such as the standings' ``rows``), nested fields flattened
to dotted columns (``home.name``), the columns in alphabetical order, each cell through
``core.exports.csv_cell`` (no formula a spreadsheet would run). No byte-order mark: this
CSV is for scripts (the pages' downloads, ``core.exports``, carry one for spreadsheets). Other
actions (a detail, a command) stay JSON only, and an error is answered in JSON whatever was
asked (the error shape every client knows, and the media type the schema documents for it).
"""

from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter
from rest_framework.renderers import JSONRenderer
from rest_framework_csv.renderers import CSVRenderer

from core.exports import csv_cell

FORMAT_PARAMETER = OpenApiParameter(
    "format",
    OpenApiTypes.STR,
    enum=["json", "csv"],
    description="`csv`: the page's items as CSV (one line each, nested fields as dotted "
    "columns) instead of JSON.",
)


def _columns(view) -> list[str]:
    """The columns of an empty page: the serializer's fields, nested ones dotted."""
    try:
        fields = view.get_serializer().fields
    except Exception:  # a view without a serializer of its items: a bare header
        return ["id"]
    return [
        f"{name}.{inner}" if hasattr(field, "fields") else name
        for name, field in fields.items()
        for inner in (field.fields if hasattr(field, "fields") else [None])
    ]


class ListCSVRenderer(CSVRenderer):
    charset = "utf-8"

    def render(self, data, media_type=None, renderer_context=None):
        context = renderer_context or {}
        view = context.get("view")
        field = getattr(view, "csv_field", "results")
        if isinstance(data, dict) and isinstance(data.get(field), list):
            data = data[field]
        if data == []:  # still a CSV document: its header line
            return (",".join(_columns(view)) + "\r\n").encode("utf-8")
        return super().render(data, media_type, context)

    def tablize(self, data, header=None, labels=None):
        for row in super().tablize(data, header=header, labels=labels):
            yield [csv_cell(cell) for cell in row]


class CSVListMixin:
    """Adds the CSV renderer to a view's list action (to every GET of a plain API view)."""

    csv_field = "results"

    def get_renderers(self):
        renderers = super().get_renderers()
        if getattr(self, "action", "list") == "list":
            renderers.append(ListCSVRenderer())
        return renderers

    def finalize_response(self, request, response, *args, **kwargs):
        if response.status_code >= 400 and isinstance(
            getattr(request, "accepted_renderer", None), ListCSVRenderer
        ):
            request.accepted_renderer = JSONRenderer()
            request.accepted_media_type = JSONRenderer.media_type
        return super().finalize_response(request, response, *args, **kwargs)
