"""The REST framework's and drf-spectacular's settings, imported by ``config.settings``.

Kept here (plain data, no Django imports) so that the shared settings module only names them.
"""

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "games.api.authentication.TokenAuthentication",
        "rest_framework.authentication.SessionAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticated"],
    "DEFAULT_RENDERER_CLASSES": ["rest_framework.renderers.JSONRenderer"],
    "DEFAULT_PARSER_CLASSES": ["games.api.parsers.BoundedJSONParser"],
    "DEFAULT_THROTTLE_CLASSES": ["games.api.throttling.RateThrottle"],
    "DEFAULT_PAGINATION_CLASS": None,
    "DEFAULT_SCHEMA_CLASS": "games.api.schema.ApiAutoSchema",
    "EXCEPTION_HANDLER": "games.api.errors.exception_handler",
    "TEST_REQUEST_DEFAULT_FORMAT": "json",
    "UNAUTHENTICATED_USER": "django.contrib.auth.models.AnonymousUser",
}

SPECTACULAR_SETTINGS = {
    "TITLE": "Partida API",
    "DESCRIPTION": (
        "Play Richelieu, Risk (2010) and El collar de la duquesa by correspondence, read their "
        "rules, and let bots play. Authenticate with a personal token (`Authorization: Bearer "
        "pt_…`, made on your profile page) or, from the site's own pages, the session with its "
        'CSRF token. Every refusal is JSON: `{"code", "message", …}`; `message` is in the '
        "language your `Accept-Language` asks for (es, it or en), else your profile's. Every "
        "GET answer carries an `ETag`: send it back in `If-None-Match` and an answer that has "
        "not changed is `304 Not Modified` with no body (a bot polling its match pays for a "
        "body only when something happened)."
    ),
    "VERSION": "1.0.0",
    "OAS_VERSION": "3.1.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SCHEMA_PATH_PREFIX": r"/api/v1",
    "COMPONENT_SPLIT_REQUEST": True,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "POSTPROCESSING_HOOKS": [
        "drf_spectacular.hooks.postprocess_schema_enums",
        "games.api.schema.enum_member_names",
        "games.api.schema.exact_inputs",
        "games.api.schema.add_game_shapes",
    ],
    "WEBHOOKS": [
        f"games.api.notices.{name}"
        for name in ("YOUR_TURN", "MATCH_FINISHED", "INVITED", "DRAW_OFFERED", "CHAT")
    ],
    "ENUM_NAME_OVERRIDES": {
        "EmailModeEnum": ["now", "digest", "off"],
        "EmailModeWithoutDigestEnum": ["now", "off"],
        "MatchStatusEnum": "games.play.models.Match.Status",
        "TournamentStatusEnum": "games.tournaments.models.Tournament.Status",
        "SeatStatusEnum": "games.play.models.Seat.Status",
        "VisibilityEnum": "games.play.models.Match.Visibility",
        "TimeoutPolicyEnum": "games.play.models.Match.TimeoutPolicy",
    },
}
