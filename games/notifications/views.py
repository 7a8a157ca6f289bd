"""The reader's side: preferences, unsubscribing and muting from an email, the calendar feed.

Links in emails work without logging in: they carry a signed token. GET only shows what a
click would do (mail scanners follow links); POST does it. The unsubscribe URL also takes
the one-click POST of RFC 8058 from mail programs, which send no CSRF token.
"""

from __future__ import annotations

from django.conf import settings as django_settings
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.db import transaction
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.csrf import csrf_exempt
from django.views.decorators.http import require_http_methods, require_POST

from games.accounts.models import User
from games.accounts.signed_in import SignedInRequest
from games.notifications import calendar, tokens
from games.notifications.forms import PreferencesForm
from games.notifications.models import (
    AddressOptOut,
    Category,
    MatchMute,
    Mode,
    NotificationSettings,
    new_calendar_token,
)
from games.play.models import Match
from games.push.models import PushSubscription
from games.push.subscriptions import enabled as push_enabled


def own_settings(user: User) -> NotificationSettings:
    return NotificationSettings.objects.get_or_create(user=user)[0]


@login_required
@require_http_methods(["GET", "POST"])
def preferences(request: SignedInRequest) -> HttpResponse:
    settings = own_settings(request.user)
    form = PreferencesForm(request.POST or None, settings=settings)
    if request.method == "POST" and form.is_valid():
        form.save()
        messages.success(request, _("Your email settings were saved."))
        return redirect("notifications:preferences")
    mutes = MatchMute.objects.filter(user=request.user).select_related("match").order_by("-pk")
    feed = request.build_absolute_uri(
        reverse("notifications:calendar", args=[settings.calendar_token])
    )
    context = {"form": form, "mutes": mutes, "calendar_url": feed, **push_context(request)}
    return render(
        request, "notifications/preferences.html", context, status=400 if form.errors else 200
    )


def push_context(request: SignedInRequest) -> dict[str, object]:
    """The Web Push section: whether the site has it, its public key, the user's browsers."""
    if not push_enabled():
        return {"push_enabled": False}
    devices = PushSubscription.objects.filter(user=request.user).order_by("-created_at", "-pk")
    return {
        "push_enabled": True,
        "vapid_public_key": django_settings.VAPID_PUBLIC_KEY,
        "push_devices": devices,
    }


@login_required
@require_POST
def new_calendar_url(request: SignedInRequest) -> HttpResponse:
    NotificationSettings.objects.filter(pk=own_settings(request.user).pk).update(
        calendar_token=new_calendar_token()
    )
    messages.success(request, _("Your calendar has a new address; the old one no longer works."))
    return redirect("notifications:preferences")


@login_required
@require_POST
def unmute(request: SignedInRequest, match_id: int) -> HttpResponse:
    MatchMute.objects.filter(user=request.user, match_id=match_id).delete()
    messages.success(request, _("You will get emails about this match again."))
    return redirect("notifications:preferences")


@csrf_exempt
@require_http_methods(["GET", "POST"])
def unsubscribe(request: HttpRequest, token: str) -> HttpResponse:
    data = tokens.read(token, tokens.UNSUBSCRIBE_SALT) or {}
    category = data.get("c")
    if category not in [*Category.values, "digest"]:
        raise Http404(_("This link is not valid."))
    user = User.objects.filter(pk=data["u"]).first() if "u" in data else None
    address = str(data.get("a", ""))
    if user is None and not address:
        raise Http404(_("This link is not valid."))
    label = Category(category).label if category != "digest" else _("The daily digest")
    context = {"category": label, "address": user.email if user else address, "done": False}
    if request.method == "POST":
        if user is not None:
            stop(user, category)
        else:
            AddressOptOut.objects.get_or_create(address=address.lower())
        context["done"] = True
    return render(request, "notifications/unsubscribe.html", context)


def stop(user: User, category: str) -> None:
    with transaction.atomic():
        settings = own_settings(user)
        if category == "digest":
            settings.digest_hour = None
            settings.modes = {
                c: Mode.OFF if settings.mode(c) == Mode.DIGEST else settings.mode(c)
                for c in Category.values
            }
        else:
            settings.modes = {**settings.modes, category: Mode.OFF}
        settings.save()


@require_http_methods(["GET", "POST"])
def mute(request: HttpRequest, token: str) -> HttpResponse:
    data = tokens.read(token, tokens.MUTE_SALT) or {}
    user_id, match_id = data.get("u"), data.get("m")
    user = User.objects.filter(pk=user_id).first() if user_id is not None else None
    match = Match.objects.filter(pk=match_id).first() if match_id is not None else None
    if user is None or match is None:
        raise Http404(_("This link is not valid."))
    done = request.method == "POST"
    if done:
        MatchMute.objects.get_or_create(user=user, match=match)
    return render(request, "notifications/mute.html", {"match": match, "done": done})


def calendar_feed(request: HttpRequest, token: str) -> HttpResponse:
    settings = get_object_or_404(
        NotificationSettings.objects.select_related("user"), calendar_token=token
    )
    response = HttpResponse(
        calendar.feed(settings.user), content_type="text/calendar; charset=utf-8"
    )
    response["Cache-Control"] = "private, max-age=300"
    return response
