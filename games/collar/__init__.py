"""El collar de la duquesa: the game package.

Its rules are the pure-Python package ``engine``; the rest is what the site adds.
"""
