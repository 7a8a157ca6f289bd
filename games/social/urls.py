from django.urls import path

from games.core import converters  # noqa: F401  (registers <username:…>)
from games.social import views

app_name = "social"
urlpatterns = [
    path("following/", views.following_page, name="following"),
    path("players/<username:username>/follow/", views.follow, name="follow"),
    path("players/<username:username>/mute/", views.mute, name="mute"),
    path("<int:pk>/emails/", views.match_emails, name="match_emails"),
]
