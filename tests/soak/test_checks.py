"""The soak's judgements on records written by hand: a repeated email is put down to a
worker's kill only when the kill came within seconds of the first acceptance; a late time-out
is excused only for the time the worker was away."""

import json
import sys
from datetime import UTC, datetime, timedelta
from pathlib import Path

from django.utils import timezone

from games.notifications.models import Notification

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "bench"))

from soak.checks import minutes_late  # noqa: E402
from soak.deliveries import KILL_WINDOW, emails  # noqa: E402
from soak.receivers import MAIL  # noqa: E402


def judge(tmp_path, player, accepted, killed_at):
    now = timezone.now()
    for message_id in {mid for mid, _ in accepted}:
        Notification.objects.create(
            key=message_id, kind="your_turn", recipient=player, address=player.email,
            status="sent", due_at=now, sent_at=now, message_id=message_id,
        )  # fmt: skip
    lines = [
        json.dumps({"at": at, "message_id": mid, "to": [player.email]}) for mid, at in accepted
    ]
    (tmp_path / MAIL).write_text("\n".join(lines) + "\n")
    return emails(tmp_path, now, timedelta(hours=2), killed_at)


def test_a_repeat_right_after_a_kill_is_listed_and_passes(tmp_path, player):
    finding = judge(tmp_path, player, [("<a@x>", 100.0), ("<b@x>", 101.0), ("<a@x>", 130.0)],
                    killed_at=[100.0 + KILL_WINDOW / 2])  # fmt: skip
    assert finding.failures == []
    assert any("<a@x>" in str(value) for _, value in finding.figures)


def test_a_repeat_with_no_kill_beside_it_fails(tmp_path, player):
    finding = judge(tmp_path, player, [("<a@x>", 100.0), ("<a@x>", 130.0)],
                    killed_at=[100.0 + KILL_WINDOW + 5, 90.0])  # fmt: skip
    assert finding.failures and "1 emails accepted more than once" in finding.failures[0]


def at(hour, minute=0):
    return datetime(2027, 1, 14, hour, minute, tzinfo=UTC)


def test_a_time_out_is_late_by_the_time_the_worker_was_there():
    away = [(at(14), at(16))]  # killed at 14:00, back at 16:00
    # due at 13:00, fired at 19:00: six hours, two of them without a worker
    assert minutes_late(at(13), at(19), away) == 4 * 60
    # due while the worker was away: only the time after it came back counts
    assert minutes_late(at(15), at(16, 30), away) == 30
    # an absence after the time-out fired, or before its deadline, excuses nothing
    assert minutes_late(at(10), at(12), away) == 120
    assert minutes_late(at(17), at(18), away) == 60
