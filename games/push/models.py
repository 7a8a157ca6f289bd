"""The browsers a user subscribed to Web Push: one row per device (its push endpoint)."""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.utils.translation import gettext_lazy as _


class PushSubscription(models.Model):
    """A browser's push subscription: where to post (``endpoint``) and the keys that encrypt
    what is posted there, so that only that browser can read it."""

    user = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="push_subscriptions"
    )
    #: The push service's URL for this browser; one browser is one row whoever subscribes it.
    endpoint = models.URLField(max_length=1000, unique=True)
    #: The browser's P-256 public key and its 16-byte auth secret, base64url as it gives them.
    p256dh = models.CharField(max_length=200)
    auth = models.CharField(max_length=100)
    #: A label for the list of devices ("Firefox on Linux"), from the browser's user agent.
    user_agent = models.CharField(_("device"), max_length=120, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    last_success_at = models.DateTimeField(null=True, blank=True)

    class Meta:
        verbose_name = _("push subscription")
        verbose_name_plural = _("push subscriptions")

    def __str__(self) -> str:
        return f"{self.user} on {self.user_agent or '?'}"

    def info(self) -> dict[str, object]:
        """The subscription as the browser's ``PushSubscription.toJSON()`` gives it."""
        return {"endpoint": self.endpoint, "keys": {"p256dh": self.p256dh, "auth": self.auth}}
