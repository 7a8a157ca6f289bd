"""The rulebooks in the admin: read-only, because every change must go through the wiki.

Editing in the wiki keeps a revision of each save and the translation status; the admin only
shows the rows (and lets staff delete a page). Staff make someone an editor by giving them the
permission "Can change rulebook page" (``rulebooks.change_rulebook``).
"""

from __future__ import annotations

from typing import Any

from django.contrib import admin
from django.http import HttpRequest
from django.utils.html import format_html
from django.utils.translation import gettext_lazy as _

from games.rulebooks.models import Revision, Rulebook, Section


class ReadOnlyMixin:
    def has_add_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False

    def has_change_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


class SectionInline(ReadOnlyMixin, admin.TabularInline):
    model = Section
    fields = ("position", "anchor", "title", "changed_in", "translated_from")
    readonly_fields = fields
    extra = 0
    can_delete = False
    show_change_link = True


@admin.register(Rulebook)
class RulebookAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("game", "language", "title", "revision_number", "updated_at", "wiki_link")
    list_filter = ("game", "language")
    search_fields = ("title", "game")
    readonly_fields = ("game", "language", "title", "revision_number", "updated_at", "wiki_link")
    fields = readonly_fields
    inlines = [SectionInline]

    @admin.display(description=_("in the wiki"))
    def wiki_link(self, book: Rulebook) -> str:
        return format_html('<a href="{}">{}</a>', book.get_absolute_url(), _("open"))


@admin.register(Section)
class SectionAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("title", "anchor", "rulebook", "position", "changed_in", "translated_from")
    list_filter = ("rulebook__game", "rulebook__language")
    search_fields = ("title", "anchor")
    list_select_related = ("rulebook",)
    fields = (
        "rulebook", "anchor", "title", "position", "changed_in", "changed_at",
        "translated_from", "markdown",
    )  # fmt: skip
    readonly_fields = fields

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False


@admin.register(Revision)
class RevisionAdmin(ReadOnlyMixin, admin.ModelAdmin):
    list_display = ("rulebook", "number", "created_at", "author", "origin", "summary")
    list_filter = ("rulebook__game", "rulebook__language", "origin")
    search_fields = ("summary",)
    list_select_related = ("rulebook", "author")
    fields = (
        "rulebook", "number", "created_at", "author", "origin", "summary", "reverted_from",
        "changed_sections", "translated_from", "markdown",
    )  # fmt: skip
    readonly_fields = fields

    def has_delete_permission(self, request: HttpRequest, obj: Any = None) -> bool:
        return False
