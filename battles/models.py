"""Campaigns, armies on battle cards, battles and their runs (Witcher mass battles).

An army's battle card (main troop, DCs, specialists, errors and warnings) is never stored:
:func:`battles.selectors.campaigns.army_card` computes it through the engine from the army's commander,
seconds-in-command, works and troops. A run stores the engine's resumable state, which holds
the battle as it was at the start (later card edits never change a run), its seed and every
roll. ``casualties_confirmed_at`` and the ``casualties`` army events are the database
witnesses that a run's casualties were applied once.
"""

from django.conf import settings
from django.core.validators import MaxValueValidator, MinValueValidator
from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from core.names import NameField

PHASE_CHOICES = [(1, _("Phase 1")), (2, _("Phase 2")), (3, _("Phase 3"))]
MAX_DC = 50  # rules_engine.witcher.army.MAX_DC
MAX_COUNT = 10_000_000  # rules_engine.witcher.army.MAX_COUNT


class Side(models.TextChoices):
    ATTACKER = "attacker", _("Attacker")
    DEFENDER = "defender", _("Defender")


class Campaign(models.Model):
    """A game master's campaign: the armies of its players (and the NPC armies the game
    master holds) and the battles between them."""

    name = NameField(_("name"), max_length=100)
    game_master = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.PROTECT,
        related_name="campaigns_mastered",
        verbose_name=_("game master"),
    )
    players = models.ManyToManyField(
        settings.AUTH_USER_MODEL,
        related_name="campaigns_played",
        blank=True,
        verbose_name=_("players"),
    )
    description = models.TextField(_("description"), blank=True)
    house_rules = models.JSONField(
        _("house rules"),
        default=dict,
        blank=True,
        help_text=_("Sections of the Witcher tables this campaign overrides."),
    )
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["name", "pk"]
        verbose_name = _("campaign")
        verbose_name_plural = _("campaigns")

    def __str__(self) -> str:
        return self.name


