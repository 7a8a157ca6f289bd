from django.urls import path

from games.social import views

app_name = "social"
urlpatterns = [
    path("following/", views.following_page, name="following"),
    path("players/<str:username>/follow/", views.follow, name="follow"),
    path("players/<str:username>/mute/", views.mute, name="mute"),
    path("<int:pk>/emails/", views.match_emails, name="match_emails"),
]
