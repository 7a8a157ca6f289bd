from django.urls import path

from games.push import views

app_name = "push"
urlpatterns = [
    path("subscribe/", views.subscribe, name="subscribe"),
    path("<int:pk>/remove/", views.remove, name="remove"),
]
