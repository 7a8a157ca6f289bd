"""``/api/``: the schema, its documentation page and version 1 of the API."""

from django.urls import path, re_path
from rest_framework.views import APIView

from games.api import docs
from games.api.views import (
    account,
    archive,
    bots,
    feed,
    games,
    leaderboards,
    matches,
    players,
    push,
    records,
    rulebooks,
    social,
    tournaments,
)
from games.api.views.base import NoSuchEndpoint
from games.core import converters  # noqa: F401  (registers <id:…> and <username:…>)

app_name = "api"
V1: list[tuple[str, type[APIView], str]] = [
    ("ping/", games.Ping, "ping"),
    ("games/", games.GameList, "games"),
    ("games/<slug:slug>/", games.GameDetail, "game"),
    ("matches/", matches.MatchList, "matches"),
    ("lobby/", matches.Lobby, "lobby"),
    ("matches/live/", social.LiveMatches, "live-matches"),
    ("archive/", archive.Archive, "archive"),
    ("matches/<id:pk>/", matches.MatchDetail, "match"),
    ("matches/<id:pk>/actions/", matches.LegalActions, "actions"),
    ("matches/<id:pk>/moves/", matches.Moves, "moves"),
    ("matches/<id:pk>/resign/", matches.Resign, "resign"),
    ("matches/<id:pk>/abort/", matches.Abort, "abort"),
    ("matches/<id:pk>/draw/", matches.Draw, "draw"),
    ("matches/<id:pk>/rematch/", matches.Rematch, "rematch"),
    ("matches/<id:pk>/notes/", matches.Notes, "notes"),
    ("matches/<id:pk>/cancel/", matches.Cancel, "cancel"),
    ("matches/<id:pk>/join/", matches.Join, "join"),
    ("matches/<id:pk>/accept/", matches.Accept, "accept"),
    ("matches/<id:pk>/decline/", matches.Decline, "decline"),
    ("matches/<id:pk>/invitations/", matches.Invitations, "invitations"),
    ("matches/<id:pk>/chat/", matches.Chat, "chat"),
    ("matches/<id:pk>/record/", records.MatchRecord, "record"),
    ("players/<username:username>/", players.PlayerProfile, "player"),
    ("bots/", bots.BotList, "bots"),
    ("leaderboards/", leaderboards.LeaderboardList, "leaderboards"),
    ("leaderboards/<slug:game>/<slug:mode>/", leaderboards.Leaderboard, "leaderboard"),
    ("best-scores/<slug:game>/<slug:mode>/", leaderboards.BestScores, "best-scores"),
    ("tournaments/", tournaments.TournamentList, "tournaments"),
    ("tournaments/<id:pk>/", tournaments.TournamentDetail, "tournament"),
    ("tournaments/<id:pk>/standings/", tournaments.Standings, "tournament-standings"),
    ("tournaments/<id:pk>/join/", tournaments.Join, "tournament-join"),
    ("tournaments/<id:pk>/leave/", tournaments.Leave, "tournament-leave"),
    ("tournaments/<id:pk>/challenge/", tournaments.Challenge, "tournament-challenge"),
    ("me/", account.Me, "me"),
    ("events/", feed.Events, "events"),
    ("me/notifications/", account.NotificationPrefs, "notification-preferences"),
    ("me/tokens/", account.Tokens, "tokens"),
    ("me/tokens/<id:pk>/", account.TokenDetail, "token"),
    ("me/webhook/", account.WebhookView, "webhook"),
    ("follows/", social.Follows, "follows"),
    ("follows/<username:username>/", social.FollowDetail, "follow"),
    ("mutes/", social.Mutes, "mutes"),
    ("mutes/<username:username>/", social.MuteDetail, "mute"),
    ("push-subscriptions/", push.PushSubscriptions, "push-subscriptions"),
    ("push-subscriptions/<id:pk>/", push.PushSubscriptionDetail, "push-subscription"),
    ("rulebooks/", rulebooks.RulebookList, "rulebooks"),
    ("rulebooks/search/", rulebooks.RulebookSearch, "rulebook-search"),
    ("rulebooks/<slug:game>/<slug:language>/", rulebooks.RulebookPage, "rulebook"),
    ("rulebooks/<slug:game>/<slug:language>/sections/<slug:anchor>/", rulebooks.RulebookSection,
     "rulebook-section"),
    ("rulebooks/<slug:game>/<slug:language>/revisions/", rulebooks.RevisionList,
     "rulebook-revisions"),
    ("rulebooks/<slug:game>/<slug:language>/revisions/<id:number>/", rulebooks.RevisionDetail,
     "rulebook-revision"),
]  # fmt: skip

urlpatterns = [
    path("schema/", docs.SchemaView.as_view(), name="schema"),
    path("docs/", docs.DocsView.as_view(), name="docs"),
    *[path("v1/" + route, view.as_view(), name=name) for route, view, name in V1],
    # Anything else under /api/ is a JSON 404, not the site's HTML page.
    re_path(r"^", NoSuchEndpoint.as_view()),
]
