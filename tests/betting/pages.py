"""What the betting page tests share: the pages' addresses, a fixture's slip and price, and
what the ledger holds."""

from django.urls import reverse

from betting import odds
from betting.league_settings import settings_of
from betting.models import Bet
from ledger.models import Entry, Transaction

HTMX = {"HTTP_HX_REQUEST": "true"}


def league_url(league, name="league"):
    return reverse(f"betting:{name}", args=[league.pk])


def slip_of(page, fixture):
    return page.find("form", id=f"slip-{fixture.pk}")


def price_of(fixture, outcome):
    return odds.quote(fixture, settings_of(fixture.season.league)).price(outcome)


def written():
    return Bet.objects.count(), Transaction.objects.count(), Entry.objects.count()
