"""A Swiss tournament played in a season of a league: its entries, its rounds and their
pairings. Each published pairing is a fixture of the season (``matches``); a bye is a pairing
without an opponent and without a fixture."""

from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import Q
from django.utils.translation import gettext_lazy as _

from league.models import Season, Team
from matches.models import MAX_ROUND, Fixture

DEFAULT_TIEBREAKERS = ["points", "buchholz", "buchholz_cut1", "sonneborn_berger", "wins"]


def default_tiebreakers() -> list[str]:
    return list(DEFAULT_TIEBREAKERS)


class Tournament(models.Model):
    class Format(models.TextChoices):
        SWISS = "swiss", _("Swiss")
        DOUBLE = "double", _("Double elimination")
        GROUPS = "groups", _("Groups then knock-out")

    class Shape(models.TextChoices):
        FOLD = "fold", _("Fold: top half against bottom half")
        ADJACENT = "adjacent", _("Adjacent: first against second")

    season = models.OneToOneField(
        Season, on_delete=models.CASCADE, related_name="swiss_tournament", verbose_name=_("season")
    )
    name = models.CharField(_("name"), max_length=80)
    format = models.CharField(
        _("format"), max_length=8, choices=Format.choices, default=Format.SWISS
    )
    rounds = models.PositiveSmallIntegerField(
        _("rounds"), validators=[MinValueValidator(1), MaxValueValidator(MAX_ROUND)]
    )
    shape = models.CharField(_("pairing shape"), max_length=8, choices=Shape.choices)
    avoid_rematch = models.BooleanField(_("avoid rematches"), default=True)
    bye_points = models.PositiveSmallIntegerField(
        _("points for a bye"), help_text=_("A win's points unless the organiser sets otherwise.")
    )
    tiebreakers = models.JSONField(_("tie-breakers, in order"), default=default_tiebreakers)
    bracket_reset = models.BooleanField(
        _("bracket reset"),
        default=True,
        help_text=_(
            "Double elimination: a second final when the losers' bracket champion wins the first."
        ),
    )
    group_count = models.PositiveSmallIntegerField(
        _("groups"), default=0, help_text=_("Groups then knock-out: how many groups.")
    )
    qualifiers = models.PositiveSmallIntegerField(
        _("qualifiers per group"),
        default=0,
        help_text=_("Groups then knock-out: the first of each group into the knock-out."),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        verbose_name = _("tournament")
        verbose_name_plural = _("tournaments")
        constraints = [
            models.CheckConstraint(
                condition=Q(rounds__gte=1, rounds__lte=MAX_ROUND), name="tournament_rounds_range"
            ),
        ]

    def __str__(self) -> str:
        return self.name


class Entry(models.Model):
    """A team registered in the tournament. ``joined_round``: the first round it is paired in
    (1, or later for a late entry); ``withdrawn_after``: the last round it played, once it
    withdrew (its results still count)."""

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="entries", verbose_name=_("tournament")
    )
    team = models.ForeignKey(
        Team,
        on_delete=models.PROTECT,
        related_name="tournament_entries_generic",
        verbose_name=_("team"),
    )
    joined_round = models.PositiveSmallIntegerField(_("joined in round"), default=1)
    withdrawn_after = models.PositiveSmallIntegerField(
        _("withdrew after round"), null=True, blank=True
    )
    group = models.PositiveSmallIntegerField(_("group"), null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["tournament", "pk"]
        verbose_name = _("entry")
        verbose_name_plural = _("entries")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "team"], name="entry_once_per_team"),
        ]

    def __str__(self) -> str:
        return str(self.team)


class Round(models.Model):
    class Status(models.TextChoices):
        DRAFT = "draft", _("Draft")
        PUBLISHED = "published", _("Published")

    tournament = models.ForeignKey(
        Tournament, on_delete=models.CASCADE, related_name="round_set", verbose_name=_("tournament")
    )
    number = models.PositiveSmallIntegerField(_("round"))
    status = models.CharField(
        _("status"), max_length=9, choices=Status.choices, default=Status.DRAFT
    )
    published_at = models.DateTimeField(_("published at"), null=True, blank=True)

    class Meta:
        ordering = ["tournament", "number"]
        verbose_name = _("round")
        verbose_name_plural = _("rounds")
        constraints = [
            models.UniqueConstraint(fields=["tournament", "number"], name="round_once"),
        ]

    def __str__(self) -> str:
        return _("Round %(number)s") % {"number": self.number}


class Pairing(models.Model):
    """One table of a round: ``home`` against ``away``, or ``home`` alone (a bye). In a
    double elimination, ``match`` names the bracket's match (``W1.2``, ``L3.1``, ``GF1``)."""

    round = models.ForeignKey(
        Round, on_delete=models.CASCADE, related_name="pairings", verbose_name=_("round")
    )
    table = models.PositiveSmallIntegerField(_("table"))
    home = models.ForeignKey(
        Team, on_delete=models.PROTECT, related_name="+", verbose_name=_("home")
    )
    away = models.ForeignKey(
        Team,
        on_delete=models.PROTECT,
        related_name="+",
        null=True,
        blank=True,
        verbose_name=_("away"),
    )
    fixture = models.OneToOneField(
        Fixture,
        on_delete=models.PROTECT,
        related_name="tournament_pairing",
        null=True,
        blank=True,
        verbose_name=_("fixture"),
    )
    match = models.CharField(_("bracket match"), max_length=8, blank=True, default="")

    class Meta:
        ordering = ["round", "table"]
        verbose_name = _("pairing")
        verbose_name_plural = _("pairings")
        constraints = [
            models.UniqueConstraint(fields=["round", "table"], name="pairing_table_once"),
            models.UniqueConstraint(fields=["round", "home"], name="pairing_home_once"),
            models.UniqueConstraint(fields=["round", "away"], name="pairing_away_once"),
            models.CheckConstraint(condition=~Q(home=models.F("away")), name="pairing_distinct"),
        ]

    def __str__(self) -> str:
        if self.away_id is None:
            return _("%(team)s: bye") % {"team": self.home}
        return f"{self.home} – {self.away}"

    @property
    def is_bye(self) -> bool:
        return self.away_id is None
