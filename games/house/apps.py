from django.apps import AppConfig


class HouseConfig(AppConfig):
    name = "games.house"
    label = "house"
    verbose_name = "House players"
