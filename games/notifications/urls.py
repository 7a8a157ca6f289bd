from django.urls import path

from games.notifications import views

app_name = "notifications"
urlpatterns = [
    path("", views.preferences, name="preferences"),
    path("calendar/new/", views.new_calendar_url, name="new_calendar_url"),
    path("calendar/<slug:token>.ics", views.calendar_feed, name="calendar"),
    path("unmute/<int:match_id>/", views.unmute, name="unmute"),
    path("unsubscribe/<str:token>/", views.unsubscribe, name="unsubscribe"),
    path("mute/<str:token>/", views.mute, name="mute"),
]
