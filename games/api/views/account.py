"""The caller's own things: profile, personal tokens and the webhook for bots."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework.authentication import SessionAuthentication
from rest_framework.request import Request
from rest_framework.response import Response

from games.accounts.forms import ProfileForm
from games.accounts.verification import has_verified_email
from games.api import tokens, webhooks
from games.api.models import ApiToken, Webhook
from games.api.serializers import (
    NewTokenOut,
    NotificationPrefsSerializer,
    ProfileInputSerializer,
    ProfileOut,
    TokenInputSerializer,
    TokenOut,
    WebhookInputSerializer,
    WebhookOut,
)
from games.api.views.base import ApiView, validated
from games.play import vacation
from games.play.errors import PlayError

TAGS = ["account"]
RECENT_DELIVERIES = 20


def profile(user: Any) -> dict[str, Any]:
    return {
        "username": user.username,
        "email": user.email,
        "email_verified": has_verified_email(user),
        "display_name": user.display_name,
        "name": user.public_name,
        "language": user.language,
        "timezone": user.timezone,
        "on_vacation": vacation.on_vacation(user.pk),
        "vacation_days_left": round(vacation.days_left(user), 2),
        "webhook": Webhook.objects.filter(user=user).exists(),
    }


class Me(ApiView):
    @extend_schema(tags=TAGS, summary="My profile", responses=ProfileOut)
    def get(self, request: Request) -> Response:
        return Response(profile(request.user))

    @extend_schema(
        tags=TAGS, summary="Change my display name, language or time zone",
        request=ProfileInputSerializer, responses=ProfileOut,
    )  # fmt: skip
    def patch(self, request: Request) -> Response:
        data = validated(ProfileInputSerializer, request.data)
        user = request.user
        current = {"display_name": user.display_name, "language": user.language,
                   "timezone": user.timezone}  # fmt: skip
        # The profile page's own form saves it, so both paths apply the same rules.
        form = ProfileForm({**current, **data}, instance=user)
        if not form.is_valid():
            from rest_framework.exceptions import ValidationError

            raise ValidationError({k: [str(m) for m in v] for k, v in form.errors.items()})
        form.save()
        return Response(profile(user))


def preferences(settings: Any) -> dict[str, Any]:
    from games.notifications.models import Category

    return {
        "modes": {category: settings.mode(category) for category in Category.values},
        "reminder_hours": settings.ladder(),
        "quiet_start": settings.quiet_start.strftime("%H:%M") if settings.quiet_start else None,
        "quiet_end": settings.quiet_end.strftime("%H:%M") if settings.quiet_end else None,
        "digest_hour": settings.digest_hour,
    }


class NotificationPrefs(ApiView):
    """The email preferences of the notifications app, read and saved through its own form."""

    error_statuses = {"PATCH": (409,)}

    @extend_schema(tags=TAGS, summary="My email notification preferences",
                   responses=NotificationPrefsSerializer)  # fmt: skip
    def get(self, request: Request) -> Response:
        from games.notifications.models import settings_for

        return Response(preferences(settings_for(request.user)))

    @extend_schema(
        tags=TAGS, summary="Change my email notification preferences",
        request=NotificationPrefsSerializer, responses=NotificationPrefsSerializer,
    )  # fmt: skip
    def patch(self, request: Request) -> Response:
        from games.notifications.forms import PreferencesForm
        from games.notifications.models import settings_for

        data = validated(NotificationPrefsSerializer, request.data)
        current = settings_for(request.user)
        before = preferences(current)
        merged = {**before, **data, "modes": {**before["modes"], **data.get("modes", {})}}
        form_data = {
            **merged["modes"],
            "reminder_hours": ", ".join(str(h) for h in merged["reminder_hours"]),
            "quiet_start": _clock(merged["quiet_start"]),
            "quiet_end": _clock(merged["quiet_end"]),
            "digest_hour": "" if merged["digest_hour"] is None else str(merged["digest_hour"]),
        }
        form = PreferencesForm(form_data, settings=current)
        if not form.is_valid():
            # Each field was valid (above): together with the settings kept, they conflict.
            raise PlayError(
                "conflicting_settings",
                _("These settings do not go together with the ones you keep: see `fields`."),
                409,
                fields={k: [str(m) for m in v] for k, v in form.errors.items()},
            )
        return Response(preferences(form.save()))


def _clock(value: Any) -> str:
    if value is None:
        return ""
    return value if isinstance(value, str) else value.strftime("%H:%M")


def token_data(token: ApiToken) -> dict[str, Any]:
    return {
        "id": token.pk,
        "name": token.name,
        "prefix": token.prefix,
        "created_at": token.created_at,
        "last_used_at": token.last_used_at,
    }


class Tokens(ApiView):
    write_scope = "tokens"
    error_statuses = {"POST": (409,)}

    @extend_schema(
        tags=TAGS, summary="My API tokens", responses=TokenOut(many=True),
        operation_id="me_tokens_list",
    )  # fmt: skip
    def get(self, request: Request) -> Response:
        return Response([token_data(t) for t in ApiToken.objects.filter(user=request.user)])

    @extend_schema(
        tags=TAGS, summary="Make a token (from a logged-in browser session only)",
        description="The token is in this answer only: it is stored hashed. A token cannot "
        "make more tokens: the call needs the site's session (and its CSRF token).",
        request=TokenInputSerializer, responses={201: NewTokenOut},
    )  # fmt: skip
    def post(self, request: Request) -> Response:
        if not isinstance(request.successful_authenticator, SessionAuthentication):
            raise PlayError(
                "session_required", _("Make tokens from your profile page, logged in."), 403
            )
        data = validated(TokenInputSerializer, request.data)
        token, raw = tokens.create_token(request.user, data["name"])
        return Response({**token_data(token), "token": raw}, status=201)


class TokenDetail(ApiView):
    @extend_schema(
        tags=TAGS, summary="Revoke a token: it stops working at once", responses={204: None}
    )
    def delete(self, request: Request, pk: int) -> Response:
        tokens.revoke_token(request.user, pk)
        return Response(status=204)


def webhook_data(webhook: Webhook, show_secret: bool = False) -> dict[str, Any]:
    deliveries = webhook.deliveries.order_by("-id")[:RECENT_DELIVERIES]
    data = {
        "url": webhook.url,
        "active": webhook.active,
        "created_at": webhook.created_at,
        "recent_deliveries": [
            {
                "id": d.pk, "match": d.match_id, "version": d.version, "event": d.event,
                "status": d.status, "attempts": d.attempts,
                "last_status_code": d.last_status_code, "created_at": d.created_at,
                "delivered_at": d.delivered_at,
            }
            for d in deliveries
        ],
    }  # fmt: skip
    if show_secret:
        data["secret"] = webhook.secret
    return data


class WebhookView(ApiView):
    error_statuses = {"GET": (404,), "DELETE": (404,)}

    @extend_schema(tags=TAGS, summary="My webhook and its recent deliveries", responses=WebhookOut)
    def get(self, request: Request) -> Response:
        webhook = Webhook.objects.filter(user=request.user).first()
        if webhook is None:
            raise PlayError("not_found", _("You have no webhook."), 404)
        return Response(webhook_data(webhook))

    @extend_schema(
        tags=TAGS, summary="Register or change my webhook",
        description="Each time it becomes your turn, the URL gets a POST signed with HMAC-SHA256 "
        "(header `X-Partida-Signature: t=<unix time>,v1=<hex of HMAC(secret, \"<t>.<body>\")>`). "
        "The secret is in the answer when the webhook is created or `rotate_secret` is true.",
        request=WebhookInputSerializer, responses={200: WebhookOut},
    )  # fmt: skip
    def put(self, request: Request) -> Response:
        data = validated(WebhookInputSerializer, request.data)
        webhook, new_secret = webhooks.save_webhook(
            request.user, data["url"], data["rotate_secret"]
        )
        return Response(webhook_data(webhook, show_secret=new_secret))

    @extend_schema(tags=TAGS, summary="Remove my webhook", request=None, responses={204: None})
    def delete(self, request: Request) -> Response:
        deleted, _rows = Webhook.objects.filter(user=request.user).delete()
        if not deleted:
            raise PlayError("not_found", _("You have no webhook."), 404)
        return Response(status=204)
