"""Each rulebook's "Who sees what" table, checked line by line against the engine's views: the
table says who sees a thing (everyone, only one player, nobody), in every language with the
same lines in the same order, and each line's check shows the engine hiding or showing it
to exactly those viewers. A line without its check, or a reader told more or less than a
view shows, fails here."""

from __future__ import annotations

import json
import random
import re
from collections.abc import Callable
from typing import Any

import pytest

from games.bots.base import decide
from games.bots.fairness import situation_of
from games.engines.registry import get_engine
from games.registry import installed_games
from games.risk.engine.data import CEASE_FIRE

SECTION = re.compile(
    r"^## [^\n]+ \{#who-sees-what\}$(?P<body>.*?)(?=^## |\Z)", re.MULTILINE | re.DOTALL
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


def played(engine: Any, players: int, options: dict[str, Any], until: Callable[[Any], bool]):
    """A match played at random until ``until(state)`` holds."""
    rng = random.Random(7)
    options = engine.normalise_options(options)
    state = engine.setup(players, options, 7)
    for move in range(3000):
        if until(state):
            return state
        seat = engine.to_act(state)[0]
        situation = situation_of(
            engine, state, seat, players=players, options=options, version=engine.version
        )
        state = engine.apply(state, seat, decide(situation, "random", rng.randrange(10**9) + move))
    raise AssertionError("the position never came up")


def hidden_from(engine: Any, state: Any, viewer: int | None, part: Callable[[Any], Any]) -> None:
    """The viewer cannot tell ``part`` of the state: states that differ in it (the engine's
    ``hidden_variant``) look the same to them."""
    seen = engine.view(state, viewer)
    variants = [engine.hidden_variant(state, viewer, seed) for seed in range(20)]
    assert any(part(variant) != part(state) for variant in variants)
    assert all(engine.view(variant, viewer) == seen for variant in variants)


def seen_by(engine: Any, state: Any, viewer: int, part: Callable[[Any], Any]) -> None:
    """The viewer sees ``part``: when it changes (hidden from someone else), so does their view."""
    other = next(s for s in range(state.players) if s != viewer)
    variants = [engine.hidden_variant(state, other, seed) for seed in range(20)]
    changed = [variant for variant in variants if part(variant) != part(state)]
    assert changed
    assert all(engine.view(variant, viewer) != engine.view(state, viewer) for variant in changed)


def only_its_player(engine: Any, state: Any, private: Callable[[Any, int], Any]) -> None:
    """Each seat's ``private(state, seat)`` part is seen by that seat and hidden from the
    other seats and from onlookers."""
    for seat in (s for s in range(state.players) if private(state, s)):
        seen_by(engine, state, seat, lambda s, seat=seat: private(s, seat))
        for viewer in (v for v in viewers(state) if v != seat):
            hidden_from(engine, state, viewer, lambda s, seat=seat: private(s, seat))


def viewers(state: Any) -> list[int | None]:
    return [*range(state.players), None]


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

# Risk ---------------------------------------------------------------------------------------

RISK = get_engine("risk")


def risk_with_cards(mode: str = "classic", players: int = 3) -> Any:
    """A match played until two hands hold cards."""
    options = {"mode": mode, "deal_territories": True} if mode == "classic" else {"mode": mode}
    return played(RISK, players, options, lambda s: sum(bool(h) for h in s.hands) >= 2)


def risk_map() -> None:
    state = risk_with_cards()
    for viewer in viewers(state):
        territories = RISK.view(state, viewer)["territories"]
        assert [t["troops"] for t in territories] == list(state.troops)
        assert [t["owner"] for t in territories] == list(state.owner)


def risk_counts() -> None:
    state = risk_with_cards("two-player", 2)
    for viewer in viewers(state):
        view = RISK.view(state, viewer)
        assert [seat["cards"] for seat in view["seats"]] == [len(h) for h in state.hands]
        assert [n["cards"] for n in view["neutrals"]] == [len(c) for c in state.neutral_cards]
        assert (view["deck_count"], view["discard_count"]) == (len(state.deck), len(state.discard))


def risk_hands() -> None:
    only_its_player(RISK, risk_with_cards(), lambda s, seat: sorted(s.hands[seat]))


def risk_deck() -> None:
    state = risk_with_cards()
    for viewer in viewers(state):
        hidden_from(RISK, state, viewer, lambda s: s.deck)


def risk_cease_fire() -> None:
    """Moving the cease-fire card to another place of the draw pile changes no view; every
    view gives its band."""
    state = played(RISK, 3, {"mode": "intro"}, lambda s: s.turn >= 1)
    place = state.deck.index(CEASE_FIRE)
    for viewer in viewers(state):
        view = RISK.view(state, viewer)
        assert view["cease_fire_band"] == state.cease_fire_band
        for other in range(len(state.deck)):
            moved = state.clone()
            moved.deck[place], moved.deck[other] = moved.deck[other], moved.deck[place]
            assert RISK.view(moved, viewer) == view


def risk_neutral_cards() -> None:
    state = risk_with_cards("two-player", 2)
    for viewer in viewers(state):
        hidden_from(RISK, state, viewer, lambda s: s.neutral_cards)


RISK_ROWS = [
    ("everyone", risk_map),
    ("everyone", risk_counts),
    ("one player", risk_hands),
    ("nobody", risk_deck),
    ("nobody", risk_cease_fire),
    ("nobody", risk_neutral_cards),
]

# Richelieu ----------------------------------------------------------------------------------

RICHELIEU = get_engine("richelieu")


def richelieu_with_discs(players: int = 3) -> Any:
    """A match played until two players hold a face-down disc and some lie on the table."""
    return played(
        RICHELIEU, players, {"ruleset": "multiplayer"},
        lambda s: sum(bool(h) for h in s.held) >= 2 and len(s.discs_on) >= 2,
    )  # fmt: skip


def richelieu_public(check: Callable[[dict[str, Any], Any], None]) -> None:
    state = richelieu_with_discs()
    views = [RICHELIEU.view(state, viewer) for viewer in viewers(state)]
    for view in views:
        check(view, state)
        assert (view["rows"], view["seats"]) == (views[0]["rows"], views[0]["seats"])


def richelieu_cards(view: dict[str, Any], state: Any) -> None:
    assert [[card["card"] for card in row] for row in view["rows"]] == state.rows
    assert [[card["card"] for card in seat["cards"]] for seat in view["seats"]] == state.hands


def richelieu_markers(view: dict[str, Any], state: Any) -> None:
    on = {card["card"]: card["marker"] for row in view["rows"] for card in row}
    assert {card: seat for card, seat in on.items() if seat is not None} == state.markers_on
    markers = [seat["markers"] for seat in view["seats"]]
    assert [m["stock"] for m in markers] == state.stock
    assert [m["boxed"] for m in markers] == state.boxed


def richelieu_disc_cells(view: dict[str, Any], state: Any) -> None:
    assert {card["card"] for row in view["rows"] for card in row if card["disc"]} == set(
        state.discs_on
    )


def richelieu_held_counts(view: dict[str, Any], state: Any) -> None:
    assert [seat["face_down_discs"] for seat in view["seats"]] == [len(h) for h in state.held]
    assert [len(seat["spent_discs"]) for seat in view["seats"]] == [len(s) for s in state.spent]


def richelieu_table_discs() -> None:
    state = richelieu_with_discs()
    for viewer in viewers(state):
        hidden_from(RICHELIEU, state, viewer, lambda s: s.discs_on)


def richelieu_taken_discs() -> None:
    only_its_player(RICHELIEU, richelieu_with_discs(), lambda s, seat: sorted(s.held[seat]))
    end = played(RICHELIEU, 3, {"ruleset": "multiplayer"}, lambda s: RICHELIEU.is_over(s))
    revealed = RICHELIEU.view(end, None)["revealed_discs"]
    assert [[d["id"] for d in revealed[str(s)]] for s in range(3)] == end.held


def richelieu_out_of_the_game() -> None:
    state = richelieu_with_discs()
    for viewer in viewers(state):
        hidden_from(RICHELIEU, state, viewer, lambda s: sorted(s.unused))
    end = played(RICHELIEU, 3, {"ruleset": "multiplayer"}, lambda s: RICHELIEU.is_over(s))
    view = RICHELIEU.view(end, None)
    assert view["discs_out_of_game"] == 6 and not any(shown(view, disc) for disc in end.unused)


RICHELIEU_ROWS = [
    ("everyone", lambda: richelieu_public(richelieu_cards)),
    ("everyone", lambda: richelieu_public(richelieu_markers)),
    ("everyone", lambda: richelieu_public(richelieu_disc_cells)),
    ("nobody", richelieu_table_discs),
    ("everyone", lambda: richelieu_public(richelieu_held_counts)),
    ("one player", richelieu_taken_discs),
    ("nobody", richelieu_out_of_the_game),
]

ROWS: dict[str, list[tuple[str, Callable[[], None]]]] = {
    "collar": COLLAR_ROWS, "risk": RISK_ROWS, "richelieu": RICHELIEU_ROWS,
}  # fmt: skip


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", sorted(ROWS))
def test_every_language_has_the_table_its_checks_stand_for(game, language):
    assert table(game, language) == [who for who, _check in ROWS[game]]


@pytest.mark.parametrize(
    ("game", "line"), [(game, line) for game, rows in ROWS.items() for line in range(len(rows))]
)
def test_each_line_holds_in_the_engine(game, line):
    _who, check = ROWS[game][line]
    check()
