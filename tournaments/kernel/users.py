"""Who asks a step: ``request.user``, a director logged in or a visitor who is not."""

from django.contrib.auth.models import AnonymousUser, User

# What ``request.user`` is (``AUTH_USER_MODEL`` is Django's own ``User``).
Asker = User | AnonymousUser


def logged_in(user: Asker) -> User:
    """``request.user`` where ``login_required`` let the request in: a user who logged in."""
    assert user.is_authenticated
    return user
