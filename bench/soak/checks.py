"""The soak's checks on the site's state and behaviour once the month is played.

Each returns a ``Finding``; ``deliveries.py`` has the exactly-once checks of emails, pushes and
webhooks. The database is read once the site's processes are stopped, so nothing moves while
it is read; ``now`` is the simulated time they stopped at and ``grace`` what the beat sweeps
and the worker may lag behind it.
"""

from __future__ import annotations

import re
import statistics
from collections import Counter, defaultdict
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import Any
from zoneinfo import ZoneInfo

from .client import NO_ANSWER, Exchange
from .faults import Window
from .report import Finding

OVER = ("finished", "cancelled", "aborted")
#: Hourly memory samples a process needs before its growth is judged (a simulated day).
JUDGED_SAMPLES = 24


def matches(now: datetime, grace: timedelta) -> Finding:
    """Every match finished (or cancelled, aborted) or legitimately running: in progress with
    a deadline to come (or paused by a vacation) and joined players to act (a house player's
    turn not overdue), or waiting with a seat still free."""
    from games.play.models import Match, Seat, Vacation

    finding = Finding("every match finished or legitimately running")
    counts = Counter(Match.objects.values_list("game", "status"))
    for game in sorted({game for game, _ in counts}):
        row = {status: counts.get((game, status), 0) for status in ("waiting", "active", *OVER)}
        finding.figure(game, ", ".join(f"{status} {n}" for status, n in row.items() if n))
    away = set(Vacation.objects.current().values_list("user_id", flat=True))
    for match in Match.objects.filter(status="active").prefetch_related("seats"):
        acting = [s for s in match.seats.all() if s.is_to_act]
        if not acting or any(s.status != Seat.Status.JOINED for s in acting):
            finding.failures.append(f"match {match.pk}: nobody who plays is to act")
        elif match.deadline is None:
            if match.paused_remaining is None or not any(s.user_id in away for s in acting):
                finding.failures.append(f"match {match.pk}: no deadline and nobody on vacation")
        elif match.deadline < now - grace:
            finding.failures.append(f"match {match.pk}: deadline {match.deadline} has passed")
        if match.bot_due_at is not None and match.bot_due_at < now - grace:
            finding.failures.append(f"match {match.pk}: a house player's turn due since "
                                    f"{match.bot_due_at}")  # fmt: skip
    house = Seat.objects.filter(bot_level__isnull=False).values("match_id")
    statuses = sorted(Counter(
        Match.objects.filter(pk__in=house).values_list("status", flat=True)
    ).items())  # fmt: skip
    finding.figure("with house players", ", ".join(f"{status} {n}" for status, n in statuses))
    for match in Match.objects.filter(status="waiting").prefetch_related("seats"):
        # Waiting is legitimate while a seat is free or invited: for its invitee, for a player
        # from the lobby or for its creator to invite someone else (an invitation declined).
        joined = sum(s.status == Seat.Status.JOINED for s in match.seats.all())
        if joined >= match.players:
            finding.failures.append(f"match {match.pk}: every seat taken and not started")
    finding.failures[10:] = (
        [f"… {len(finding.failures) - 10} more"] if len(finding.failures) > 10 else []
    )
    return finding


