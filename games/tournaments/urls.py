from django.urls import path

from games.tournaments import views

app_name = "tournaments"
urlpatterns = [
    path("", views.index, name="index"),
    path("new/", views.new, name="new"),
    path("<int:pk>/", views.detail, name="detail"),
    path("<int:pk>/join/", views.join, name="join"),
    path("<int:pk>/leave/", views.leave, name="leave"),
    path("<int:pk>/challenge/", views.challenge, name="challenge"),
    path("<int:pk>/invite/", views.invite, name="invite"),
]
