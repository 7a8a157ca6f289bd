"""gunicorn's settings, read from the folder it starts in (the README's deployment section).

The request line may be as long as gunicorn allows (8190 bytes, not its default 4094), so that
the API's own limit on query strings (games/api/middleware.py, 4096 bytes) answers first, in
the API's JSON; a request line longer than this is refused by gunicorn itself with a plain 414.
"""

limit_request_line = 8190
