"""The service worker at the site's root, and subscribing or removing a browser from the
notification settings page (its script posts the browser's subscription as JSON)."""

from __future__ import annotations

import json

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET, require_POST

from games.accounts.signed_in import SignedInRequest
from games.core.errors import ServiceError
from games.push import subscriptions

#: The largest subscription the page posts (an endpoint is a few hundred characters).
MAX_BODY = 4096


@require_GET
def service_worker(request: HttpRequest) -> HttpResponse:
    """``/sw.js``: served from the root so that its scope is the whole site."""
    response = render(request, "push/sw.js", content_type="text/javascript; charset=utf-8")
    response["Service-Worker-Allowed"] = "/"
    response["Cache-Control"] = "no-cache"
    return response


def read_subscription(body: bytes) -> tuple[str, str, str]:
    """The endpoint and keys of a subscription as the browser's ``toJSON()`` gives it."""
    bad = ServiceError("bad_subscription", _("This is not a push subscription."), 400)
    if len(body) > MAX_BODY:
        raise bad
    try:
        data = json.loads(body)
    except ValueError:
        raise bad from None
    keys = data.get("keys") if isinstance(data, dict) else None
    if not isinstance(keys, dict):
        raise bad
    endpoint, p256dh, auth = data.get("endpoint"), keys.get("p256dh"), keys.get("auth")
    if not (isinstance(endpoint, str) and isinstance(p256dh, str) and isinstance(auth, str)):
        raise bad
    if not all(0 < len(f) <= 1000 for f in (endpoint, p256dh, auth)):
        raise bad
    return endpoint, p256dh, auth


@login_required
@require_POST
def subscribe(request: SignedInRequest) -> JsonResponse:
    """Record this browser's subscription (posted as JSON by ``static/push/settings.js``)."""
    try:
        endpoint, p256dh, auth = read_subscription(request.body)
        agent = request.headers.get("User-Agent", "")
        device = subscriptions.subscribe(request.user, endpoint, p256dh, auth, agent)
    except ServiceError as error:
        return JsonResponse({"code": error.code, "message": str(error)}, status=error.status)
    return JsonResponse({"id": device.pk, "device": device.user_agent}, status=201)


@login_required
@require_POST
def remove(request: SignedInRequest, pk: int) -> HttpResponse:
    if subscriptions.unsubscribe(request.user, pk):
        messages.success(request, _("This device will get no more push notifications."))
    return redirect("notifications:preferences")
