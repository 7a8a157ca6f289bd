from django.contrib import admin
from django.contrib.auth.admin import UserAdmin as DjangoUserAdmin
from django.utils.translation import gettext_lazy as _

from games.accounts.models import User


@admin.register(User)
class UserAdmin(DjangoUserAdmin):
    fieldsets = (
        *(DjangoUserAdmin.fieldsets or ()),
        (_("Preferences"), {"fields": ("display_name", "language", "timezone")}),
    )
    list_display = ("username", "email", "display_name", "language", "is_staff", "date_joined")
    search_fields = ("username", "email", "display_name")
