"""The betting pages, by what they show: a league's odds and slips, a fixture's panel, the
slip's preview and placement, wallets, a user's bets, the bettors and the commissioner's book
and settings. Views ask ``betting.bets`` and ``betting.league_settings`` to change anything
and show their refusals in words."""
