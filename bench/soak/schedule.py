"""When each member comes by: a queue of visits in simulated time, played by a few threads.

A person comes back after a random gap (their visits a day on average), moved to their waking
hours and past a spell of absence; a bot every 15 to 60 minutes. A visit cut short by an outage
is tried again 10 to 40 minutes later. A visit that starts after its time (the site or the
driver is slow) counts its delay, which the report shows.
"""

from __future__ import annotations

import heapq
import random
import threading
import time
import traceback
from collections.abc import Callable
from datetime import datetime, timedelta

from .behaviour import Outage, Visit, World, bot_visit, person_visit
from .clock import Clock
from .population import Member


class Schedule:
    def __init__(self, clock: Clock, world: World, end: datetime, seed: int) -> None:
        self.clock = clock
        self.world = world
        self.end = end
        self.seed = seed
        self.queue: list[tuple[datetime, int, str]] = []
        self.lock = threading.Lock()
        self.stopping = threading.Event()
        self.delays: list[float] = []
        self.counter = 0

    def add(self, when: datetime, member: Member) -> None:
        with self.lock:
            self.counter += 1
            heapq.heappush(self.queue, (when, self.counter, member.username))

    def first_visits(self, rng: random.Random) -> None:
        start = self.clock.now()
        for member in self.world.members.values():
            if member.bot:
                self.add(start + timedelta(minutes=rng.uniform(0, 30)), member)
            else:
                self.add(self.next_visit(member, start, rng, first=True), member)

    def next_visit(
        self, member: Member, now: datetime, rng: random.Random, first: bool = False
    ) -> datetime:
        habits = member.habits
        if habits is None:
            return now + timedelta(minutes=rng.uniform(15, 60))
        gap = timedelta(days=rng.expovariate(habits.sessions_per_day))
        when = now + (gap / 2 if first else max(gap, timedelta(minutes=20)))
        for _ in range(24):
            if member.awake(when):
                break
            when += timedelta(hours=1)
        if member.away(when, self.world.start):
            assert habits.absence is not None
            back = self.world.start + timedelta(days=sum(habits.absence))
            when = back + timedelta(hours=rng.uniform(0, 12))
        return when

    def take(self) -> tuple[datetime, str] | None:
        """The next visit, once it is due; None when the run is over."""
        while not self.stopping.is_set():
            with self.lock:
                head = self.queue[0] if self.queue else None
            if head is None or head[0] >= self.end:
                return None
            wait = self.clock.real_at(head[0]) - time.monotonic()
            if wait > 0:
                self.stopping.wait(min(wait, 0.5))
                continue
            with self.lock:
                if self.queue and self.queue[0] == head:
                    heapq.heappop(self.queue)
                    return head[0], head[2]
        return None

    def worker(self, number: int) -> None:
        rng = random.Random(self.seed * 1000 + number)
        while (item := self.take()) is not None:
            due, username = item
            member = self.world.members[username]
            now = self.clock.now()
            self.delays.append((now - due).total_seconds())
            play: Callable[[Visit], None] = bot_visit if member.bot else person_visit
            try:
                play(Visit(member, self.world, now, rng))
                self.world.count("visits")
                later = self.next_visit(member, self.clock.now(), rng)
            except Outage:
                later = self.clock.now() + timedelta(minutes=rng.uniform(10, 40))
            except Exception:  # a fault of the soak itself: kept for the report, which fails
                self.world.driver_error(traceback.format_exc())
                later = self.clock.now() + timedelta(minutes=rng.uniform(10, 40))
            self.add(later, member)

    def run(self, threads: int) -> None:
        workers = [
            threading.Thread(target=self.worker, args=(n,), daemon=True) for n in range(threads)
        ]
        for thread in workers:
            thread.start()
        for thread in workers:
            thread.join()
