"""Killpower Ball's view of the results played at the table (``matches.ResultReport`` and
``matches.PostMatchRun``): proxies, no tables of their own, that read only this game's rows
and name the free throws of a tournament draw."""

from typing import Any

from django.utils.translation import gettext_lazy as _

from matches import table_models
from systems.killpower import RULE_SYSTEM


class ResultReport(table_models.ResultReport):
    """A Killpower result report: ``payload`` is the engine's match report
    (``rules_engine.killpower.report``) with each side's ``badly_wounded`` list; ``decisions``
    each coach's equipment redraws; ``free_throws`` a tournament draw's shooters and
    distances (the workflow's ``options``)."""

    objects = table_models.GameReports(RULE_SYSTEM)

    class Meta:
        proxy = True
        verbose_name = _("result report")
        verbose_name_plural = _("result reports")

    @property
    def free_throws(self) -> Any:
        return self.options

    @free_throws.setter
    def free_throws(self, value: Any) -> None:
        self.options = value


class PostMatchRun(table_models.PostMatchRun):
    """A Killpower post-match sequence that ran: ``log`` is the engine's account per side
    (``{"home": {"outcome", "log", "team"}, ...}``), ``rolls`` every roll in order."""

    objects = table_models.GameRunsDone(RULE_SYSTEM)

    class Meta:
        proxy = True
        verbose_name = _("post-match sequence")
        verbose_name_plural = _("post-match sequences")
