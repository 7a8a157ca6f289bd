"""The caller's own things: profile, personal tokens and the webhook for bots."""

from __future__ import annotations

from typing import Any

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework.authentication import SessionAuthentication
from rest_framework.request import Request
from rest_framework.response import Response

from games.accounts.forms import ProfileForm
from games.api import tokens, webhooks
from games.api.answers import NewTokenOut, ProfileOut, TokenOut, WebhookOut
from games.api.models import ApiToken, Webhook
from games.api.serializers import (
    NotificationPrefsSerializer,
    ProfileInputSerializer,
    TokenInputSerializer,
    WebhookInputSerializer,
)
from games.api.views.base import ApiView, SignedInApiRequest, validated
from games.core.errors import ServiceError
from games.notifications.forms import PreferencesForm
from games.notifications.models import Category, settings_for

TAGS = ["account"]


class Me(ApiView):
    @extend_schema(tags=TAGS, summary="My profile", responses=ProfileOut)
    def get(self, request: Request) -> Response:
        return Response(ProfileOut(request.user).data)

    @extend_schema(
        tags=TAGS, summary="Change my display name, language, time zone or forced moves setting",
        request=ProfileInputSerializer, responses=ProfileOut,
    )  # fmt: skip
    def patch(self, request: SignedInApiRequest) -> Response:
        data = validated(ProfileInputSerializer, request.data)
        user = request.user
        current = {
            "display_name": user.display_name,
            "language": user.language,
            "timezone": user.timezone,
            "auto_forced_moves": user.auto_forced_moves,
        }
        # The profile page's own form saves it, so both paths apply the same rules.
        form = ProfileForm({**current, **data}, instance=user)
        if not form.is_valid():
            from rest_framework.exceptions import ValidationError

            raise ValidationError({k: [str(m) for m in v] for k, v in form.errors.items()})
        form.save()
        return Response(ProfileOut(user).data)


def preferences(settings: Any) -> dict[str, Any]:
    return {
        "modes": {category: settings.mode(category) for category in Category.values},
        "push": {category: settings.push_on(category) for category in Category.values},
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
    def get(self, request: SignedInApiRequest) -> Response:
        return Response(NotificationPrefsSerializer(preferences(settings_for(request.user))).data)

    @extend_schema(
        tags=TAGS, summary="Change my email notification preferences",
        request=NotificationPrefsSerializer, responses=NotificationPrefsSerializer,
    )  # fmt: skip
    def patch(self, request: SignedInApiRequest) -> Response:
        data = validated(NotificationPrefsSerializer, request.data)
        current = settings_for(request.user)
        before = preferences(current)
        merged = {
            **before,
            **data,
            "modes": {**before["modes"], **data.get("modes", {})},
            "push": {**before["push"], **data.get("push", {})},
        }
        form_data = {
            **merged["modes"],
            **{f"push_{category}": "on" for category, on in merged["push"].items() if on},
            "reminder_hours": ", ".join(str(h) for h in merged["reminder_hours"]),
            "quiet_start": _clock(merged["quiet_start"]),
            "quiet_end": _clock(merged["quiet_end"]),
            "digest_hour": "" if merged["digest_hour"] is None else str(merged["digest_hour"]),
        }
        form = PreferencesForm(form_data, settings=current)
        if not form.is_valid():
            # Each field was valid (above): together with the settings kept, they conflict.
            raise ServiceError(
                "conflicting_settings",
                _("These settings do not go together with the ones you keep: see `fields`."),
                409,
                fields={k: [str(m) for m in v] for k, v in form.errors.items()},
            )
        return Response(NotificationPrefsSerializer(preferences(form.save())).data)


def _clock(value: Any) -> str:
    if value is None:
        return ""
    return value if isinstance(value, str) else value.strftime("%H:%M")


class Tokens(ApiView):
    write_scope = "tokens"
    error_statuses = {"POST": (409,)}

    @extend_schema(
        tags=TAGS, summary="My API tokens", responses=TokenOut(many=True),
        operation_id="me_tokens_list",
    )  # fmt: skip
    def get(self, request: SignedInApiRequest) -> Response:
        return Response(TokenOut(ApiToken.objects.filter(user=request.user), many=True).data)

    @extend_schema(
        tags=TAGS, summary="Make a token (from a logged-in browser session only)",
        description="The token is in this answer only: it is stored hashed. A token cannot "
        "make more tokens: the call needs the site's session (and its CSRF token).",
        request=TokenInputSerializer, responses={201: NewTokenOut},
    )  # fmt: skip
    def post(self, request: SignedInApiRequest) -> Response:
        if not isinstance(request.successful_authenticator, SessionAuthentication):
            raise ServiceError(
                "session_required", _("Make tokens from your profile page, logged in."), 403
            )
        data = validated(TokenInputSerializer, request.data)
        token, raw = tokens.create_token(request.user, data["name"])
        return Response(NewTokenOut(token, context={"token": raw}).data, status=201)


class TokenDetail(ApiView):
    @extend_schema(
        tags=TAGS, summary="Revoke a token: it stops working at once", responses={204: None}
    )
    def delete(self, request: SignedInApiRequest, pk: int) -> Response:
        tokens.revoke_token(request.user, pk)
        return Response(status=204)


class WebhookView(ApiView):
    error_statuses = {"GET": (404,), "DELETE": (404,)}

    @extend_schema(tags=TAGS, summary="My webhook and its recent deliveries", responses=WebhookOut)
    def get(self, request: SignedInApiRequest) -> Response:
        webhook = Webhook.objects.filter(user=request.user).first()
        if webhook is None:
            raise ServiceError("not_found", _("You have no webhook."), 404)
        return Response(WebhookOut(webhook).data)

    @extend_schema(
        tags=TAGS, summary="Register or change my webhook",
        description="Each time it becomes your turn, the URL gets a POST signed with HMAC-SHA256 "
        "(header `X-Partida-Signature: t=<unix time>,v1=<hex of HMAC(secret, \"<t>.<body>\")>`). "
        "The secret is in the answer when the webhook is created or `rotate_secret` is true.",
        request=WebhookInputSerializer, responses={200: WebhookOut},
    )  # fmt: skip
    def put(self, request: SignedInApiRequest) -> Response:
        data = validated(WebhookInputSerializer, request.data)
        webhook, new_secret = webhooks.save_webhook(
            request.user, data["url"], data["rotate_secret"]
        )
        return Response(WebhookOut(webhook, context={"show_secret": new_secret}).data)

    @extend_schema(tags=TAGS, summary="Remove my webhook", request=None, responses={204: None})
    def delete(self, request: SignedInApiRequest) -> Response:
        deleted, _rows = Webhook.objects.filter(user=request.user).delete()
        if not deleted:
            raise ServiceError("not_found", _("You have no webhook."), 404)
        return Response(status=204)
