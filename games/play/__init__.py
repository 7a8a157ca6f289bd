"""Matches by correspondence: the models and what the pages read of them.

A match keeps its options, a secret seed (its SHA-256 shown from the start), an append-only
move log (unique per match and number) and a cached state; ``Match.objects.visible_to`` is the
one access rule (a match you may not see is a 404). Every change goes through an action
(``games.actions``); deadlines live in the database and a beat job sweeps them every minute
(``tasks``); ``manage.py verify_matches`` replays every match from its seed and log and
compares it with the cache. The pages: the game page (``pages``, ``table``), the archive
(``archive``), profiles (``profiles``), invitations (``invitations``) and the next match
where it is your move (``turns``).
"""
