"""No page shows what its reader may not see: other hands, face-down discs, the deck, the seed.

The strongest check: change the hidden parts of the stored state (swap an opponent's hand with
the draw pile, permute the face-down discs, reorder the deck) and the page another seat or a
spectator gets must stay exactly the same.
"""

import random
import re

import pytest
from django.core.cache import cache

from games.play.models import Match

pytestmark = pytest.mark.django_db
CSRF = re.compile(r'name="csrfmiddlewaretoken" value="[^"]+"')


def page(client, user, match):
    if user is None:
        client.logout()
    else:
        client.force_login(user)
    response = client.get(f"/en/play/{match.pk}/")
    assert response.status_code == 200
    return CSRF.sub("", response.content.decode())


def hide_differently(game, state, viewer):
    rng = random.Random(1)
    if game == "collar":
        other = 1 - viewer
        pool = state["hands"][other] + state["pile"]
        rng.shuffle(pool)
        state["hands"][other], state["pile"] = pool[:4], pool[4:]
        state["removed"] = state["removed"][::-1]
    elif game == "richelieu":
        cells = list(state["discs_on"])
        discs = list(state["discs_on"].values()) + state["unused"]
        rng.shuffle(discs)
        state["discs_on"] = dict(zip(cells, discs[: len(cells)], strict=True))
        state["unused"] = discs[len(cells) :]
    else:
        state["deck"] = state["deck"][::-1]
    return state


@pytest.mark.parametrize(
    ("game", "options", "players"),
    [
        ("collar", {}, 2),
        ("richelieu", {"ruleset": "fun-for-2"}, 2),
        ("risk", {"mode": "intro"}, 3),
    ],
)
def test_pages_do_not_change_when_hidden_information_changes(
    client, start_match, game, options, players, outsider
):
    match = start_match(game, options, players, visibility="open")
    viewer_seat = match.seats.get(number=0)
    before = {who: page(client, who, match) for who in (viewer_seat.user, outsider, None)}
    state = hide_differently(game, dict(match.state), 0)
    Match.objects.filter(pk=match.pk).update(state=state)
    cache.clear()  # the boards are drawn anew from the changed state, not read from the cache
    for who, html in before.items():
        assert page(client, who, match) == html, f"the page of {who} shows hidden information"


def test_the_collar_page_of_one_seat_never_names_the_other_hand(client, start_match):
    match = start_match("collar")
    me = match.seats.get(number=0)
    html = page(client, me.user, match)
    for card in match.state["hands"][1] + match.state["pile"] + match.state["removed"]:
        assert card not in html
    for card in match.state["hands"][0]:
        assert card in html


def test_the_seed_is_hidden_until_the_end_and_shown_after(client, start_match):
    from games.actions import moves

    match = start_match("richelieu", {"ruleset": "fun-for-2"}, visibility="open")
    for who in [s.user for s in match.seats.all()] + [None]:
        html = page(client, who, match)
        assert str(match.seed) not in html
        assert match.seed_sha256 in html
    moves.do_resign(match.pk, match.seats.get(number=0).user)
    assert str(match.seed) in page(client, None, match)


def test_a_private_match_is_a_404_for_outsiders_and_spectators(client, start_match, outsider):
    match = start_match("collar")
    client.force_login(outsider)
    assert client.get(f"/en/play/{match.pk}/").status_code == 404
    client.logout()
    # A visitor who is not logged in is asked to log in, and sees nothing of the match.
    response = client.get(f"/en/play/{match.pk}/")
    assert response.status_code == 302 and response.content == b""
    assert response["Location"].startswith("/en/accounts/login/")
