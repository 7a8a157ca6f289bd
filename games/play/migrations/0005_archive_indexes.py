"""The archive's indexes, and each seat's outcome of a finished match (filled from the
results of the matches that finished before this migration)."""

from django.conf import settings
from django.db import migrations, models


def fill_outcomes(apps, schema_editor):
    Match = apps.get_model("play", "Match")
    Seat = apps.get_model("play", "Seat")
    # The same rule as games.play.models.seat_outcome, copied: a migration keeps its own.
    finished = Match.objects.filter(status="finished").exclude(result=None)
    for match in finished.only("id", "result").iterator(chunk_size=2000):
        winners = (match.result or {}).get("winners", [])
        for seat in Seat.objects.filter(match_id=match.pk).exclude(number=None):
            if seat.number not in winners:
                outcome = "lost"
            else:
                outcome = "won" if len(winners) == 1 else "drawn"
            Seat.objects.filter(pk=seat.pk).update(outcome=outcome)


class Migration(migrations.Migration):
    dependencies = [
        ("play", "0004_match_rated"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.AddField(
            model_name="seat",
            name="outcome",
            field=models.CharField(
                blank=True,
                choices=[("won", "won"), ("lost", "lost"), ("drawn", "drawn")],
                max_length=5,
            ),
        ),
        migrations.RunPython(fill_outcomes, migrations.RunPython.noop),
        migrations.AddIndex(
            model_name="match",
            index=models.Index(fields=["status", "finished_at", "id"], name="match_archive"),
        ),
        migrations.AddIndex(
            model_name="match",
            index=models.Index(
                fields=["game", "status", "finished_at", "id"], name="match_game_archive"
            ),
        ),
        migrations.AddIndex(
            model_name="seat",
            index=models.Index(
                fields=["user", "outcome", "match"], name="seat_user_outcome_match"
            ),
        ),
    ]
