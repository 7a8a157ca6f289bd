"""The caller's browsers subscribed to Web Push (the settings page lists the same ones)."""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _
from drf_spectacular.utils import extend_schema
from rest_framework.response import Response

from games.api.answers import PushSubscriptionOut, PushSubscriptionsOut
from games.api.serializers import PushSubscriptionInputSerializer
from games.api.views.base import ApiView, SignedInApiRequest, validated
from games.core.errors import ServiceError
from games.push import subscriptions
from games.push.models import PushSubscription

TAGS = ["account"]


class PushSubscriptions(ApiView):
    error_statuses = {"POST": (409,)}

    @extend_schema(
        tags=TAGS, summary="My browsers subscribed to Web Push, and the site's VAPID key",
        responses=PushSubscriptionsOut,
    )  # fmt: skip
    def get(self, request: SignedInApiRequest) -> Response:
        mine = PushSubscription.objects.filter(user=request.user).order_by("-created_at", "-pk")
        return Response(PushSubscriptionsOut(mine).data)

    @extend_schema(
        tags=TAGS, summary="Subscribe a browser to Web Push",
        description="The body is the browser's subscription (`PushSubscription.toJSON()`, made "
        "with the `public_key` of the GET). A browser already subscribed is taken over. 409 "
        "`push_unavailable` when the site has no Web Push; 400 `bad_push_endpoint` for an "
        "endpoint that is not an https address of the internet.",
        request=PushSubscriptionInputSerializer, responses={201: PushSubscriptionOut},
    )  # fmt: skip
    def post(self, request: SignedInApiRequest) -> Response:
        data = validated(PushSubscriptionInputSerializer, request.data)
        device = data.get("device") or request.headers.get("User-Agent", "")
        subscription = subscriptions.subscribe(
            request.user, data["endpoint"], data["keys"]["p256dh"], data["keys"]["auth"], device
        )
        return Response(PushSubscriptionOut(subscription).data, status=201)


class PushSubscriptionDetail(ApiView):
    @extend_schema(
        tags=TAGS, summary="Unsubscribe a browser: it gets no more pushes",
        request=None, responses={204: None},
    )  # fmt: skip
    def delete(self, request: SignedInApiRequest, pk: int) -> Response:
        if not subscriptions.unsubscribe(request.user, pk):
            raise ServiceError("not_found", _("You have no such device."), 404)
        return Response(status=204)
