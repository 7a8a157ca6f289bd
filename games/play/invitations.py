"""The invitation email: a link that seats the invitee, signing them up first if needed.

It goes through the notification outbox (``games.notifications``), written in the same
transaction as the seat and sent by a worker once that transaction commits.
"""

from __future__ import annotations

from games.play.models import Seat


def send_invitation(seat: Seat) -> None:
    from games.notifications.events import invited

    invited(seat)