def time_outs(
    now: datetime, grace: timedelta, absences: Sequence[tuple[datetime, datetime]] = ()
) -> Finding:
    """Each time-out (a player out, or a turn skipped) fired once its deadline had passed, and
    within ``grace`` of it when no vacation paused that player's clock, not counting the time
    the worker was away (killed, or exited by itself, and starting again: at x720 on two busy
    cores a worker's start alone takes one or two simulated hours)."""
    from games.engines.base import LEAVE, SKIP
    from games.play.models import Move, Vacation

    finding = Finding("every deadline fired once: time-outs and skips")
    holidays = defaultdict(list)
    for user_id, began, ended in Vacation.objects.values_list("user_id", "started_at", "ended_at"):
        holidays[user_id].append((began, ended or now))
    lateness: list[float] = []
    fired = Counter()
    for match_id, seat, action, at in (
        Move.objects.filter(action__type__in=[LEAVE, SKIP]).order_by("match_id", "number")
        .values_list("match_id", "seat", "action", "created_at")
    ):  # fmt: skip
        if action["type"] == LEAVE and action.get("reason") != "timeout":
            continue
        fired[action["type"]] += 1
        begun, days, user_id = turn_began(match_id, seat, at)
        due = begun + timedelta(days=days)
        late = (at - due).total_seconds()
        if late < -60:
            finding.failures.append(f"match {match_id}: a time-out {-late / 3600:.1f} h early")
        elif not any(a < at and b > begun for a, b in holidays.get(user_id, [])):
            lateness.append(minutes_late(due, at, absences))
    finding.figure("players out by time-out", fired[LEAVE])
    finding.figure("turns skipped", fired[SKIP])
    if lateness:
        finding.figure("minutes after the deadline, the worker's absences not counted "
                       "(median / 95 % / max)", spread(lateness))  # fmt: skip
        worst = max(lateness)
        finding.fail_if(worst > grace.total_seconds() / 60, f"a time-out {worst:.0f} min late")
    return finding


def minutes_late(
    due: datetime, at: datetime, absences: Sequence[tuple[datetime, datetime]]
) -> float:
    """Minutes from ``due`` to ``at``, less the part of that span the worker was away: a
    deadline that fell just before a kill is judged on the time the worker had to fire it."""
    away = sum(
        (max(timedelta(0), min(at, end) - max(due, start)) for start, end in absences),
        timedelta(0),
    )
    return (at - due - away).total_seconds() / 60


def turn_began(match_id: int, seat: int, at: datetime) -> tuple[datetime, int, Any]:
    """When the seat timed out at ``at`` was last handed the turn (the latest earlier move by
    another seat, or the start), the match's days per move and the seat's player."""
    from games.play.models import Match, Move, Seat

    match = Match.objects.only("started_at", "days_per_move").get(pk=match_id)
    earlier = (
        Move.objects.filter(match_id=match_id, created_at__lt=at).exclude(seat=seat)
        .order_by("-number").values_list("created_at", flat=True).first()
    )  # fmt: skip
    user_id = Seat.objects.filter(match_id=match_id, number=seat).values_list("user_id", flat=True)
    return earlier or match.started_at, match.days_per_move, user_id.first()


def reminders(now: datetime, grace: timedelta) -> Finding:
    """Every reminder due was sent (or dropped because the player had moved), once, not early."""
    from django.db.models import F

    from games.notifications.models import Notification

    rows = Notification.objects.filter(kind="reminder")
    finding = Finding("every deadline fired once: reminders")
    statuses = Counter(rows.values_list("status", flat=True))
    finding.figure("reminders", ", ".join(f"{status} {n}" for status, n in statuses.items()))
    late = rows.filter(status="pending", due_at__lt=now - grace)
    finding.fail_if(late.exists(), f"{late.count()} reminders due and never sent")
    early = rows.filter(status="sent", sent_at__lt=F("due_at") - timedelta(minutes=1))
    finding.fail_if(early.exists(), f"{early.count()} reminders sent before their time")
    delays = [
        (sent - due).total_seconds() / 60
        for due, sent in rows.filter(status="sent", digest=None).values_list("due_at", "sent_at")
    ]
    if delays:
        finding.figure("minutes after their time (median / 95 % / max)", spread(delays))
    return finding


