"""The Mythril demo league, built through the services (``manage.py demo_data``)."""

from django.contrib.auth.models import User


def build(commissioner: User) -> list[str]:
    return []
