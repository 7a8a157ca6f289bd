from django.conf.urls.i18n import i18n_patterns
from django.contrib import admin
from django.urls import include, path

from games.core import app, theme
from games.core import views as core_views
from games.push import views as push_views

urlpatterns = [
    path("healthz", core_views.healthz, name="healthz"),
    path("i18n/setlang/", core_views.set_language, name="set_language"),
    path("theme/", theme.set_theme, name="set_theme"),
    path("sw.js", push_views.service_worker, name="service_worker"),
    path("favicon.ico", app.favicon, name="favicon"),
    path("manifest.webmanifest", app.manifest, name="web_manifest"),
    path("api/", include("games.api.urls")),
]

urlpatterns += i18n_patterns(
    path("", include("games.core.urls")),
    path("accounts/", include("games.accounts.urls")),
    path("accounts/", include("allauth.urls")),
    path("accounts/api/", include("games.api.site_urls")),
    path("play/", include("games.play.urls")),
    path("play/", include("games.social.urls")),
    path("play/", include("games.house.urls")),
    path("rules/", include("games.rulebooks.urls")),
    path("notifications/", include("games.notifications.urls")),
    path("notifications/push/", include("games.push.urls")),
    path("leaderboards/", include("games.ratings.urls")),
    path("tournaments/", include("games.tournaments.urls")),
    path("admin/", admin.site.urls),
)

# Under /api/ every refusal is JSON in the API's shape, 5xx included (games/api/errors.py).
handler400 = "games.api.errors.bad_request"
handler403 = "games.api.errors.permission_denied"
handler404 = "games.api.errors.page_not_found"
handler500 = "games.api.errors.server_error"
