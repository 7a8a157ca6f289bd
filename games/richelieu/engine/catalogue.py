"""Everything a player reads about Richelieu, as English message ids: options, errors, events,
score lines. Each points at a section of the rulebook page (the anchors in ``SECTIONS``)."""

from __future__ import annotations

from typing import Any

from games.engines.base import (
    EngineError,
    ErrorSpec,
    Message,
    OptionSpec,
    error_in,
    gettext_noop,
    ngettext_noop,
)

SECTIONS: tuple[str, ...] = (
    "overview",
    "components",
    "setup",
    "turn",
    "first-turn",
    "taking-cards",
    "two-card-rule",
    "markers",
    "paying-markers",
    "discs",
    "marker-back",
    "blocked-player",
    "four-players",
    "end-of-game",
    "short-variant",
    "scoring",
    "scoring-fun-for-2",
    "scoring-multiplayer",
    "tie-break",
    "examples",
    "editions",
    "reconstruction",
    "correspondence",
    "options",
)

MULTIPLAYER = "multiplayer"
FUN_FOR_2 = "fun-for-2"

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        name="ruleset",
        kind="choice",
        default=MULTIPLAYER,
        label=gettext_noop("Rules"),
        help=gettext_noop(
            "Multiplayer: the 2–4 player rules (tied leaders all score, +2 per region with "
            "3–4 players). Fun for 2: the two-player box (a tie scores nothing, −5 for each "
            "region or symbol without a card)."
        ),
        section="options",
        choices=(
            (MULTIPLAYER, gettext_noop("Multiplayer (2–4 players)")),
            (FUN_FOR_2, gettext_noop("Fun for 2 (2 players)")),
        ),
    ),
    OptionSpec(
        name="short",
        kind="bool",
        default=False,
        label=gettext_noop("Short game"),
        help=gettext_noop(
            "The game ends and is scored as soon as three of the four rows are empty."
        ),
        section="short-variant",
    ),
)


def _e(message: Message, section: str) -> ErrorSpec:
    return ErrorSpec(message, section)


ERRORS: dict[str, ErrorSpec] = {
    "richelieu.bad_setup": _e(
        gettext_noop("The game cannot be set up with these values."), "setup"
    ),
    "richelieu.bad_state": _e(gettext_noop("This saved game cannot be read."), "overview"),
    "richelieu.bad_action": _e(gettext_noop("This move is not one the game knows."), "turn"),
    "richelieu.game_over": _e(gettext_noop("The game is over."), "end-of-game"),
    "richelieu.not_your_turn": _e(gettext_noop("It is not your turn."), "turn"),
    "richelieu.not_in_game": _e(
        gettext_noop("Player {seat} is not playing this game any more."), "correspondence"
    ),
    "richelieu.card_not_on_table": _e(
        gettext_noop("Card {card} is not on the table."), "taking-cards"
    ),
    "richelieu.not_at_row_end": _e(
        gettext_noop("Card {card} is not at the left or right end of its row."), "taking-cards"
    ),
    "richelieu.first_turn_one_card": _e(
        gettext_noop("On the first turn of the game only one card may be taken."), "first-turn"
    ),
    "richelieu.third_card": _e(
        gettext_noop("No more than two cards may be taken in one turn."), "two-card-rule"
    ),
    "richelieu.second_card_other_region": _e(
        gettext_noop("A second card must be of the same region as the first ({region})."),
        "two-card-rule",
    ),
    "richelieu.second_card_two_shields": _e(
        gettext_noop(
            "Two cards may show no more than two shields: a card with two shields is taken alone."
        ),
        "two-card-rule",
    ),
    "richelieu.payment_required": _e(
        gettext_noop(
            "Card {card} carries another player's marker: say which of your markers you pay."
        ),
        "paying-markers",
    ),
    "richelieu.payment_not_needed": _e(
        gettext_noop("Card {card} carries no other player's marker: there is nothing to pay."),
        "paying-markers",
    ),
    "richelieu.no_marker_to_pay": _e(
        gettext_noop(
            "You have no marker left to pay with, so you cannot take a card with another "
            "player's marker."
        ),
        "paying-markers",
    ),
    "richelieu.bad_payment": _e(
        gettext_noop("You can pay only with a marker from your stock or one of yours on a card."),
        "paying-markers",
    ),
    "richelieu.take_first": _e(
        gettext_noop("Take your card first; a marker comes after taking."), "markers"
    ),
    "richelieu.marker_card_not_on_table": _e(
        gettext_noop("A marker can only go on a card that is on the table."), "markers"
    ),
    "richelieu.card_has_marker": _e(
        gettext_noop("Card {card} already has a marker on it."), "markers"
    ),
    "richelieu.no_marker_in_stock": _e(
        gettext_noop("You have no marker in your stock to place."), "markers"
    ),
    "richelieu.marker_limit": _e(
        ngettext_noop(
            "With four players at most {limit} of your markers may lie on cards.",
            "With four players at most {limit} of your markers may lie on cards.",
            "limit",
        ),
        "four-players",
    ),
    "richelieu.move_not_allowed": _e(
        gettext_noop("You can still place a marker from your stock, so you cannot move one."),
        "markers",
    ),
    "richelieu.not_your_marker": _e(
        gettext_noop("There is no marker of yours on card {card}."), "markers"
    ),
    "richelieu.no_marker_back_disc": _e(
        gettext_noop("You have no “marker back” disc to spend."), "marker-back"
    ),
    "richelieu.no_boxed_marker": _e(
        gettext_noop("None of your markers is in the box, so there is nothing to bring back."),
        "marker-back",
    ),
    "richelieu.cannot_pass": _e(
        gettext_noop("You can take a card, so you cannot pass."), "blocked-player"
    ),
    "richelieu.cannot_pass_marker_back": _e(
        gettext_noop(
            "Spend your “marker back” disc and you can pay for a card, so you cannot pass."
        ),
        "blocked-player",
    ),
    "richelieu.third_marker_in_stock": _e(
        ngettext_noop(
            "With four players at most {limit} of your markers lies on cards and the others stay "
            "in your stock; while they are there you may neither place nor move a marker.",
            "With four players at most {limit} of your markers lie on cards and the other stays "
            "in your stock; while it is there you may neither place nor move a marker.",
            "limit",
        ),
        "four-players",
    ),
    "richelieu.must_take": _e(
        gettext_noop("Take at least one card before ending your turn."), "turn"
    ),
}

