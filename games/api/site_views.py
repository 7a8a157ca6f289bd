"""Pages to make and revoke API tokens and to set the webhook, linked from the profile.

A new token (or webhook secret) is shown in the answer to the POST that made it, never
stored in a message or cookie, and the answer is marked ``no-store``.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpResponse
from django.shortcuts import redirect, render
from django.utils.cache import add_never_cache_headers
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_GET, require_POST

from games.accounts.signed_in import SignedInRequest
from games.api import tokens, webhooks
from games.api.models import ApiToken, Webhook
from games.api.throttling import TokenThrottle
from games.core.errors import ServiceError
from games.core.text import validate_single_line


class TokenForm(forms.Form):
    name = forms.CharField(
        label=gettext_lazy("Name"), max_length=60, validators=[validate_single_line],
        help_text=gettext_lazy("What the token is for, e.g. “my bot”."),
    )  # fmt: skip


class WebhookForm(forms.Form):
    url = forms.URLField(
        label=gettext_lazy("URL"), max_length=500, assume_scheme="https",
        validators=[validate_single_line],
        help_text=gettext_lazy(
            "Where the signed POSTs are sent: an address of the internet, http:// or https://."
        ),
    )  # fmt: skip
    rotate_secret = forms.BooleanField(
        label=gettext_lazy("Make a new secret (the old one stops working)"), required=False
    )

    def __init__(self, *args: Any, existing: bool = False, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        if not existing:
            del self.fields["rotate_secret"]


def _page(request: SignedInRequest, status: int = 200, **extra: Any) -> HttpResponse:
    webhook = Webhook.objects.filter(user=request.user).first()
    context = {
        "tokens": ApiToken.objects.filter(user=request.user),
        "webhook": webhook,
        "token_form": TokenForm(),
        "webhook_form": WebhookForm(
            existing=webhook is not None, initial={"url": webhook.url if webhook else ""}
        ),
        **extra,
    }
    if webhook is not None:
        context["deliveries"] = webhook.deliveries.order_by("-id")[:10]
    response = render(request, "api/access.html", context, status=status)
    add_never_cache_headers(response)
    return response


@login_required
@require_GET
def index(request: SignedInRequest) -> HttpResponse:
    return _page(request)


@login_required
@require_POST
def create_token(request: SignedInRequest) -> HttpResponse:
    form = TokenForm(request.POST)
    if not form.is_valid():
        return _page(request, status=400, token_form=form)
    if not TokenThrottle().allow_request(request, None):
        form.add_error(None, _("You made many tokens lately. Try again in an hour."))
        return _page(request, status=429, token_form=form)
    try:
        token, raw = tokens.create_token(request.user, form.cleaned_data["name"])
    except ServiceError as error:
        form.add_error(None, str(error.message))
        return _page(request, status=error.status, token_form=form)
    return _page(request, status=201, new_token=raw, new_token_name=token.name)


@login_required
@require_POST
def revoke_token(request: SignedInRequest, pk: int) -> HttpResponse:
    try:
        tokens.revoke_token(request.user, pk)
    except ServiceError as error:
        messages.error(request, str(error.message))
    else:
        messages.success(request, _("The token is revoked: it no longer works."))
    return redirect("api_access:index")


@login_required
@require_POST
def save_webhook(request: SignedInRequest) -> HttpResponse:
    form = WebhookForm(request.POST, existing=Webhook.objects.filter(user=request.user).exists())
    if not form.is_valid():
        return _page(request, status=400, webhook_form=form)
    try:
        webhook, new_secret = webhooks.save_webhook(
            request.user, form.cleaned_data["url"], form.cleaned_data.get("rotate_secret", False)
        )
    except ServiceError as error:
        form.add_error("url", str(error.message))
        return _page(request, status=400, webhook_form=form)
    if not new_secret:
        messages.success(request, _("The webhook is saved."))
        return redirect("api_access:index")
    return _page(request, new_secret=webhook.secret)


@login_required
@require_POST
def delete_webhook(request: SignedInRequest) -> HttpResponse:
    Webhook.objects.filter(user=request.user).delete()
    messages.success(request, _("The webhook is removed."))
    return redirect("api_access:index")
