from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from games.notifications.models import (
    MAX_REMINDER_HOURS,
    NO_DIGEST,
    Category,
    Mode,
    NotificationSettings,
)
from games.push.subscriptions import enabled as push_enabled

MAX_RUNGS = 5


def mode_field(category: Category) -> forms.ChoiceField:
    choices = [(m.value, m.label) for m in Mode if not (m == Mode.DIGEST and category in NO_DIGEST)]
    return forms.ChoiceField(label=category.label, choices=choices, widget=forms.RadioSelect)


def push_name(category: str) -> str:
    return f"push_{category}"


class PreferencesForm(forms.Form):
    """One choice per category (and, when the site has Web Push, whether to push it), the
    reminder ladder, quiet hours and the digest's hour."""

    reminder_hours = forms.CharField(
        label=_("Hours before the deadline"),
        required=False,
        max_length=40,
        help_text=_("Separated by commas, for example “24, 2”. Leave empty for no reminders."),
    )
    quiet_start = forms.TimeField(
        label=pgettext_lazy("quiet hours", "From"),
        required=False,
        widget=forms.TimeInput(attrs={"type": "time"}),
        help_text=_("In your time zone. Emails are held until the quiet hours end."),
    )
    quiet_end = forms.TimeField(
        label=pgettext_lazy("quiet hours", "Until"),
        required=False,
        widget=forms.TimeInput(attrs={"type": "time"}),
    )
    digest_hour = forms.TypedChoiceField(
        label=_("Send it at"),
        required=False,
        coerce=int,
        empty_value=None,
        choices=[("", _("Never"))] + [(h, f"{h:02d}:00") for h in range(24)],
        help_text=_(
            "At this hour of your time zone: the matches where it is your turn, most "
            "urgent first, and the events you chose to read there."
        ),
    )

    def __init__(
        self,
        data: Mapping[str, Any] | None = None,
        *,
        settings: NotificationSettings,
        **kwargs: Any,
    ) -> None:
        initial = {
            **{category: settings.mode(category) for category in Category.values},
            "reminder_hours": ", ".join(str(h) for h in settings.ladder()),
            "quiet_start": settings.quiet_start,
            "quiet_end": settings.quiet_end,
            "digest_hour": settings.digest_hour,
        }
        self.with_push = push_enabled()
        if self.with_push:
            initial |= {push_name(c): settings.push_on(c) for c in Category.values}
        super().__init__(data, initial=initial, **kwargs)
        modes = {category.value: mode_field(category) for category in Category}
        pushes = {
            push_name(category.value): forms.BooleanField(
                label=_("Web Push"), required=False, help_text=category.label
            )
            for category in Category
            if self.with_push
        }
        self.fields = {**modes, **pushes, **self.fields}
        self.settings = settings

    def category_rows(self) -> list[tuple[forms.BoundField, forms.BoundField | None]]:
        """Each category's email choice, with its push box when the site has Web Push."""
        return [(self[c], self[push_name(c)] if self.with_push else None) for c in Category.values]

    def quiet_fields(self) -> list[forms.BoundField]:
        return [self["quiet_start"], self["quiet_end"]]

    def clean_reminder_hours(self) -> list[int]:
        text = self.cleaned_data.get("reminder_hours") or ""
        try:
            hours = sorted(
                {int(part) for part in text.replace(";", ",").split(",") if part.strip()},
                reverse=True,
            )
        except ValueError:
            raise forms.ValidationError(
                _("Write whole numbers of hours, separated by commas."), code="not_numbers"
            ) from None
        if any(h < 1 or h > MAX_REMINDER_HOURS for h in hours) or len(hours) > MAX_RUNGS:
            raise forms.ValidationError(
                _("Up to %(count)s reminders, each between 1 and %(max)s hours.")
                % {"count": MAX_RUNGS, "max": MAX_REMINDER_HOURS},
                code="out_of_range",
            )
        return hours

    def clean(self) -> dict[str, Any]:
        data = super().clean()
        assert data is not None  # Form.clean returns the cleaned data
        if (data.get("quiet_start") is None) != (data.get("quiet_end") is None):
            self.add_error("quiet_end", _("Give both ends of the quiet hours, or neither."))
        wants_digest = any(data.get(c) == Mode.DIGEST for c in Category.values)
        if wants_digest and data.get("digest_hour") is None:
            self.add_error("digest_hour", _("Choose an hour for the daily digest."))
        return data

    def save(self) -> NotificationSettings:
        settings, data = self.settings, self.cleaned_data
        settings.modes = {category: data[category] for category in Category.values}
        if self.with_push:
            settings.push_modes = {c: bool(data[push_name(c)]) for c in Category.values}
        settings.reminder_hours = data["reminder_hours"]
        settings.quiet_start, settings.quiet_end = data["quiet_start"], data["quiet_end"]
        settings.digest_hour = data["digest_hour"]
        settings.save()
        return settings
