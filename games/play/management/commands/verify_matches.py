import json

from django.core.management.base import BaseCommand, CommandError

from games.play.models import Match


class Command(BaseCommand):
    help = "Replay every started match from its seed and log and compare with its cached state."

    def handle(self, *args: object, **options: object) -> None:
        bad = []
        checked = 0
        for match in Match.objects.exclude(state=None).iterator():
            engine = match.engine
            log = [
                {"seat": s, "action": a}
                for s, a in match.moves.order_by("number").values_list("seat", "action")
            ]
            state = engine.replay(match.players, match.options, match.seed, log)
            same = json.dumps(engine.to_json(state), sort_keys=True) == json.dumps(
                match.state, sort_keys=True
            )
            if not same or len(log) != match.version:
                bad.append(match.pk)
            checked += 1
        if bad:
            raise CommandError(f"{len(bad)} of {checked} matches differ from their log: {bad}")
        self.stdout.write(f"{checked} matches replay to their cached state.")
