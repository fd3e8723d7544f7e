"""Who may do what in a campaign. Services, pages and the API ask these same questions.

* The **game master** manages the campaign (players, armies, battles), starts and steps
  runs, decides crucial moments and phase-3 skills, resolves runs and confirms casualties.
* An army's **owner** (a player of the campaign) edits its card: commander, seconds,
  works and troops. The game master may edit every card; an army without owner is an NPC
  army the game master holds.
* **Anyone** may read.
"""

from django.contrib.auth.models import AnonymousUser, User

from battles.models import Army, Battle, Campaign

AnyUser = User | AnonymousUser


def is_game_master(user: AnyUser | None, campaign: Campaign) -> bool:
    """The campaign's game master (or a superuser)."""
    return bool(
        user is not None
        and user.is_authenticated
        and (user.is_superuser or campaign.game_master_id == user.pk)
    )


def is_player(user: AnyUser | None, campaign: Campaign) -> bool:
    return bool(
        user is not None and user.is_authenticated and campaign.players.filter(pk=user.pk).exists()
    )


def can_manage_campaign(user: AnyUser | None, campaign: Campaign) -> bool:
    return is_game_master(user, campaign)


def can_create_army(user: AnyUser | None, campaign: Campaign, owner: User | None) -> bool:
    """The game master creates any army; a player creates an army of their own."""
    if is_game_master(user, campaign):
        return True
    return bool(owner is not None and user is not None and owner.pk == user.pk) and is_player(
        user, campaign
    )


def can_edit_army(user: AnyUser | None, army: Army) -> bool:
    """The army's owner or the campaign's game master edits its battle card."""
    owns = bool(user is not None and user.is_authenticated and army.owner_id == user.pk)
    return owns or is_game_master(user, army.campaign)


def can_run_battle(user: AnyUser | None, battle: Battle) -> bool:
    """Only the game master plans a battle, runs it, decides its crucial moments and
    confirms its casualties."""
    return is_game_master(user, battle.campaign)
