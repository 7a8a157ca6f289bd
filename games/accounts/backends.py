from django.contrib.auth.backends import ModelBackend


class UsernameOrEmailBackend(ModelBackend):
    """Django's model backend; the user manager resolves a username or an email address."""
