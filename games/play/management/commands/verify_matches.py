from django.core.management.base import BaseCommand, CommandError
from django.db.models import Prefetch

from games.play.models import Match, Seat
from games.play.records import match_log, replay_match, replays_to_cache


def acting_seats_not_joined(match: Match, state: object) -> list[int]:
    """The seats the rules wait for in a running match that no joined player holds: such a
    match cannot go on until its deadline (a declined or vacant seat asked to act)."""
    if match.status != Match.Status.ACTIVE:
        return []
    joined = {s.number for s in match.seats.all() if s.status == Seat.Status.JOINED}
    return [number for number in match.engine.to_act(state) if number not in joined]


class Command(BaseCommand):
    help = (
        "Replay every started match from its seed and log and compare with its cached state; "
        "check that every running match waits only for joined players."
    )

    def handle(self, *args: object, **options: object) -> None:
        bad, stuck = [], []
        checked = 0
        seats = Prefetch("seats", queryset=Seat.objects.only("match_id", "number", "status"))
        for match in Match.objects.exclude(state=None).prefetch_related(seats).iterator(100):
            log = match_log(match)
            state = replay_match(match, log)
            if not replays_to_cache(match, state) or len(log) != match.version:
                bad.append(match.pk)
            if acting_seats_not_joined(match, state):
                stuck.append(match.pk)
            checked += 1
        problems = []
        if bad:
            problems.append(f"{len(bad)} of {checked} matches differ from their log: {bad}")
        if stuck:
            problems.append(
                f"{len(stuck)} running matches wait for a seat no joined player holds: {stuck}"
            )
        if problems:
            raise CommandError("; ".join(problems))
        self.stdout.write(f"{checked} matches replay to their cached state.")
