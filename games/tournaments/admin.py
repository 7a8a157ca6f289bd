from django.contrib import admin

from games.tournaments.models import Entry, Tournament


class EntryInline(admin.TabularInline):
    model = Entry
    extra = 0
    raw_id_fields = ("user",)


@admin.register(Tournament)
class TournamentAdmin(admin.ModelAdmin):
    list_display = ("name", "game", "format", "status", "round", "rounds", "starts_at")
    list_filter = ("status", "game", "format")
    inlines = [EntryInline]
    raw_id_fields = ("created_by",)
