"""The profile's "API access" page: personal tokens and the webhook (HTML, under /<lang>/)."""

from django.urls import path

from games.api import site_views

app_name = "api_access"
urlpatterns = [
    path("", site_views.index, name="index"),
    path("tokens/", site_views.create_token, name="create_token"),
    path("tokens/<int:pk>/revoke/", site_views.revoke_token, name="revoke_token"),
    path("webhook/", site_views.save_webhook, name="save_webhook"),
    path("webhook/delete/", site_views.delete_webhook, name="delete_webhook"),
]
