"""Levels 1 and 2, and level 3's judgement before it looks ahead: the best turn by the
estimate; levels 2 and 3 also against the other players' best answers.

Every legal action is scored by the best way to finish the turn it starts (a second card, a
marker placed or moved, or nothing), each finish weighed by the position it leaves and by the
answers of the players who move next (``answer_chain``): each other player in turn order
plays the take best for itself on the position the previous ones left, and the plan is judged
by where that leaves the bot (at two players, the next player's best answer only). A card that
wins a region is worth less when it uncovers one that wins another region for a later player.
A marker's place is scored once per decision (``marker_places``): a card close to a row end
that the others want is a tax on them, one the bot wants is kept for it. Level 1
(``PLAIN_WEIGHTS``) gives the answers no weight and does not compute them, and never puts or
moves a marker: the cards that leave the best estimate now. Level 2 (``ANSWER_WEIGHTS``) gives
a marker's place no worth of its own: its markers go where they cut the others' answers most.
Level 3 judges with every weight (``DEFAULT_WEIGHTS``).
"""

from __future__ import annotations

import random
from dataclasses import replace
from typing import Any

from games.engines.base import Action
from games.richelieu.bot.position import (
    CARD_INDEX,
    DEFAULT_WEIGHTS,
    REGION_OF,
    SHIELDS_OF,
    Position,
    Weights,
)

STOCK = "stock"
#: Level 1's weights: the other players' answers count for nothing, and it never puts or
#: moves a marker.
PLAIN_WEIGHTS = replace(DEFAULT_WEIGHTS, reply=0.0, markers=False)
#: Level 2's weights: the other players' answers judge every plan, markers included, but a
#: marker's place is worth nothing of its own (no tax on the others, no card kept).
ANSWER_WEIGHTS = replace(DEFAULT_WEIGHTS, place_keep=0.0, place_deny=0.0)
#: How many of the best marker places a plan tries in full (with the next player's answer).
MARKER_CANDIDATES = 3
TIE = 1e-9


class Planner:
    """One decision of one seat: the position, the marker places, and the plan scores."""

    def __init__(
        self, position: Position, seat: int, rules: int, places: dict[int, float] | None = None
    ) -> None:
        self.position = position
        self.seat = seat
        self.rules = rules
        self.weights = position.weights
        #: ``places`` given (level 3's playouts give none): the marker places are not scored.
        self.places = marker_places(position, seat) if places is None else places

    # Scoring the legal actions ---------------------------------------------------------

    def score(self, action: Action) -> float:
        kind = action["type"]
        position = self.position
        if kind == "take":
            card = CARD_INDEX[action["card"]]
            pay = action.get("pay")
            source = None if pay in (None, STOCK) else CARD_INDEX[pay]
            cost = self.places.get(source, 0.0) if source is not None else 0.0
            record = position.take(self.seat, card, source)
            value = self.after_take(card, first=not position.turn_cards) - cost
            position.undo(record)
            return value
        if kind == "place_marker":
            return self.finish_with_marker(None, CARD_INDEX[action["card"]])
        if kind == "move_marker":
            return self.finish_with_marker(CARD_INDEX[action["from"]], CARD_INDEX[action["to"]])
        if kind == "end_turn" or kind == "pass":
            return self.finish()
        # "marker_back" is played before anything else (see ``choose``); nothing else is left.
        return self.finish()

    def after_take(self, card: int, first: bool) -> float:
        """The best way to go on after ``card``: a second card (when the rules allow one) or
        finishing the turn. ``first``: ``card`` was the turn's first."""
        position = self.position
        if position.over:
            return position.utility(self.seat)
        best = self.best_finish()
        if first and not position.first_turn:
            best = max(best, self.best_second(card))
        return best

    def best_second(self, first_card: int) -> float:
        position = self.position
        if SHIELDS_OF[first_card] != 1:
            return float("-inf")
        best = float("-inf")
        for card in position.ends():
            if SHIELDS_OF[card] != 1 or REGION_OF[card] != REGION_OF[first_card]:
                continue
            owner = position.marker.get(card)
            if owner is not None and owner != self.seat and not position.can_pay(self.seat):
                continue
            record = position.take(self.seat, card)
            value = position.utility(self.seat) if position.over else self.best_finish()
            position.undo(record)
            best = max(best, value)
        return best

    def best_finish(self) -> float:
        """The best end of the turn: a marker placed or moved (the most promising places
        only), or none."""
        plain = self.finish()
        best = plain
        ends = set(self.position.ends())
        for source, target in self.marker_options():
            if target in ends or source in ends:
                best = max(best, self.finish_with_marker(source, target))
            else:
                # The next player cannot reach either card: its answer stays the same.
                lost = 0.0 if source is None else self.places.get(source, 0.0)
                best = max(best, plain + self.places.get(target, 0.0) - lost)
        return best

    def marker_options(self) -> list[tuple[int | None, int]]:
        position = self.position
        seat = self.seat
        if not self.weights.markers:
            return []
        free = [(value, card) for card, value in self.places.items() if card not in position.marker]
        free = [item for item in free if position_has(position, item[1])]
        free.sort(reverse=True)
        targets = [card for _, card in free[:MARKER_CANDIDATES]]
        can_place = position.stock[seat] > 0 and position.on_cards[seat] < position.marker_limit
        if can_place:
            return [(None, card) for card in targets]
        may_move = position.stock[seat] == 0 if self.rules > 1 else not can_place
        if not may_move:
            return []
        mine = [card for card, owner in position.marker.items() if owner == seat]
        if not mine:
            return []
        weakest = min(mine, key=lambda card: self.places.get(card, 0.0))
        return [(weakest, card) for card in targets]

    def finish_with_marker(self, source: int | None, target: int) -> float:
        position = self.position
        seat = self.seat
        gain = self.places.get(target, 0.0)
        if source is None:
            position.stock[seat] -= 1
            position.on_cards[seat] += 1
        else:
            gain -= self.places.get(source, 0.0)
            del position.marker[source]
        position.marker[target] = seat
        value = self.finish() + gain
        del position.marker[target]
        if source is None:
            position.stock[seat] += 1
            position.on_cards[seat] -= 1
        else:
            position.marker[source] = seat
        return value

    def finish(self) -> float:
        """The position at the end of the turn, less what the other players' answers take
        (the next ``weights.replies`` players in turn order, never the bot itself)."""
        position = self.position
        mine = position.utility(self.seat)
        if position.over or self.weights.reply == 0.0:
            return mine
        seats = [position.next_seat(self.seat)]
        while len(seats) < self.weights.replies:
            following = position.next_seat(seats[-1])
            if following == self.seat:
                break
            seats.append(following)
        after = answer_chain(position, seats, self.seat)
        return mine + self.weights.reply * (after - mine)


