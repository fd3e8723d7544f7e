"""Results of Mythril matches played at the table, the post-match sequence, team bets and
knock-out trophies."""

from django.conf import settings
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from core.names import NameField
from league.models import Season, Team
from matches.models import Fixture


class ResultReport(models.Model):
    """A result entered by a coach or the commissioner, waiting for the other side's word.

    ``payload``: ``{"home_score", "away_score", "forfeit": null|"home"|"away",
    "unfinished_halves", "turns_played", "players": {"home": [{"player", "td", "cp", "cas",
    "int", "injury"}], "away": [...]}, "penalty_scorers": {"home": [player ids]}}``."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting for confirmation")
        CONFIRMED = "confirmed", _("Confirmed")
        DISPUTED = "disputed", _("Disputed: waiting for the commissioner")
        SUPERSEDED = "superseded", _("Superseded")
        DECIDED = "decided", _("Decided by the commissioner")

    OPEN = (Status.PENDING, Status.DISPUTED)

    fixture = models.ForeignKey(Fixture, on_delete=models.CASCADE, related_name="mythril_reports")
    submitted_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, related_name="+"
    )
    payload = models.JSONField(_("match report"))
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.PENDING
    )
    reviewed_by = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.SET_NULL, null=True, blank=True, related_name="+"
    )
    dispute_reason = models.CharField(_("why it is disputed"), max_length=500, blank=True)
    note = models.CharField(_("commissioner's note"), max_length=500, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    reviewed_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("Mythril result report")
        verbose_name_plural = _("Mythril result reports")
        constraints = [
            models.UniqueConstraint(
                fields=["fixture"],
                condition=Q(status__in=["pending", "disputed"]),
                name="mythril_report_one_open_per_fixture",
            ),
        ]

    def __str__(self) -> str:
        return f"{self.fixture} ({self.get_status_display()})"


class PostMatchRun(models.Model):
    """The post-match sequence of a played fixture: written ``pending`` with the result, claimed
    once by a conditional UPDATE (pending -> done) in the transaction that applies it."""

    class Status(models.TextChoices):
        PENDING = "pending", _("Waiting for a worker")
        DONE = "done", _("Done")

    fixture = models.OneToOneField(
        Fixture, on_delete=models.CASCADE, related_name="mythril_post_match"
    )
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PENDING)
    seed = models.BigIntegerField(null=True, blank=True)
    log = models.JSONField(default=dict, blank=True)
    rolls = models.JSONField(default=list, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    done_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("Mythril post-match sequence")
        verbose_name_plural = _("Mythril post-match sequences")

    def __str__(self) -> str:
        return f"{self.fixture}: {self.status}"


class MatchdayEntry(models.Model):
    """A team paid the matchday's entry (10,000): it may bet on that round's matches."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="mythril_entries")
    round = models.PositiveSmallIntegerField(_("matchday"))
    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="mythril_entries")
    transaction = models.ForeignKey(
        "ledger.Transaction", on_delete=models.PROTECT, related_name="+"
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["season", "round", "team"]
        verbose_name = _("matchday entry")
        verbose_name_plural = _("matchday entries")
        constraints = [
            models.UniqueConstraint(
                fields=["season", "round", "team"], name="mythril_entry_once_per_matchday"
            )
        ]

    def __str__(self) -> str:
        return f"{self.team} R{self.round}"


class TeamBetSettlement(models.Model):
    """The witness that a fixture's team bets were settled: one per fixture, written under the
    fixture's row lock in the transaction of the payouts."""

    fixture = models.OneToOneField(
        Fixture, on_delete=models.PROTECT, related_name="mythril_bet_settlement"
    )
    outcome = models.CharField(max_length=9)
    seed = models.BigIntegerField()
    rolls = models.JSONField(default=list)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        verbose_name = _("team-bet settlement")
        verbose_name_plural = _("team-bet settlements")

    def __str__(self) -> str:
        return f"{self.fixture}: {self.outcome}"


class TeamBet(models.Model):
    class Status(models.TextChoices):
        OPEN = "open", _("Open")
        WON = "won", _("Won")
        LOST = "lost", _("Lost")
        CANCELLED = "cancelled", _("Cancelled (forfeit before any turn)")

    team = models.ForeignKey(Team, on_delete=models.CASCADE, related_name="mythril_bets")
    fixture = models.ForeignKey(Fixture, on_delete=models.CASCADE, related_name="mythril_bets")
    entry = models.ForeignKey(MatchdayEntry, on_delete=models.PROTECT, related_name="bets")
    outcome = models.CharField(_("outcome"), max_length=4)
    status = models.CharField(max_length=9, choices=Status.choices, default=Status.OPEN)
    payout = models.PositiveIntegerField(_("payout"), null=True, blank=True)
    roll = models.JSONField(_("payout roll"), default=list, blank=True)
    settlement = models.ForeignKey(
        TeamBetSettlement, on_delete=models.PROTECT, null=True, blank=True, related_name="bets"
    )
    placed_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["fixture", "team"]
        verbose_name = _("team bet")
        verbose_name_plural = _("team bets")
        constraints = [
            models.UniqueConstraint(fields=["team", "fixture"], name="mythril_one_bet_per_match"),
            models.CheckConstraint(
                condition=Q(outcome__in=["home", "away", "draw"]), name="mythril_bet_outcome"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.team} on {self.fixture}: {self.outcome}"


class Trophy(models.Model):
    """A knock-out trophy of a season: a bracket of fixtures; its final doubles team-bet
    payouts."""

    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="mythril_trophies")
    name = NameField(_("name"), max_length=80)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["season", "name"]
        verbose_name = _("trophy")
        verbose_name_plural = _("trophies")

    def __str__(self) -> str:
        return self.name


class TrophyMatch(models.Model):
    trophy = models.ForeignKey(Trophy, on_delete=models.CASCADE, related_name="matches")
    fixture = models.OneToOneField(Fixture, on_delete=models.CASCADE, related_name="mythril_trophy")
    stage = models.PositiveSmallIntegerField(_("stage"))
    final = models.BooleanField(_("final"), default=False)

    class Meta:
        ordering = ["trophy", "stage", "fixture"]
        verbose_name = _("trophy match")
        verbose_name_plural = _("trophy matches")

    def __str__(self) -> str:
        return f"{self.trophy}: {self.fixture}"
