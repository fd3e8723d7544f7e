"""django-axes' lockout check as the first authentication backend.

Every sign-in that comes from outside (the web form, the token endpoint) passes its request,
and is counted and checked. A call without a request comes from the project's own code or
tests (``Client.login``), has no client address to count, and is left to the next backend
instead of being refused.
"""

from axes.backends import AxesStandaloneBackend


class LockoutBackend(AxesStandaloneBackend):
    def authenticate(self, request, username=None, password=None, **kwargs):
        if request is None:
            return None
        return super().authenticate(request, username, password, **kwargs)
