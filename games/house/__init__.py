"""House players on the site: the accounts the site plays, and how they take their turns.

The bots' decisions are pure Python in ``games.bots`` (no Django); this app seats them in
matches and plays their moves through the one move service, from a Celery task on the
``bots`` queue (``turns`` and ``tasks``), queued by ``recorder`` when a house player is to act.
"""
