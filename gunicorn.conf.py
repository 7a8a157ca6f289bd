"""gunicorn's settings, read from the folder it starts in (the README's deployment section).

The request line may be as long as gunicorn allows (8190 bytes, not its default 4094), so that
the API's own limit on query strings (games/api/middleware.py, 4096 bytes) answers first, in
the API's JSON; a request line longer than this is refused by gunicorn itself with a plain 414.
"""

limit_request_line = 8190

# Each worker serves this many requests at once, on threads (gunicorn's gthread worker): a bot
# waiting on the event feed (`/api/v1/events/?wait=`, up to API_EVENTS_MAX_WAIT seconds) holds
# one thread, not a whole worker.
threads = 4
# And each connection is closed after its answer, as gunicorn's plain sync worker does: kept
# open, a client that reuses it just as the worker closes it gets no answer at all (the soak,
# whose accelerated clock makes the default 2 s last 3 ms, saw 420 such requests, one in 56).
# The proxy in front keeps the clients' connections.
keepalive = 0
