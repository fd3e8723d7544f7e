"""A new Mythril league gets its settings row and a copy of the engine's sample roster data."""

from django.db.models.signals import post_save
from django.dispatch import receiver

from league.models import League
from systems.mythril import RULE_SYSTEM


@receiver(post_save, sender=League, dispatch_uid="mythril_league_created")
def league_created(sender: type, instance: League, created: bool, **kwargs: object) -> None:
    if not created or instance.rule_system != RULE_SYSTEM or kwargs.get("raw"):
        return
    from systems.mythril.models import MythrilSettings
    from systems.mythril.services.roster import roster_data_copy_sample

    MythrilSettings.objects.get_or_create(league=instance)
    roster_data_copy_sample(league=instance)
