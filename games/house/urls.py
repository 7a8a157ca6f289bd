from django.urls import path

from games.house import views

app_name = "house"
urlpatterns = [
    path("now/", views.play_now, name="play_now"),
    path("learn/<slug:game>/", views.learn, name="learn"),
]
