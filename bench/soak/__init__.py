"""The soak: a month of play in an hour (``bench/soak.py`` runs it; see ``run.py``)."""