def digests(start: datetime, now: datetime, grace: timedelta) -> Finding:
    """One digest a day for each reader who asked for one, from their hour on that day."""
    from games.notifications.models import Notification, NotificationSettings

    finding = Finding("every deadline fired once: daily digests")
    days_of: dict[int, Counter[str]] = defaultdict(Counter)
    for user_id, key, status in Notification.objects.filter(kind="digest").values_list(
        "recipient_id", "key", "status"
    ):
        days_of[user_id][key.rsplit(":", 1)[-1]] += 1
        finding.fail_if(status == "pending", f"digest {key} never sent")
    readers = NotificationSettings.objects.filter(digest_hour__isnull=False).select_related("user")
    wrong = []
    for prefs in readers:
        zone = ZoneInfo(prefs.user.timezone)
        got = days_of.get(prefs.user_id, Counter())
        must, may = digest_days(start, now - grace, now, zone, prefs.digest_hour)
        if any(n > 1 for n in got.values()) or not must <= set(got) <= must | may:
            wrong.append(
                (prefs.user.username, sorted(must - set(got)), sorted(set(got) - must - may))
            )
    finding.figure("digests", sum(sum(c.values()) for c in days_of.values()))
    finding.figure("readers with a daily digest", len(readers))
    finding.fail_if(wrong, f"{len(wrong)} readers without their one digest a day "
                    "(reader, days missing, days extra)", wrong[:5])  # fmt: skip
    return finding


def digest_days(
    start: datetime, settled: datetime, now: datetime, zone: ZoneInfo, hour: int
) -> tuple[set[str], set[str]]:
    """The days whose digest must have started (its hour fell between the start and
    ``settled``) and those whose digest may have (its hour came before the start on the
    start's local day, which it may still catch up, or in the last moments)."""
    must, may = set(), set()
    day = start.astimezone(zone).date() - timedelta(days=1)
    while True:
        local = datetime(day.year, day.month, day.day, hour, tzinfo=zone)
        if local > now:
            return must, may
        if start <= local <= settled:
            must.add(day.isoformat())
        elif local > settled or local.date() == start.astimezone(zone).date():
            may.add(day.isoformat())
        day += timedelta(days=1)


def replayed(result: Any) -> Finding:
    finding = Finding("python manage.py verify_matches")
    output = (result.stdout + result.stderr).strip()
    finding.figure("said", output.splitlines()[-1] if output else "")
    finding.fail_if(result.returncode != 0, f"exit status {result.returncode}", output[-500:])
    return finding


def answers(exchanges: Sequence[Exchange], windows: Sequence[Window]) -> Finding:
    """No 5xx (nor a request left unanswered) outside the outages; inside them, 503s only."""
    finding = Finding("no 5xx outside the outage windows, 503s inside them")
    outside, inside = Counter(), Counter()
    bad_outside: list[str] = []
    for exchange in exchanges:
        window = next(
            (w for w in windows if w.holds(exchange.started) or w.holds(exchange.ended)), None
        )
        if window is None:
            outside[exchange.status] += 1
            if exchange.status >= 500 or exchange.status == NO_ANSWER:
                bad_outside.append(f"{exchange.status} {exchange.method} {exchange.route}")
        else:
            inside[(window.what, exchange.status)] += 1
    finding.figure("answers outside outages", dict(sorted(outside.items())))
    finding.figure("answers inside outages", dict(sorted(inside.items())))
    seconds = [e.ended - e.started for e in exchanges if e.status < 500]
    if seconds:
        finding.figure("answer time, ms (median / 95 % / max)", spread([s * 1000 for s in seconds]))
    finding.fail_if(bad_outside, f"{len(bad_outside)} server errors outside the outages",
                    Counter(bad_outside).most_common(5))  # fmt: skip
    wrong = {key: n for key, n in inside.items() if key[1] >= 500 and key[1] != 503 or key[1] == 0}
    finding.fail_if(wrong, "answers other than 503 for server errors inside outages", wrong)
    database = sum(
        n for (what, status), n in inside.items() if what == "PostgreSQL" and status == 503
    )
    finding.figure("503 answers while PostgreSQL was down", database)
    return finding


