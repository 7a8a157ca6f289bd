from __future__ import annotations

from typing import Any

from django import forms
from django.conf import settings
from django.contrib.auth.forms import AuthenticationForm, PasswordResetForm, UserCreationForm
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from games.accounts.models import User, timezone_names


def timezone_choices() -> list[tuple[str, str]]:
    return [(name, name.replace("_", " ")) for name in timezone_names()]


class PreferencesMixin(forms.ModelForm):  # type: ignore[type-arg]
    """Language and time-zone fields shared by the sign-up and the profile forms."""

    language = forms.ChoiceField(label=_("Language"), choices=settings.LANGUAGES)
    timezone = forms.ChoiceField(label=_("Time zone"), choices=timezone_choices)

    def clean_display_name(self) -> str:
        return str(self.cleaned_data.get("display_name", "")).strip()


class SignupForm(PreferencesMixin, UserCreationForm):  # type: ignore[type-arg]
    email = forms.EmailField(label=_("Email"), max_length=254)

    class Meta:
        model = User
        fields = ("username", "email", "display_name", "language", "timezone")
        labels = {"username": _("Username"), "display_name": _("Display name (optional)")}

    def clean_email(self) -> str:
        email = self.cleaned_data["email"].strip().lower()
        if User.objects.filter(email__iexact=email).exists():
            raise forms.ValidationError(
                _("An account with this email already exists. Log in or reset your password."),
                code="duplicate_email",
            )
        return email

    def clean_username(self) -> str:
        username = self.cleaned_data["username"].strip()
        if "@" in username:
            raise forms.ValidationError(_("A username cannot contain “@”."), code="at_sign")
        if User.objects.filter(username__iexact=username).exists():
            raise forms.ValidationError(_("This username is taken."), code="duplicate_username")
        return username


class LoginForm(AuthenticationForm):
    username = forms.CharField(
        label=_("Username or email"),
        max_length=254,
        widget=forms.TextInput(attrs={"autofocus": True, "autocomplete": "username"}),
    )


class ProfileForm(PreferencesMixin):
    class Meta:
        model = User
        fields = ("display_name", "language", "timezone")
        labels = {"display_name": _("Display name")}
        help_texts = {
            "display_name": _("Shown to other players. Leave empty to use your username.")
        }

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["display_name"].required = False


class LocalisedPasswordResetForm(PasswordResetForm):
    """Send the reset email in the language the user chose, whatever page they asked from."""

    def send_mail(
        self,
        subject_template_name: str,
        email_template_name: str,
        context: dict[str, Any],
        from_email: str | None,
        to_email: str,
        html_email_template_name: str | None = None,
    ) -> None:
        with translation.override(context["user"].language):
            super().send_mail(
                subject_template_name,
                email_template_name,
                context,
                from_email,
                to_email,
                html_email_template_name,
            )
