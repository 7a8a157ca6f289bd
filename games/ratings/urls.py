from django.urls import path

from games.ratings import views

app_name = "ratings"
urlpatterns = [
    path("", views.index, name="index"),
    path("<slug:game>/<slug:mode>/", views.leaderboard, name="leaderboard"),
]
