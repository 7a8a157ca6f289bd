from __future__ import annotations

from typing import Any

from allauth.account import forms as allauth_forms
from django import forms
from django.conf import settings
from django.core.validators import MaxLengthValidator
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from games.accounts.models import DISPLAY_NAME_LENGTH, User, timezone_names
from games.core.text import LineField
from games.core.widgets import LongSelect

#: The longest text the login field takes (a username or an email address).
LOGIN_LENGTH = 254


def timezone_choices() -> list[tuple[str, str]]:
    return [(name, name.replace("_", " ")) for name in timezone_names()]


class PreferencesMixin(forms.Form):
    """Language and time-zone fields shared by the sign-up and the profile forms."""

    language = forms.ChoiceField(label=_("Language"), choices=settings.LANGUAGES)
    timezone = forms.ChoiceField(label=_("Time zone"), choices=timezone_choices, widget=LongSelect)


class SignupForm(PreferencesMixin, allauth_forms.SignupForm):
    """Allauth's sign-up (username, email, password twice) with the display name, language
    and time zone of the profile. The account is saved by ``AccountAdapter.save_user``."""

    display_name = LineField(
        label=_("Display name (optional)"), max_length=DISPLAY_NAME_LENGTH, required=False
    )
    field_order = [
        "username", "email", "display_name", "language", "timezone", "password1", "password2",
    ]  # fmt: skip

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["username"].label = _("Username")
        username = self.fields["username"]
        assert isinstance(username, forms.CharField)  # allauth's signup form makes it one
        username.max_length = User._meta.get_field("username").max_length
        self.fields["email"].label = _("Email")
        for name in ("username", "email"):
            self.fields[name].widget.attrs.pop("placeholder", None)
        if not self.is_bound:
            self.initial.setdefault("language", translation.get_language())
            self.initial.setdefault("timezone", "UTC")
            # The page's script (static/accounts/timezone.js) puts the browser's zone instead.
            self.fields["timezone"].widget.attrs["data-browser-zone"] = ""


class LoginForm(allauth_forms.LoginForm):
    """Allauth's log-in by username or email, with a bounded field."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        login = self.fields["login"]
        login.label = _("Username or email")
        login.max_length = LOGIN_LENGTH
        login.widget.attrs.update({"autocomplete": "username", "maxlength": LOGIN_LENGTH})
        login.widget.attrs.pop("placeholder", None)
        login.validators.append(MaxLengthValidator(LOGIN_LENGTH))


class ProfileForm(PreferencesMixin, forms.ModelForm):
    display_name = LineField(
        label=_("Display name"),
        max_length=DISPLAY_NAME_LENGTH,
        required=False,
        help_text=_("Shown to other players. Leave empty to use your username."),
    )

    auto_forced_moves = forms.BooleanField(
        label=_("Play my forced moves for me"),
        required=False,
        help_text=_(
            "When your only move has nothing to choose in it (end the turn, pass, draw), it is "
            "played at once and the move log says so."
        ),
    )

    class Meta:
        model = User
        fields = ("display_name", "language", "timezone", "auto_forced_moves")
