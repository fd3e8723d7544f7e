"""What every demo builder shares: users with known passwords, made once, the lines that
print their logins, and the evening the demo's next match kicks off."""

from datetime import datetime, timedelta

from django.contrib.auth.models import User
from django.utils import timezone


def demo_user(username: str, password: str) -> User:
    """The user called ``username``, created with ``password`` if missing (left as it is else)."""
    user, created = User.objects.get_or_create(username=username)
    if created:
        user.set_password(password)
        user.save()
    return user


def demo_login(username: str, password: str, teams: str) -> str:
    """A coach's login as ``manage.py demo_data`` prints it, with the ``teams`` they coach."""
    return f"  coach         username {username:<13} password {password}   ({teams})"


def evening(*, weeks_ago: int = 0) -> datetime:
    """Tomorrow at 20:00, ``weeks_ago`` weeks earlier: a demo's first kick-off when as many
    weekly rounds are past and played, the next one kicking off tomorrow evening."""
    tomorrow = timezone.now().replace(hour=20, minute=0, second=0, microsecond=0)
    return tomorrow + timedelta(days=1) - timedelta(weeks=weeks_ago)
