"""The memory of a Celery worker that plays the house players, as the README deploys it.

One worker on the ``bots`` queue (``celery -A config worker -Q bots``, prefork, one child by
default) plays the house players' turns of "Play now" matches of every game, at the level
asked, while this process plays each match's person with random legal moves through the same
move service. The resident memory (RSS) of the worker's parent and children is read from
``/proc`` every half second; the script prints each process's peak and the moves made.
Issue 28's goal: a worker process that plays bots stays under 200 MB.

Needs Redis for the broker; the database is the one configured (it migrates it and adds its
own users and matches; a throw-away PostgreSQL database gives the production picture):

    DATABASE_URL=postgres://postgres@127.0.0.1:PORT/partida_bench \
    CELERY_BROKER_URL=redis://127.0.0.1:PORT/0 \
        .venv/bin/python bench/bench_bot_memory.py [--level 3] [--minutes 10] [--short]

``--short`` plays one El collar match at level 1 for a few moves (the suite runs it, to keep
the script working).
"""

from __future__ import annotations

import argparse
import os
import random
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
os.environ.setdefault("DEBUG", "1")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402

from config.celery import app  # noqa: E402
from games.accounts.models import User  # noqa: E402
from games.actions import house_seating, moves  # noqa: E402
from games.bots.base import inside  # noqa: E402
from games.house.accounts import ensure_house_players  # noqa: E402
from games.play.errors import IllegalMove, StaleVersion  # noqa: E402
from games.play.models import Match, Seat  # noqa: E402

#: The matches of a full run: every game's "Play now", at the largest table it offers.
TABLES = (("richelieu", 4), ("risk", 5), ("risk", 2), ("collar", 2), ("richelieu", 2))
PAGE_SIZE = 4096


def worker(concurrency: int) -> subprocess.Popen[bytes]:
    return subprocess.Popen(
        [
            sys.executable, "-m", "celery", "-A", "config", "worker", "-Q", "bots",
            "--pool=prefork", f"-c{concurrency}", "--without-gossip", "--without-mingle",
            "--without-heartbeat", f"--loglevel={os.environ.get('BENCH_LOG', 'WARNING')}",
        ],
        cwd=ROOT,
    )  # fmt: skip


def tree(pid: int) -> list[int]:
    """``pid`` and its children (the prefork pool)."""
    children = Path(f"/proc/{pid}/task/{pid}/children")
    found = [int(child) for child in children.read_text().split()] if children.exists() else []
    return [pid, *found]


def rss_mb(pid: int) -> float:
    try:
        resident = int(Path(f"/proc/{pid}/statm").read_text().split()[1])
    except (FileNotFoundError, ProcessLookupError):
        return 0.0
    return resident * PAGE_SIZE / 2**20


def person_moves(match: Match, chooser: random.Random) -> bool:
    """The person's move, if it is their turn: a random legal action. True if one was made."""
    match.refresh_from_db()
    seat = Seat.objects.filter(match=match, is_to_act=True, user__is_bot=False).first()
    if match.status != Match.Status.ACTIVE or seat is None:
        return False
    legal = match.engine.legal_actions(match.engine_state(), seat.number)
    if not legal:  # the seat waits for another to act first
        return False
    try:
        action = inside(chooser.choice(legal), chooser)  # a template's ranges filled in
        moves.do_submit_move(match.pk, seat.user, action, match.version)
    except (StaleVersion, IllegalMove):  # a house player moved first; a range filled badly
        return False
    return True


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--level", type=int, default=3)
    parser.add_argument("--minutes", type=float, default=10.0)
    parser.add_argument("--concurrency", type=int, default=1)
    parser.add_argument("--short", action="store_true", help="one El collar match, 20 s")
    args = parser.parse_args()
    tables = (("collar", 2),) if args.short else TABLES
    level, seconds = (1, 20.0) if args.short else (args.level, args.minutes * 60)
    call_command("migrate", verbosity=0)
    ensure_house_players()
    app.control.purge()
    chooser = random.Random(1)
    process = worker(args.concurrency)
    peaks: dict[int, float] = {}
    person_count = 0
    try:
        matches = []
        for n, (game, players) in enumerate(tables):
            person, _ = User.objects.get_or_create(username=f"bm-{n}", email=f"bm-{n}@b.invalid")
            matches.append(house_seating.do_play_now(person, game, level, players=players))
        ends = time.monotonic() + seconds
        while time.monotonic() < ends:
            for match in matches:
                person_count += person_moves(match, chooser)
            for pid in tree(process.pid):
                peaks[pid] = max(peaks.get(pid, 0.0), rss_mb(pid))
            if all(m.status != Match.Status.ACTIVE for m in matches):
                break
            time.sleep(0.5)
    finally:
        process.terminate()
        process.wait(timeout=30)
    house_count = sum(m.moves.filter(user__is_bot=True).count() for m in matches)
    print(f"level {level}, {len(matches)} matches, {seconds / 60:.1f} min at most")
    print(f"moves: {house_count} by the house players, {person_count} by the people")
    print("| process | peak RSS (MB) |")
    print("|---|---|")
    for pid, peak in peaks.items():
        print(f"| {'worker' if pid == process.pid else 'pool child'} {pid} | {peak:.0f} |")
    print(f"finished: {sum(m.status == Match.Status.FINISHED for m in matches)} of {len(matches)}")


if __name__ == "__main__":
    main()