EVENTS: dict[str, Message] = {
    # The card's name says its region and shields ("Bretagne, 2 shields").
    "richelieu.took_card": gettext_noop("{player} took {card}."),
    "richelieu.took_disc": gettext_noop("{player} took the face-down disc lying on card {card}."),
    "richelieu.paid_from_stock": gettext_noop(
        "{player} paid a marker from stock into the box for card {card}; "
        "{owner} gets their marker back."
    ),
    "richelieu.paid_from_card": gettext_noop(
        "{player} paid the marker from card {source} into the box for card {card}; "
        "{owner} gets their marker back."
    ),
    "richelieu.own_marker_back": gettext_noop(
        "{player} took back their own marker from card {card}."
    ),
    "richelieu.placed_marker": gettext_noop("{player} placed a marker on card {card}."),
    "richelieu.moved_marker": gettext_noop(
        "{player} moved a marker from card {source} to card {target}."
    ),
    "richelieu.spent_marker_back": gettext_noop(
        "{player} spent a “marker back” disc and took a marker out of the box."
    ),
    "richelieu.passed": gettext_noop("{player} can take no card and passes."),
    "richelieu.ended_turn": gettext_noop("{player} ended their turn."),
    "richelieu.skipped": gettext_noop("{player} ran out of time; the turn passes."),
    "richelieu.left": gettext_noop("{player} left the game."),
    "richelieu.game_over_all_taken": gettext_noop(
        "The last card has been taken: the game is over."
    ),
    "richelieu.game_over_three_rows": gettext_noop("Three rows are empty: the short game is over."),
    "richelieu.game_over_players_left": gettext_noop(
        "Only {player} is left in the game: the game is over."
    ),
}


#: The name of each phase of a turn (``view()["phase"]``).
PHASES: dict[str, str] = {
    "take": gettext_noop("taking a card"),
    "after": gettext_noop("second card or marker"),
    "over": gettext_noop("game over"),
}

#: Where the rulebook explains each phase and each action type (the game page links there).
PHASE_SECTIONS: dict[str, str] = {"take": "taking-cards", "after": "turn", "over": "end-of-game"}
ACTION_SECTIONS: dict[str, str] = {
    "take": "taking-cards",
    "place_marker": "markers",
    "move_marker": "markers",
    "marker_back": "marker-back",
    "pass": "blocked-player",
    "end_turn": "turn",
}

SCORE_LABELS: dict[str, Message] = {
    "richelieu.region_majority": ngettext_noop(
        "{region}: {shields} shield", "{region}: {shields} shields", "shields"
    ),
    "richelieu.region_present": gettext_noop("At least one card of {region}"),
    "richelieu.region_missing": gettext_noop("No card of {region}"),
    "richelieu.symbol_majority": ngettext_noop(
        "{symbol}: {count} symbol", "{symbol}: {count} symbols", "count"
    ),
    "richelieu.symbol_missing": gettext_noop("No card with the symbol {symbol}"),
    "richelieu.left": gettext_noop("Left the game"),
}


def fail(code: str, **params: Any) -> EngineError:
    """The error ``code`` of this catalogue, with its parameters (``raise fail(...)``)."""
    return error_in(ERRORS, code, **params)
