from __future__ import annotations

from collections.abc import Iterable
from typing import Any, cast

from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext

from games.core.text import validate_single_line
from games.rulebooks import markup
from games.rulebooks.anchors import required_anchors
from games.rulebooks.models import MAX_NUMBER

MAX_MARKDOWN = 300_000


class EditForm(forms.Form):
    """The whole page as Markdown, why it changed, and the revision the editor started from."""

    markdown = forms.CharField(
        label=_("Text of the page (Markdown)"),
        widget=forms.Textarea(attrs={"rows": 30, "spellcheck": "true", "class": "markdown"}),
        max_length=MAX_MARKDOWN,
        help_text=_(
            "The first line is the title (“# …”). Each section starts with “## Heading "
            "{#anchor}”; keep the anchors as they are: the games and the other languages "
            "link to them."
        ),
    )
    summary = forms.CharField(
        label=_("Summary of your changes"),
        max_length=200,
        validators=[validate_single_line],
        help_text=_("A few words for the history, like “Clarified the two-card rule”."),
    )
    base_revision = forms.IntegerField(widget=forms.HiddenInput, min_value=0, max_value=MAX_NUMBER)
    source_revision = forms.IntegerField(
        widget=forms.HiddenInput, min_value=1, max_value=MAX_NUMBER, required=False
    )
    up_to_date = forms.MultipleChoiceField(
        label=_("Sections that now match the English page"),
        widget=forms.CheckboxSelectMultiple,
        required=False,
        help_text=_(
            "Sections whose text you change are marked as translated from the current "
            "English revision. Tick the outdated sections that needed no change."
        ),
    )

    def __init__(
        self,
        *args: Any,
        game: str,
        translation: bool = False,
        outdated: Iterable[tuple[str, str]] = (),
        **kwargs: Any,
    ) -> None:
        super().__init__(*args, **kwargs)
        self.game = game
        self.translation = translation
        # A translation records which English revision the editor worked from.
        self.fields["source_revision"].required = translation
        self.parsed: markup.ParsedPage | None = None
        choices = self.outdated_choices = list(outdated)
        if choices:
            cast(forms.ChoiceField, self.fields["up_to_date"]).choices = choices
        else:
            del self.fields["up_to_date"]

    def clean(self) -> dict[str, Any]:
        cleaned = super().clean() or {}
        if any(name in self.errors for name in ("base_revision", "source_revision")):
            # Hidden fields: say something the editor can act on.
            self.add_error(None, _("The form arrived incomplete: reload the page and try again."))
        return cleaned

    def clean_markdown(self) -> str:
        text = markup.normalise(self.cleaned_data["markdown"])
        try:
            self.parsed = markup.parse_page(text)
        except markup.PageFormatError as error:
            raise forms.ValidationError(str(error), code="format") from error
        present = {section.anchor for section in self.parsed.sections}
        missing = sorted(required_anchors(self.game) - present)
        if missing:
            raise forms.ValidationError(
                ngettext(
                    "The game links to the section “%(anchors)s”: keep it.",
                    "The game links to these sections: keep them: %(anchors)s.",
                    len(missing),
                )
                % {"anchors": ", ".join(missing)},
                code="missing_anchor",
            )
        return text


class RevertForm(forms.Form):
    base_revision = forms.IntegerField(widget=forms.HiddenInput, min_value=1, max_value=MAX_NUMBER)


class DiffForm(forms.Form):
    """``?from=3&to=5&section=setup``: any two revisions, optionally one section."""

    old = forms.IntegerField(min_value=1, max_value=MAX_NUMBER, required=False)
    new = forms.IntegerField(min_value=1, max_value=MAX_NUMBER, required=False)
    section = forms.SlugField(max_length=markup.ANCHOR_MAX_LENGTH, required=False)

    def __init__(self, data: Any) -> None:
        # "from" is a Python keyword, so the query string's names are mapped here.
        super().__init__(
            {"old": data.get("from"), "new": data.get("to"), "section": data.get("section")}
        )


class SearchForm(forms.Form):
    q = forms.CharField(
        label=_("Search the rules"), max_length=200, required=False, widget=forms.SearchInput
    )
    game = forms.ChoiceField(label=_("Game"), required=False)

    def __init__(self, *args: Any, games: Iterable[tuple[str, str]] = (), **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        cast(forms.ChoiceField, self.fields["game"]).choices = [("", _("All games")), *games]
        self.fields["q"].widget.attrs.update({"placeholder": _("Search the rules")})
