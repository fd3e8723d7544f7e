"""The workflow's refusals are the project's (``core.refusals``): a report command refused
(nothing written) is a ``Refused``, a missing role a ``Forbidden`` (403 over the API)."""

from core.refusals import Forbidden, Refused

ReportRefused = Refused
ReportForbidden = Forbidden

__all__ = ["ReportForbidden", "ReportRefused"]
