"""The recap in an email is the reader's view of the log: never another player's hidden cards,
discs or draws, and never the seed."""

import copy
import re

import pytest

from games.notifications import emails
from games.notifications.models import Notification
from games.play.models import Move

from .conftest import emails_to, html_of

pytestmark = pytest.mark.django_db


def test_the_opponent_never_reads_the_card_a_player_drew(start_match, move, mailoutbox):
    match = start_match("collar")
    move(match)  # a draw: the card is secret to the drawer
    drawer = move(match)
    reader = match.seats.get(is_to_act=True).user
    [drawn] = [
        e["secret"]["params"]["card"]
        for m in match.moves.all()
        for e in m.events
        if e.get("secret")
    ]
    [email] = emails_to(mailoutbox, reader)
    assert drawer.user.public_name in email.body
    assert drawn not in email.body + html_of(email) + email.subject
    assert str(match.seed) not in email.body + html_of(email)


@pytest.mark.parametrize(
    ("game", "options", "players"),
    [
        ("collar", {}, 2),
        ("richelieu", {"ruleset": "fun-for-2"}, 2),
        ("risk", {"mode": "intro"}, 3),
    ],
)
def test_changing_every_secret_of_the_log_leaves_the_email_unchanged(
    start_match, move, game, options, players
):
    match = start_match(game, options, players)
    for _ in range(80):
        move(match)
        if Notification.objects.filter(kind="your_turn").exists():
            break
    row = Notification.objects.filter(kind="your_turn").first()
    assert row is not None
    reader_seat = match.seats.get(user=row.recipient).number
    before = rendered(row)
    for logged in Move.objects.filter(match=match):
        logged.events = [scrambled(event, reader_seat) for event in logged.events]
        logged.save(update_fields=["events"])
    assert rendered(row) == before


SIGNED = re.compile(r"[\w-]+:[\w-]{6}:[\w-]{43}")


def rendered(row):
    """The email as text, with the signed links masked (their signature carries the time)."""
    message = emails.build(Notification.objects.get(pk=row.pk))
    return SIGNED.sub("<signed>", message.subject + message.body + html_of(message))


def scrambled(event, reader):
    """The event with the secrets of other seats replaced by something else."""
    event = copy.deepcopy(event)
    secret = event.get("secret")
    if secret and reader not in secret.get("seats", []):
        secret["params"] = {key: f"LEAK-{key}" for key in secret["params"]}
    return event


@pytest.fixture(autouse=True)
def _players_draw_themselves(players_draw_themselves: None) -> None:
    """These tests begin with El collar's opening draw sent by hand (it would play itself)."""
