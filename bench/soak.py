#!/usr/bin/env python3
"""A month of play in an hour: the soak of issue 29.

On a private PostgreSQL and Redis, with gunicorn, real Celery workers (one for mail and the
sweeps, one for the house players' ``bots`` queue, as the README deploys them) and beat and an SMTP
sink, simulated people and bots play about ``--matches`` matches of every game and variant over
``--days`` simulated days, ``--speed`` times faster than real time (libfaketime): they move at
random hours, go on vacation, miss deadlines, resign, offer draws, chat and mute, over HTTP.
The workers are killed every few days; PostgreSQL and Redis are restarted once each. Then it
checks and prints: every match finished or legitimately running; every deadline fired once;
every email, push and webhook delivered exactly once; ``verify_matches`` clean; no 5xx outside
the outages and 503s inside them; the worker's memory flat. It exits 1 when a check fails, 2
when the machine lacks PostgreSQL, Redis or libfaketime.

    .venv/bin/python bench/soak.py                          # 1,000 matches, 30 days, x720
    .venv/bin/python bench/soak.py --matches 30 --days 2    # a few minutes

The parts are in ``bench/soak/`` (a module per concern; ``run.py`` tells the order).
"""

import sys
from pathlib import Path

# The package bench/soak/ (a folder wins over this file of the same name when importing).
sys.path.insert(0, str(Path(__file__).resolve().parent))

from soak.run import main  # noqa: E402

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
