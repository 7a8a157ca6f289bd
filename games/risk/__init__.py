"""Risk (Hasbro 2010): the game package.

Its rules are the pure-Python package ``engine``; the rest is what the site adds.
"""
