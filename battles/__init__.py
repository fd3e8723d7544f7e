"""Witcher campaign battles: campaigns, armies on battle cards, battles and their runs.

Models in :mod:`battles.models`, writes in :mod:`battles.services`, reads in
:mod:`battles.selectors.campaigns`, who may do what in :mod:`battles.roles`; :mod:`battles.engine` is
the one adapter to ``rules_engine.witcher``.
"""