class Army(models.Model):
    """An army's battle card as the player fills it: commander, seconds, works, troops.

    ``commander`` is ``{"name", "tactics", "command", "luck"}`` or an officer template
    ``{"name", "rank", "swap"?, "luck"?}``; ``seconds`` maps a phase (``"1"``..``"3"``) to a
    commander; ``works`` holds ``better_terrain``, ``prepared``, ``barricades``,
    ``fortifications``. ``owner`` is the player who keeps the card; none: an NPC army the
    game master holds.
    """

    campaign = models.ForeignKey(
        Campaign, on_delete=models.CASCADE, related_name="armies", verbose_name=_("campaign")
    )
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="armies",
        verbose_name=_("owner"),
    )
    name = NameField(_("name"), max_length=100)
    commander = models.JSONField(_("commander"), default=dict)
    seconds = models.JSONField(_("seconds-in-command"), default=dict, blank=True)
    works = models.JSONField(_("defensive works"), default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["name", "pk"]
        # the armies list, by name
        indexes = [models.Index(fields=["name", "id"], name="army_by_name")]
        verbose_name = _("army")
        verbose_name_plural = _("armies")
        constraints = [
            models.UniqueConstraint(fields=["campaign", "name"], name="army_name_once_in_campaign")
        ]

    def __str__(self) -> str:
        return self.name


class Troop(models.Model):
    """One line of a battle card. ``count`` is the head count that fights (on the card);
    ``wounded`` are the troop's wounded from past battles, off the card until they recover.
    ``phase`` assigns a specialist troop to a phase."""

    army = models.ForeignKey(
        Army, on_delete=models.CASCADE, related_name="troops", verbose_name=_("army")
    )
    name = NameField(_("name"), max_length=100)
    dc = models.PositiveSmallIntegerField(
        _("DC"), validators=[MinValueValidator(1), MaxValueValidator(MAX_DC)]
    )
    count = models.PositiveIntegerField(_("head count"), validators=[MaxValueValidator(MAX_COUNT)])
    wounded = models.PositiveIntegerField(
        _("wounded"), default=0, validators=[MaxValueValidator(MAX_COUNT)]
    )
    phase = models.PositiveSmallIntegerField(
        _("specialist phase"), choices=PHASE_CHOICES, null=True, blank=True
    )
    order = models.PositiveSmallIntegerField(_("order on the card"), default=0)

    class Meta:
        ordering = ["army", "order", "pk"]
        # the troops list, army by army in their order
        indexes = [models.Index(fields=["army", "order", "id"], name="troop_in_army_order")]
        verbose_name = _("troop")
        verbose_name_plural = _("troops")
        constraints = [
            models.UniqueConstraint(fields=["army", "name"], name="troop_name_once_in_army"),
            models.CheckConstraint(
                condition=Q(phase__isnull=True) | Q(phase__in=[1, 2, 3]), name="troop_phase_1_to_3"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.count} {self.name}"


class Battle(models.Model):
    """Two armies of a campaign, the circumstances per side and phase, the crucial moments
    the game master plans, per-phase deployment and the options, all as the engine reads
    them (``rules_engine.witcher.battle``): ``circumstances`` ``{"attacker": {"1":
    {"surprise", "weather", "other"}}}``, ``crucial_moments`` ``{"1": {"attacker_chance"}}``,
    ``options`` ``{"casualties", "no_quarter", "phase3_skill", "luck", "moments"}``,
    ``deployment`` ``{"attacker": {"3": 300}}``."""

    campaign = models.ForeignKey(
        Campaign, on_delete=models.CASCADE, related_name="battles", verbose_name=_("campaign")
    )
    name = NameField(_("name"), max_length=100)
    attacker = models.ForeignKey(
        Army, on_delete=models.PROTECT, related_name="battles_attacking", verbose_name=_("attacker")
    )
    defender = models.ForeignKey(
        Army, on_delete=models.PROTECT, related_name="battles_defending", verbose_name=_("defender")
    )
    circumstances = models.JSONField(_("circumstances"), default=dict, blank=True)
    crucial_moments = models.JSONField(_("crucial moments"), default=dict, blank=True)
    options = models.JSONField(_("options"), default=dict, blank=True)
    deployment = models.JSONField(_("deployment"), default=dict, blank=True)
    created_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("created by"),
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        # the battles list, newest first
        indexes = [models.Index(fields=["-created_at", "-id"], name="battle_newest")]
        verbose_name = _("battle")
        verbose_name_plural = _("battles")
        constraints = [
            models.CheckConstraint(
                condition=~Q(attacker=F("defender")), name="battle_distinct_armies"
            )
        ]

    def __str__(self) -> str:
        return self.name


class BattleRun(models.Model):
    """One resolution of a battle: the engine's resumable state (``BattleRun.to_dict()``:
    the battle as it was at the start, the tables, the seed, the actions and every roll), the
    decision it waits for, and the engine's final report once finished.

    ``version`` grows with every saved action; a save is a conditional update on it, so a
    write based on a stale state can never land (the row lock makes that never happen).
    """

    class Status(models.TextChoices):
        RUNNING = "running", _("Running")
        PAUSED = "paused", _("Waiting for the game master")
        FINISHED = "finished", _("Finished")

    battle = models.ForeignKey(
        Battle, on_delete=models.CASCADE, related_name="runs", verbose_name=_("battle")
    )
    seed = models.BigIntegerField(_("seed"))
    state = models.JSONField(_("engine state"))
    version = models.PositiveIntegerField(_("version"), default=0)
    status = models.CharField(
        _("status"), max_length=10, choices=Status.choices, default=Status.RUNNING
    )
    pending = models.JSONField(_("pending decision"), null=True, blank=True)
    report = models.JSONField(_("final report"), null=True, blank=True)
    winner = models.CharField(_("winner"), max_length=8, choices=Side.choices, blank=True)
    resolve_requested_at = models.DateTimeField(_("resolution requested at"), null=True, blank=True)
    resolve_attempts = models.PositiveSmallIntegerField(
        _("times the sweeper re-sent its resolution"), default=0
    )
    problem = models.CharField(_("problem"), max_length=300, blank=True)
    casualties_confirmed_at = models.DateTimeField(
        _("casualties confirmed at"), null=True, blank=True
    )
    started_by = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("started by"),
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["-created_at", "-pk"]
        # the runs list, newest first
        indexes = [models.Index(fields=["-created_at", "-id"], name="run_newest")]
        verbose_name = _("battle run")
        verbose_name_plural = _("battle runs")
        constraints = [
            models.UniqueConstraint(
                fields=["battle"],
                condition=Q(casualties_confirmed_at__isnull=False),
                name="battlerun_casualties_once_per_battle",
            )
        ]

    def __str__(self) -> str:
        return _("%(battle)s, run %(id)s") % {"battle": self.battle, "id": self.pk}


class ArmyEvent(models.Model):
    """One line of an army's history. ``detail`` holds what changed; for head counts,
    ``{"troops": [{"troop", "name", "before", "after", ...}]}``."""

    class Kind(models.TextChoices):
        CREATED = "created", _("Created")
        EDITED = "edited", _("Card edited")
        TROOP_ADDED = "troop_added", _("Troop added")
        TROOP_CHANGED = "troop_changed", _("Troop changed")
        TROOP_REMOVED = "troop_removed", _("Troop removed")
        CASUALTIES = "casualties", _("Casualties of a battle")
        RECOVERED = "recovered", _("Wounded back in the ranks")

    army = models.ForeignKey(
        Army, on_delete=models.CASCADE, related_name="events", verbose_name=_("army")
    )
    kind = models.CharField(_("kind"), max_length=14, choices=Kind.choices)
    run = models.ForeignKey(
        BattleRun,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="army_events",
        verbose_name=_("battle run"),
    )
    user = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("by"),
    )
    detail = models.JSONField(_("detail"), default=dict, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        ordering = ["created_at", "pk"]
        verbose_name = _("army event")
        verbose_name_plural = _("army events")
        constraints = [
            models.UniqueConstraint(
                fields=["army", "run"],
                condition=Q(kind="casualties"),
                name="army_casualties_once_per_run",
            )
        ]

    def __str__(self) -> str:
        return f"{self.army}: {self.get_kind_display()}"
