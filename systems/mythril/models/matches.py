"""Results of Mythril matches played at the table, the post-match sequence, team bets and
knock-out trophies."""

from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from core.names import NameField
from league.models import Season, Team
from matches import table_models
from matches.models import Fixture
from systems.mythril import RULE_SYSTEM


class ResultReport(table_models.ResultReport):
    """A Mythril result report (the workflow's, ``matches.ResultReport``).

    ``payload``: ``{"entered": what the coach entered, "report": the engine's report,
    "verdict": score, points and winner as they count}`` (``report_checks.validated``)."""

    objects = table_models.GameReports(RULE_SYSTEM)

    class Meta:
        proxy = True
        verbose_name = _("Mythril result report")
        verbose_name_plural = _("Mythril result reports")


class PostMatchRun(table_models.PostMatchRun):
    """A Mythril post-match sequence: written ``pending`` with the result, claimed once by the
    workflow's conditional UPDATE (pending -> done) in the transaction that applies it."""

    objects = table_models.GameRuns(RULE_SYSTEM)

    class Meta:
        proxy = True
        verbose_name = _("Mythril post-match sequence")
        verbose_name_plural = _("Mythril post-match sequences")


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
