"""Role gates for the pages: anonymous visitors are sent to sign in, the wrong role gets 403.

:func:`role_gate` builds a decorator that loads the object its URL names, asks a role question
(``league.roles``, ``battles.roles``, a game's roles) and passes the object to the view in
place of its id. Each app builds its own gates from it.
"""

from collections.abc import Callable
from functools import wraps

from django.contrib.auth.views import redirect_to_login
from django.core.exceptions import PermissionDenied
from django.http import HttpRequest, HttpResponse

View = Callable[..., HttpResponse]


def role_gate(load: Callable[[int], object], allowed: Callable[[object, object], bool]):
    """A decorator: sign-in required, ``load(pk)`` the object (404 if missing), 403 unless
    ``allowed(user, obj)``, then call the view with the object in place of its id."""

    def decorator(view: View) -> View:
        @wraps(view)
        def wrapper(request: HttpRequest, pk: int, *args, **kwargs) -> HttpResponse:
            if not request.user.is_authenticated:
                return redirect_to_login(request.get_full_path())
            obj = load(pk)
            if not allowed(request.user, obj):
                raise PermissionDenied
            return view(request, obj, *args, **kwargs)

        return wrapper

    return decorator