def memory(samples: Sequence[tuple[datetime, str, int, int]], judged: Sequence[str]) -> Finding:
    """The resident memory of each process (with its children), from its warm-up on (the
    first quarter of its samples): the ``judged`` ones grow by 16 MB or 10 % at most (the
    median of the first half against the median of the second); the others are shown. A
    process judged lived a simulated day at least (``JUDGED_SAMPLES``): before, its pool
    processes are still loading the code of the tasks they meet for the first time."""
    finding = Finding("the worker's memory flat")
    judged_ones = 0
    series: dict[tuple[str, int], list[int]] = defaultdict(list)
    for _when, name, incarnation, rss in samples:
        series[(name, incarnation)].append(rss)
    for (name, incarnation), values in sorted(series.items()):
        kept = values[len(values) // 4 :]
        if len(kept) < 4:
            continue
        half = len(kept) // 2
        before, after = statistics.median(kept[:half]), statistics.median(kept[half:])
        mb = lambda v: f"{v / 2**20:.0f}"  # noqa: E731
        finding.figure(f"{name} #{incarnation}, MB (warm / end / max, {len(values)} samples)",
                       f"{mb(before)} / {mb(after)} / {mb(max(values))}")  # fmt: skip
        if name not in judged or len(values) < JUDGED_SAMPLES:
            continue
        judged_ones += 1
        allowed = max(16 * 2**20, 0.10 * before)
        finding.fail_if(after - before > allowed,
                        f"{name} #{incarnation} grew by {mb(after - before)} MB")  # fmt: skip
    finding.figure(f"judged (lived {JUDGED_SAMPLES} simulated hours or more)", judged_ones)
    return finding


def spread(values: Sequence[float]) -> str:
    ordered = sorted(values)
    p95 = ordered[min(len(ordered) - 1, int(len(ordered) * 0.95))]
    return f"{statistics.median(ordered):.1f} / {p95:.1f} / {ordered[-1]:.1f}"


def outage_answers(probes: Sequence[Any]) -> Finding:
    """While PostgreSQL is down, the API answers 503 JSON ``unavailable`` with Retry-After and
    a page a 503 page; while Redis is down, both answer as usual. ``/healthz`` says 503 in both
    cases (the time it took is shown: the site means at most 200 ms)."""
    finding = Finding("while a server is down: 503 with Retry-After, or business as usual")
    seen: dict[tuple[str, str], Counter[int]] = defaultdict(Counter)
    took: dict[str, list[float]] = defaultdict(list)
    for probe in probes:
        answer = probe.answer
        seen[(probe.down, probe.what)][answer.status] += 1
        if probe.what == "healthz":
            took[probe.down].append(probe.seconds * 1000)
        expected = 200 if probe.down == "Redis" and probe.what != "healthz" else 503
        if answer.status != expected:
            finding.failures.append(f"{probe.what} answered {answer.status} with {probe.down} down")
        elif expected == 503 and probe.what != "healthz" and "retry-after" not in answer.headers:
            finding.failures.append(f"{probe.what}: a 503 without Retry-After")
        elif (
            expected == 503
            and probe.what == "api"
            and (answer.json() or {}).get("code") != ("unavailable")
        ):
            finding.failures.append(f"api: 503 without the code unavailable: {answer.body[:80]!r}")
    for (down, what), statuses in sorted(seen.items()):
        finding.figure(f"{down} down, {what}", dict(statuses))
    for down, values in sorted(took.items()):
        finding.figure(f"{down} down, /healthz ms (median / max)",
                       f"{statistics.median(values):.0f} / {max(values):.0f}")  # fmt: skip
    finding.fail_if(not probes, "no outage was probed")
    return finding


def worker_absences(kills: Sequence[datetime], log: str) -> list[tuple[datetime, datetime]]:
    """From each kill of the worker (or each time it was found gone) to the start banner of
    the worker after it (the banner is written once its code is loaded, in the worker's own
    simulated time, UTC)."""
    banners = [
        datetime.fromisoformat(f"{day}T{time}+00:00")
        for day, time in re.findall(r"glibc\S* (\d{4}-\d\d-\d\d) (\d\d:\d\d:\d\d)", log)
    ]
    return [(kill, next((b for b in banners if b > kill), kill)) for kill in kills]
