"""Tournaments and ladders by correspondence.

``swiss``, ``brackets``, ``ladder`` and ``standings`` are the formats' rules as pure Python (no
Django, no database): who meets whom, who goes on, who is ahead and why. The app that keeps
tournaments in the database and starts their matches builds on them.
"""