def position_has(position: Position, card: int) -> bool:
    return any(card in row for row in position.rows)


def answer_chain(position: Position, seats: list[int], judge: int) -> float:
    """``judge``'s utility after each of ``seats`` in turn plays the take best for itself
    (the last one's answer only judged, the others' played on the position and undone)."""
    if position.over or not seats:
        return position.utility(judge)
    if len(seats) == 1:
        return answer(position, seats[0], judge)
    seat = seats[0]
    records = []
    for card in best_take(position, seat):
        records.append(position.take(seat, card))
        if position.over:
            break
    value = answer_chain(position, seats[1:], judge)
    for record in reversed(records):
        position.undo(record)
    return value


def best_take(position: Position, seat: int) -> list[int]:
    """The take (one card or two) that leaves ``seat``'s own utility highest; none when it
    can take nothing."""
    return _best_take(position, seat, seat)[0]


def answer(position: Position, seat: int, judge: int) -> float:
    """``judge``'s utility after ``seat`` plays the take (one card or two) best for itself;
    ``judge``'s utility as it stands when ``seat`` can take nothing."""
    return _best_take(position, seat, judge)[1]


def _best_take(position: Position, seat: int, judge: int) -> tuple[list[int], float]:
    """The take best for ``seat`` itself, and ``judge``'s utility after it."""
    best_own = float("-inf")
    chosen: list[int] = []
    result = position.utility(judge)
    for card in position.ends():
        owner = position.marker.get(card)
        if owner is not None and owner != seat and not position.can_pay(seat):
            continue
        own, judged = position.peek(seat, card, judge)
        if own > best_own:
            best_own, chosen, result = own, [card], judged
        if SHIELDS_OF[card] != 1:
            continue
        record = position.take(seat, card)
        if not position.over:
            for second in position.ends():
                if SHIELDS_OF[second] != 1 or REGION_OF[second] != REGION_OF[card]:
                    continue
                other = position.marker.get(second)
                if other is not None and other != seat and not position.can_pay(seat):
                    continue
                own, judged = position.peek(seat, second, judge)
                if own > best_own:
                    best_own, chosen, result = own, [card, second], judged
        position.undo(record)
    return chosen, result


def marker_places(position: Position, seat: int) -> dict[int, float]:
    """What a marker of ``seat`` is worth on each table card: the others' wish for the card
    (up to the marker they would pay for it) and the seat's own, less for a card far from a
    row end."""
    weights = position.weights
    price = position.marker_value()
    others = [s for s in position.active if s != seat]
    places: dict[int, float] = {}
    for row in list(position.rows):
        for index, card in enumerate(list(row)):
            depth = min(index, len(row) - 1 - index)
            gains = {s: wish(position, s, card) for s in [seat, *others]}
            deny = max((gains[s] for s in others), default=0.0)
            value = weights.place_deny * min(max(deny, 0.0), price)
            value += weights.place_keep * max(gains[seat], 0.0)
            places[card] = value * weights.access**depth
    return places


def wish(position: Position, seat: int, card: int) -> float:
    """How much ``seat``'s utility would rise if it took ``card`` now, markers aside."""
    before = position.utility(seat)
    owner = position.marker.pop(card, None)
    if owner is not None:
        position.on_cards[owner] -= 1
    gain = position.peek(seat, card)[0] - before
    if owner is not None:
        position.marker[card] = owner
        position.on_cards[owner] += 1
    return gain


def choose_greedy(
    view: dict[str, Any],
    seat: int,
    legal: tuple[Action, ...],
    rules: int,
    rng: random.Random,
    weights: Weights = DEFAULT_WEIGHTS,
) -> Action:
    """The best action among ``legal`` by the judgement of ``weights`` (level 1's with
    ``PLAIN_WEIGHTS``, level 2's with ``ANSWER_WEIGHTS``)."""
    if len(legal) == 1:
        return dict(legal[0])
    for action in legal:
        if action["type"] == "marker_back":
            # A marker back in stock is never worse than one in the box, and the disc scores
            # nothing at the end: spend it at once.
            return dict(action)
    if not weights.markers:
        plain = tuple(a for a in legal if a["type"] not in ("place_marker", "move_marker"))
        legal = plain or legal
        if len(legal) == 1:
            return dict(legal[0])
    planner = Planner(Position.from_view(view, weights), seat, rules)
    scored = [(planner.score(action), index) for index, action in enumerate(legal)]
    top = max(value for value, _ in scored)
    best = [index for value, index in scored if value >= top - TIE]
    return dict(legal[rng.choice(best)])
