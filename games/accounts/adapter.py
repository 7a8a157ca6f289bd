"""How django-allauth fits Partida: who may sign up, what a new account holds, the language of
the account emails and of the page after logging in."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any
from urllib.parse import urlsplit

from allauth.account.adapter import DefaultAccountAdapter
from allauth.core import context as allauth_context
from django import forms
from django.conf import settings
from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from games.accounts.models import User
from games.core.i18n import set_language_cookie, url_in_language
from games.core.text import validate_single_line

SITE_NAME = "Partida"


def language_of_address(email: str) -> str | None:
    """The language of the account that uses ``email``, if one does."""
    user = User.objects.filter(email__iexact=email.strip()).only("language").first()
    return user.language if user is not None else None


#: The start of every house player's username.
HOUSE_PREFIX = "bot-"


class AccountAdapter(DefaultAccountAdapter):
    def is_open_for_signup(self, request: HttpRequest) -> bool:
        return bool(settings.ACCOUNT_SIGNUP_OPEN)

    def clean_username(self, username: str, shallow: bool = False) -> str:
        # A username never looks like an email address: a login names one or the other.
        validate_single_line(username)
        if "@" in username:
            raise forms.ValidationError(_("A username cannot contain “@”."), code="at_sign")
        if username.strip().lower().startswith(HOUSE_PREFIX):
            # "bot-risk-2" and the like are the house players' (games.house.accounts).
            raise forms.ValidationError(
                _("Usernames starting with “bot-” are kept for the site's house players."),
                code="house_player",
            )
        return str(super().clean_username(username, shallow=shallow))

    def save_user(self, request: HttpRequest, user: User, form: Any, commit: bool = True) -> Any:
        data = form.cleaned_data
        user.display_name = data.get("display_name", "")
        user.language = data.get("language") or settings.LANGUAGE_CODE
        user.timezone = data.get("timezone") or "UTC"
        return super().save_user(request, user, form, commit=commit)

    # Emails -------------------------------------------------------------------------------

    def send_mail(self, template_prefix: str, email: str, context: dict[str, Any]) -> None:
        """Render in the language of the account the email is about (else the page's), and
        name the site Partida, wherever the request came from."""
        user = context.get("user")
        language = getattr(user, "language", None) or language_of_address(email)
        request = allauth_context.request
        site = SimpleNamespace(name=SITE_NAME, domain=urlsplit(settings.SITE_URL).netloc)
        with translation.override(language or translation.get_language()):
            for key in ("password_reset_url", "activate_url", "signup_url"):
                if context.get(key):
                    context[key] = url_in_language(context[key], translation.get_language())
            full = {
                "request": request,
                "email": email,
                "current_site": site,
                "site_url": settings.SITE_URL,
                "name": getattr(user, "public_name", ""),
                "expire_days": settings.ACCOUNT_EMAIL_CONFIRMATION_EXPIRE_DAYS,
                **context,
            }
            self.render_mail(template_prefix, email, full).send()

    def get_email_confirmation_url(self, request: HttpRequest, emailconfirmation: Any) -> str:
        """The confirmation link, on SITE_URL like every link the site emails."""
        path = reverse("account_confirm_email", args=[emailconfirmation.key])
        return f"{settings.SITE_URL}{path}"

    def send_confirmation_mail(
        self, request: HttpRequest, emailconfirmation: Any, signup: bool
    ) -> None:
        language = getattr(emailconfirmation.email_address.user, "language", None)
        with translation.override(language or translation.get_language()):
            super().send_confirmation_mail(request, emailconfirmation, signup)

    # After confirming an address -----------------------------------------------------------

    def get_email_verification_redirect_url(self, email_address: Any) -> str:
        """A link opened in another browser than the sign-up's confirms the address without
        logging anyone in: the log-in page comes next, and says what to do there."""
        if not self.request.user.is_authenticated:
            self.add_message(
                self.request,
                messages.INFO,
                message=str(_("Log in with your username or this address to start playing.")),
            )
        return str(super().get_email_verification_redirect_url(email_address))

    # After logging in ----------------------------------------------------------------------

    def post_login(self, request: HttpRequest, user: User, **kwargs: Any) -> HttpResponse:
        """Continue in the user's own language, and remember it in the language cookie."""
        language = getattr(user, "language", "") or translation.get_language()
        with translation.override(language):
            response = super().post_login(request, user, **kwargs)
        if response.has_header("Location"):
            response["Location"] = url_in_language(response["Location"], language)
        set_language_cookie(response, language)
        return response
