"""Each rulebook's "Who sees what" table, checked line by line against the engine's views: the
table says who sees a thing (everyone, only one player, nobody), in every language with the
same lines in the same order, and each line's check shows the engine hiding or showing it
to exactly those viewers. A line without its check, or a reader told more or less than a
view shows, fails here."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

import pytest

from games.engines.registry import get_engine
from games.registry import installed_games

SECTION = re.compile(
    r"^## .+ \{#who-sees-what\}$(?P<body>.*?)(?=^## |\Z)", re.MULTILINE | re.DOTALL
)
ROW = re.compile(r"^\| (?P<what>[^|]+?) \| (?P<who>[^|]+?) \|$", re.MULTILINE)
LANGUAGES = ("en", "es", "it")
#: The first word of a "who" cell, in each language.
WHO = {
    "everyone": "everyone", "todos": "everyone", "tutti": "everyone",
    "only": "one player", "solo": "one player",
    "nobody": "nobody", "nadie": "nobody", "nessuno": "nobody",
}  # fmt: skip


def table(game: str, language: str) -> list[str]:
    """Who sees each line of the table, in order (the heading row left out)."""
    text = (installed_games()[game].rulebook_dir / f"{language}.md").read_text(encoding="utf-8")
    section = SECTION.search(text)
    assert section is not None, f"{game}/{language}.md has no section {{#who-sees-what}}"
    rows = ROW.findall(section["body"])[1:]
    return [WHO[who.split()[0].strip(",:").lower()] for _what, who in rows]


def shown(view: dict[str, Any], card: str) -> bool:
    """Whether a card's id appears anywhere in a view."""
    return f'"{card}"' in json.dumps(view)


# El collar ----------------------------------------------------------------------------------

COLLAR = get_engine("collar")


def collar_play(until: Callable[[Any, dict[str, Any]], bool], mode: str = "duel", seed: int = 5):
    """A match played by always choosing the first legal action but drawing when it may,
    until ``until(state, action)`` holds for the action just played (or for the state dealt,
    with no action); the state after it."""
    state = COLLAR.setup(1 if mode == "solo" else 2, COLLAR.normalise_options({"mode": mode}), seed)
    if until(state, {}):
        return state
    while not COLLAR.view(state, None)["over"]:
        seat = COLLAR.to_act(state)[0]
        legal = COLLAR.legal_actions(state, seat)
        action = next((a for a in legal if a["type"] == "draw"), legal[0])
        if state.turn % 3 == 2:  # now and then, the top discard
            action = next((a for a in legal if a["type"] == "take_discard"), action)
        state = COLLAR.apply(state, seat, action)
        if until(state, action):
            return state
    raise AssertionError("the match ended first")


def collar_views(state: Any) -> list[dict[str, Any]]:
    return [COLLAR.view(state, viewer) for viewer in (*range(state.players), None)]


def collar_common() -> None:
    state = collar_play(lambda s, a: s.turn > 2)
    assert {view["common"]["id"] for view in collar_views(state)} == {state.common}


def collar_discard_pile() -> None:
    state = collar_play(lambda s, a: len(s.discard) > 4)
    for view in collar_views(state):
        assert [card["id"] for card in view["discard"]] == list(state.discard)


def collar_taken_from_the_discard() -> None:
    state = collar_play(lambda s, a: a.get("type") == "take_discard")
    for view in collar_views(state):
        assert view["last_taken"]["card"] == state.taken


def collar_counts() -> None:
    state = collar_play(lambda s, a: s.turn > 4)
    for view in collar_views(state):
        assert view["hand_counts"] == [len(hand) for hand in state.hands]
        assert view["pile_count"] == len(state.pile) and view["removed_count"] == 3


def collar_hands() -> None:
    state = collar_play(lambda s, a: s.turn > 4)
    views = collar_views(state)
    for seat in (0, 1):
        assert [card["id"] for card in views[seat]["hand"]] == list(state.hands[seat])
        others = [view for viewer, view in enumerate(views) if viewer != seat]
        only_here = set(state.hands[seat]) - set(state.hands[1 - seat])
        assert not any(shown(view, card) for view in others for card in only_here)


def collar_drawn_card() -> None:
    state = collar_play(lambda s, a: a.get("type") == "draw")
    drawer, card = state.to_move, state.taken
    views = collar_views(state)
    assert views[drawer]["taken"] == card
    assert [shown(view, card) for view in views] == [v == drawer for v in range(3)]


def collar_pile_and_removed() -> None:
    state = collar_play(lambda s, a: s.turn > 4)
    for view in collar_views(state):
        assert not any(shown(view, card) for card in (*state.pile, *state.removed))
    end = collar_play(lambda s, a: COLLAR.view(s, None)["over"])
    last = COLLAR.view(end, 0)
    assert [c["id"] for c in last["pile"]] == list(end.pile)
    assert [c["id"] for c in last["removed"]] == list(end.removed)


def collar_solo_face_up() -> None:
    state = collar_play(lambda s, a: s.offer != (), mode="solo")
    for view in collar_views(state):
        assert view["offer"]["shown"]["id"] == state.offer[0]


def collar_solo_other_card() -> None:
    state = collar_play(lambda s, a: s.offer != (), mode="solo")
    unseen = state.offer[1]
    assert not any(shown(view, unseen) for view in collar_views(state))
    kept = COLLAR.apply(state, 0, {"type": "keep", "which": "unseen"})
    assert shown(COLLAR.view(kept, 0), unseen) and not shown(COLLAR.view(kept, None), unseen)
    put = COLLAR.apply(state, 0, {"type": "keep", "which": "shown"})
    assert not any(shown(view, unseen) for view in collar_views(put))


COLLAR_ROWS = [
    ("everyone", collar_common),
    ("everyone", collar_discard_pile),
    ("everyone", collar_taken_from_the_discard),
    ("everyone", collar_counts),
    ("one player", collar_hands),
    ("one player", collar_drawn_card),
    ("nobody", collar_pile_and_removed),
    ("everyone", collar_solo_face_up),
    ("nobody", collar_solo_other_card),
]

ROWS: dict[str, list[tuple[str, Callable[[], None]]]] = {"collar": COLLAR_ROWS}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", sorted(ROWS))
def test_every_language_has_the_table_its_checks_stand_for(game, language):
    assert table(game, language) == [who for who, _check in ROWS[game]]


@pytest.mark.parametrize(
    "check", [check for rows in ROWS.values() for _who, check in rows], ids=lambda c: c.__name__
)
def test_each_line_holds_in_the_engine(check):
    check()
