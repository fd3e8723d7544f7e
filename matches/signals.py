"""Signals ``matches`` sends to the apps above it, defined here beside the code that sends
them, so that ``matches`` never imports what hears them.

``fixtures_generating(season)``: a round robin is about to be generated for ``season`` (its
league page asks too, before offering the button). An app that makes the season's fixtures
itself, as a tournament does, raises a :class:`core.refusals.Refused` from its receiver; the
refusal reaches the commissioner unchanged and nothing is written."""

from django.dispatch import Signal

fixtures_generating = Signal()
