"""What belongs to a user rather than to a league (their preferences), and the history of
changes every app's tracked rows write (``HistoryEntry``)."""

from auditlog.models import AbstractLogEntry, LogEntryManager
from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _

from core.history_registry import entry_scope


class UserProfile(models.Model):
    """Per-user preferences: the interface language and the time zone times are shown in."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="profile"
    )
    language = models.CharField(_("language"), max_length=8, choices=settings.LANGUAGES, blank=True)
    time_zone = models.CharField(
        _("time zone"),
        max_length=64,
        blank=True,
        help_text=_("An IANA name such as Europe/Paris; empty for the site's time zone."),
    )

    def __str__(self) -> str:
        return f"{self.user} ({self.language or 'browser'})"


class HistoryEntryManager(LogEntryManager):
    """auditlog's manager, filling the league and the owner from :mod:`core.history_registry`."""

    def log_create(self, instance, force_log: bool = False, **kwargs):
        kwargs.update(entry_scope(instance))
        return super().log_create(instance, force_log=force_log, **kwargs)

    def log_m2m_changes(self, changed_queryset, instance, operation, field_name, **kwargs):
        kwargs.update(entry_scope(instance))
        return super().log_m2m_changes(changed_queryset, instance, operation, field_name, **kwargs)


class HistoryEntry(AbstractLogEntry):
    """One change to a tracked row (django-auditlog's log entry, swapped in by
    ``AUDITLOG_LOGENTRY_MODEL``), with the league it belongs to and, for a private row (a bet),
    the one user besides the commissioner who may read it.

    ``league_id`` and ``owner_id`` are plain integers (core cannot import ``league``), filled
    from :mod:`core.history_registry` when the entry is written, so a league's recent changes
    is one indexed query.
    """

    league_id = models.BigIntegerField(_("league"), null=True, blank=True)
    owner_id = models.BigIntegerField(_("visible only to"), null=True, blank=True)

    objects = HistoryEntryManager()

    class Meta(AbstractLogEntry.Meta):
        verbose_name = _("history entry")
        verbose_name_plural = _("history entries")
        indexes = [
            models.Index(fields=["league_id", "-timestamp", "-id"], name="history_league_recent"),
            models.Index(
                fields=["content_type", "object_id", "-timestamp"], name="history_object_recent"
            ),
        ]
