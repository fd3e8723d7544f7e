"""What every demo builder shares: users with known passwords, made once."""

from django.contrib.auth.models import User


def demo_user(username: str, password: str) -> User:
    """The user called ``username``, created with ``password`` if missing (left as it is else)."""
    user, created = User.objects.get_or_create(username=username)
    if created:
        user.set_password(password)
        user.save()
    return user
