from django.contrib import admin

from games.social.models import Follow, PlayerMute

admin.site.register(Follow)
admin.site.register(PlayerMute)
