from django.core.management.base import BaseCommand, CommandError

from games.play.models import Match
from games.play.records import match_log, replay_match, replays_to_cache


class Command(BaseCommand):
    help = "Replay every started match from its seed and log and compare with its cached state."

    def handle(self, *args: object, **options: object) -> None:
        bad = []
        checked = 0
        for match in Match.objects.exclude(state=None).iterator():
            log = match_log(match)
            same = replays_to_cache(match, replay_match(match, log))
            if not same or len(log) != match.version:
                bad.append(match.pk)
            checked += 1
        if bad:
            raise CommandError(f"{len(bad)} of {checked} matches differ from their log: {bad}")
        self.stdout.write(f"{checked} matches replay to their cached state.")
