from django.urls import path

from games.core import converters  # noqa: F401  (registers <username:…>)
from games.play import public_pages, views

app_name = "play"
urlpatterns = [
    path("", views.dashboard, name="dashboard"),
    path("lobby/", views.lobby, name="lobby"),
    path("watch/", views.watch, name="watch"),
    path("vacation/", views.toggle_vacation, name="vacation"),
    path("new/<slug:game>/", views.create, name="create"),
    path("invitation/<str:token>/", views.invitation, name="invitation"),
    path("<int:pk>/", views.match, name="match"),
    path("<int:pk>/move/", views.move, name="move"),
    path("<int:pk>/why-not/", views.why_not, name="why_not"),
    path("<int:pk>/resign/", views.resign, name="resign"),
    path("<int:pk>/abort/", views.abort, name="abort"),
    path("<int:pk>/draw/", views.draw, name="draw"),
    path("<int:pk>/rematch/", views.offer_rematch, name="rematch"),
    path("<int:pk>/notes/", views.save_notes, name="notes"),
    path("<int:pk>/cancel/", views.cancel, name="cancel"),
    path("<int:pk>/join/", views.join, name="join"),
    path("<int:pk>/invite/", views.invite, name="invite"),
    path("<int:pk>/respond/", views.respond, name="respond"),
    path("<int:pk>/chat/", views.chat, name="chat"),
    path("<int:pk>/replay/", views.replay, name="replay"),
    path("<int:pk>/log/", views.move_log, name="log"),
    path("<int:pk>/live/", views.live_board, name="live"),
    path("<int:pk>/verify/", views.verify, name="verify"),
    path("<int:pk>/record/", views.record, name="record"),
    path("fair-play/", views.fair_play, name="fair_play"),
    path("archive/", public_pages.archive, name="archive"),
    path("players/<username:username>/", public_pages.player, name="player"),
]
