"""The rules wiki: one page per game and language, cut into sections, with every save kept.

A page (``Rulebook``) is identified by its game slug and language; the pages of one game are
translations of one another, and English is the source they are translated from. Its text is
the Markdown of its latest ``Revision``; the ``Section`` rows are that text cut at each
``## Heading {#anchor}``, rendered to sanitised HTML when saved, so readers never wait for
Markdown. A translated section remembers which revision of the English page it was translated
from; when the English section changes after that, the translation is outdated.
"""

from __future__ import annotations

from django.conf import settings
from django.db import models
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext_lazy as _

#: The language every other page is translated from.
SOURCE_LANGUAGE = "en"
#: The permission staff grant to the people who may edit the rules.
EDIT_PERMISSION = "rulebooks.change_rulebook"
#: The prefix of every id the rulebook HTML carries, so that it cannot clobber the page's ids.
DOM_PREFIX = "rule-"
#: The largest revision number (and any other integer) a URL may ask for.
MAX_NUMBER = 2**31 - 1


class RulebookQuerySet(models.QuerySet["Rulebook"]):
    def page(self, game: str, language: str) -> Rulebook | None:
        """The page of ``game`` in ``language`` that has been saved at least once."""
        return self.filter(game=game, language=language, revision_number__gt=0).first()

    def games(self) -> list[str]:
        return sorted(set(self.filter(revision_number__gt=0).values_list("game", flat=True)))


class Rulebook(models.Model):
    """The rules of one game in one language."""

    game = models.SlugField(_("game"), max_length=40)
    language = models.CharField(_("language"), max_length=5, choices=settings.LANGUAGES)
    title = models.CharField(_("title"), max_length=200, blank=True)
    intro_markdown = models.TextField(_("introduction"), blank=True)
    intro_html = models.TextField(_("introduction (HTML)"), blank=True, editable=False)
    # The number of the latest revision; saves compare and swap it, so two editors saving from
    # the same base cannot both win, even on SQLite where row locks do not exist.
    revision_number = models.PositiveIntegerField(_("current revision"), default=0)
    updated_at = models.DateTimeField(_("updated"), null=True, blank=True)

    objects = RulebookQuerySet.as_manager()

    class Meta:
        verbose_name = _("rulebook page")
        verbose_name_plural = _("rulebook pages")
        ordering = ["game", "language"]
        constraints = [
            models.UniqueConstraint(
                fields=["game", "language"], name="rulebooks_one_page_per_game_and_language"
            )
        ]

    def __str__(self) -> str:
        return f"{self.game} ({self.language})"

    def get_absolute_url(self) -> str:
        with translation.override(self.language):
            return reverse("rulebooks:page", args=[self.game])

    @property
    def is_source(self) -> bool:
        return self.language == SOURCE_LANGUAGE


class Section(models.Model):
    """One ``## Heading {#anchor}`` of a page and the text under it, as of the latest revision."""

    rulebook = models.ForeignKey(
        Rulebook, on_delete=models.CASCADE, related_name="sections", verbose_name=_("page")
    )
    anchor = models.SlugField(_("anchor"), max_length=60)
    title = models.CharField(_("title"), max_length=200)
    position = models.PositiveSmallIntegerField(_("position"))
    markdown = models.TextField(_("Markdown"))
    html = models.TextField(_("HTML"), editable=False)
    plain_text = models.TextField(_("plain text"), editable=False)
    # Lower case without accents: the SQLite search compares against this.
    search_text = models.TextField(editable=False)
    changed_in = models.PositiveIntegerField(_("last changed in revision"))
    changed_at = models.DateTimeField(_("last changed"))
    # For a translation: the revision of the English page this section was translated from.
    translated_from = models.PositiveIntegerField(
        _("translated from English revision"), null=True, blank=True
    )

    class Meta:
        verbose_name = _("section")
        verbose_name_plural = _("sections")
        ordering = ["rulebook", "position"]
        constraints = [
            models.UniqueConstraint(
                fields=["rulebook", "anchor"], name="rulebooks_one_section_per_anchor"
            )
        ]

    def __str__(self) -> str:
        return self.title

    @property
    def dom_id(self) -> str:
        return DOM_PREFIX + self.anchor

    @property
    def heading_html(self) -> str:
        """The rendered ``<h2>`` alone, so a notice can follow the heading a link lands on."""
        return self._split_html()[0]

    @property
    def body_html(self) -> str:
        return self._split_html()[1]

    def _split_html(self) -> tuple[str, str]:
        heading, end, body = self.html.partition("</h2>")
        return (heading + end, body) if end else ("", self.html)


class Revision(models.Model):
    """One save of a page: who, when, why, and the whole Markdown as it was then."""

    class Origin(models.TextChoices):
        EDIT = "edit", _("edit")
        REVERT = "revert", _("revert")
        LOAD = "load", _("loaded from the rulebook files")

    rulebook = models.ForeignKey(
        Rulebook, on_delete=models.CASCADE, related_name="revisions", verbose_name=_("page")
    )
    number = models.PositiveIntegerField(_("number"))
    author = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.SET_NULL,
        null=True,
        blank=True,
        related_name="+",
        verbose_name=_("author"),
    )
    created_at = models.DateTimeField(_("saved"))
    origin = models.CharField(_("origin"), max_length=10, choices=Origin, default=Origin.EDIT)
    summary = models.CharField(_("summary"), max_length=200, blank=True)
    markdown = models.TextField(_("Markdown"))
    reverted_from = models.PositiveIntegerField(_("reverted to revision"), null=True, blank=True)
    # The anchors this save added, changed or removed; for a translation, which English
    # revision each section was translated from after this save (so a revert restores it).
    changed_sections = models.JSONField(_("changed sections"), default=list, blank=True)
    translated_from = models.JSONField(_("translated from"), default=dict, blank=True)

    class Meta:
        verbose_name = _("revision")
        verbose_name_plural = _("revisions")
        ordering = ["rulebook", "-number"]
        constraints = [
            models.UniqueConstraint(
                fields=["rulebook", "number"], name="rulebooks_one_revision_per_number"
            )
        ]

    def __str__(self) -> str:
        return f"{self.rulebook} #{self.number}"


def latest_revision_number(game: str) -> int | None:
    """The latest revision of ``game``'s English rulebook (what a new match records), if any."""
    return (
        Rulebook.objects.filter(game=game, language=SOURCE_LANGUAGE, revision_number__gt=0)
        .values_list("revision_number", flat=True)
        .first()
    )
