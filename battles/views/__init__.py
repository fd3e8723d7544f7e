"""Pages of the campaigns (mounted at /campaigns/), split by audience as ``league.views``:
``public`` (anyone reads), ``editor`` (an army's owner or the game master edits its battle
card), ``game_master`` (campaign set-up) and ``runs`` (the game master drives a battle)."""
