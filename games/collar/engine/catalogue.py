"""The catalogue of El collar de la duquesa: options, errors, events and rulebook anchors."""

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

SLUG = "collar"

SECTIONS: tuple[str, ...] = (
    "overview",
    "components",
    "setup",
    "turn",
    "first-turn",
    "wishes",
    "common-card",
    "scoring",
    "end-of-game",
    "anti-stall",
    "tie-break",
    "solo",
    "solo-ranks",
    "rainbow",
    "gold",
    "examples",
    "reconstruction",
    "correspondence",
    "options",
)

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        name="mode",
        kind="choice",
        default="duel",
        label=gettext_noop("Mode"),
        help=gettext_noop(
            "Two jewellers compete for the Duchess, or one player tries to reach the best rank."
        ),
        section="options",
        choices=(
            ("duel", gettext_noop("Two players")),
            ("solo", gettext_noop("Solo")),
        ),
    ),
    OptionSpec(
        name="rainbow",
        kind="bool",
        default=False,
        label=gettext_noop("The rainbow stones"),
        help=gettext_noop(
            "Adds two cards with a rainbow stone that can stand in for any gem "
            "(card contents are a reconstruction)."
        ),
        section="rainbow",
    ),
    OptionSpec(
        name="gold",
        kind="bool",
        default=False,
        label=gettext_noop("The court's gold"),
        help=gettext_noop(
            "Adds four cards with a gold ingot; ingots score more the more you collect "
            "(card contents and part of the table are a reconstruction)."
        ),
        section="gold",
    ),
    OptionSpec(
        name="anti_stall",
        kind="bool",
        default=True,
        label=gettext_noop("End after two turns each with an empty pile"),
        help=gettext_noop(
            "House rule for two players: once the draw pile is empty, the game also ends when "
            "each player has had two turns."
        ),
        section="anti-stall",
    ),
)

ERRORS: dict[str, ErrorSpec] = {
    "collar.bad_action": ErrorSpec(
        gettext_noop("This is not an action of this game."),
        "turn",
    ),
    "collar.bad_seat": ErrorSpec(
        gettext_noop("There is no player {seat} in this game."),
        "turn",
    ),
    "collar.not_your_turn": ErrorSpec(
        gettext_noop("It is not your turn."),
        "turn",
    ),
    "collar.game_over": ErrorSpec(
        gettext_noop("The game is over."),
        "end-of-game",
    ),
    "collar.take_first": ErrorSpec(
        gettext_noop("Take a card first: from the draw pile or the top of the discard pile."),
        "turn",
    ),
    "collar.discard_now": ErrorSpec(
        gettext_noop("You have taken your card: now discard one card from your hand."),
        "turn",
    ),
    "collar.pile_empty": ErrorSpec(
        gettext_noop("The draw pile is empty: take the top discard or end the game."),
        "end-of-game",
    ),
    "collar.discard_pile_empty": ErrorSpec(
        gettext_noop("There is no card on the discard pile yet: draw from the pile."),
        "first-turn",
    ),
    "collar.not_top_discard": ErrorSpec(
        gettext_noop("Only the top card of the discard pile can be taken, and it is {top}."),
        "turn",
    ),
    "collar.cannot_decline": ErrorSpec(
        gettext_noop("You can end the game only when the draw pile is empty."),
        "end-of-game",
    ),
    "collar.card_not_in_hand": ErrorSpec(
        gettext_noop("That card is not in your hand."),
        "turn",
    ),
    "collar.solo_only": ErrorSpec(
        gettext_noop("Keeping one of two cards is how the solo game is played."),
        "solo",
    ),
    "collar.duel_only": ErrorSpec(
        gettext_noop("In the solo game you take two cards each turn and keep one of them."),
        "solo",
    ),
    "collar.keep_first": ErrorSpec(
        gettext_noop("Choose first which of the two cards you keep."),
        "solo",
    ),
    "collar.bad_keep": ErrorSpec(
        gettext_noop("Keep either the face-up card or the unseen one."),
        "solo",
    ),
}

EVENTS: dict[str, Message] = {
    "collar.dealt": ngettext_noop(
        "The cards are shuffled and {card} is the common card; {pile} card makes the draw pile "
        "(cards put aside unseen: {removed}).",
        "The cards are shuffled and {card} is the common card; {pile} cards make the draw pile "
        "(cards put aside unseen: {removed}).",
        "pile",
    ),
    "collar.hand_dealt": ngettext_noop(
        "{player} receives {count} card.", "{player} receives {count} cards.", "count"
    ),
    "collar.drew": gettext_noop("{player} draws a card from the pile."),
    "collar.pile_emptied": gettext_noop("The draw pile is empty."),
    "collar.took_discard": gettext_noop("{player} takes {card} from the discard pile."),
    "collar.discarded": gettext_noop("{player} discards {card}."),
    "collar.declined": gettext_noop("{player} does not take {card} and the game ends."),
    "collar.anti_stall": gettext_noop(
        "Each player has had two turns with an empty draw pile: the game ends."
    ),
    "collar.skipped_take": gettext_noop("{player} runs out of time and takes no card."),
    "collar.skipped_discard": gettext_noop(
        "{player} runs out of time and discards the card just taken, {card}."
    ),
    "collar.solo_offer": gettext_noop(
        "Turn {turn} of {turns}: {player} takes two cards and turns {card} face up."
    ),
    "collar.solo_kept_shown": gettext_noop(
        "{player} keeps {card}; the other card is put aside unseen."
    ),
    "collar.solo_kept_unseen": gettext_noop("{player} keeps the unseen card and discards {shown}."),
    "collar.skipped_keep": gettext_noop(
        "{player} runs out of time: the hand stays as it was and both cards are put away."
    ),
    "collar.solo_finished": ngettext_noop(
        "The {turns} turn is over.", "The {turns} turns are over.", "turns"
    ),
    "collar.left": gettext_noop("{player} leaves the game."),
    "collar.collar_shown": ngettext_noop(
        "{player} shows a necklace worth {florins} florin (wishes met: {wishes}).",
        "{player} shows a necklace worth {florins} florins (wishes met: {wishes}).",
        "florins",
    ),
    "collar.won": gettext_noop("{player} makes the necklace the Duchess chooses."),
    "collar.shared_win": gettext_noop(
        "The necklaces are worth the same: the Duchess keeps both and the win is shared."
    ),
    "collar.rank_aprendiz": ngettext_noop(
        "{player} is still an Apprentice ({florins} florin).",
        "{player} is still an Apprentice ({florins} florins).",
        "florins",
    ),
    "collar.rank_artista": ngettext_noop(
        "{player} is now an Artist ({florins} florin).",
        "{player} is now an Artist ({florins} florins).",
        "florins",
    ),
    "collar.rank_oficial": ngettext_noop(
        "{player} reaches the rank of Journeyman ({florins} florin).",
        "{player} reaches the rank of Journeyman ({florins} florins).",
        "florins",
    ),
    "collar.rank_magister": ngettext_noop(
        "{player} reaches the highest rank: Magister ({florins} florin).",
        "{player} reaches the highest rank: Magister ({florins} florins).",
        "florins",
    ),
}

#: English message ids of the solo ranks, kept in the result's ``extra`` (so they stay as they
#: were when results were first stored, "collar" included, though the English game term is now
#: "necklace": a stored record must replay to the very same result).
RANK_MESSAGES: dict[str, str] = {
    "aprendiz": gettext_noop("Apprentice: a collar of up to 26 florins."),
    "artista": gettext_noop("Artist: a collar of 27 to 30 florins."),
    "oficial": gettext_noop("Journeyman: a collar of 31 to 33 florins."),
    "magister": gettext_noop("Magister: a collar of 34 florins or more."),
}

#: The name of each phase of a turn (``view()["phase"]``).
PHASES: dict[str, str] = {
    "take": gettext_noop("taking a card"),
    "keep": gettext_noop("keeping one of two cards"),
    "discard": gettext_noop("discarding a card"),
    "over": gettext_noop("game over"),
}

#: Where the rulebook explains each phase and each action type (the game page links there).
PHASE_SECTIONS: dict[str, str] = {
    "take": "turn",
    "keep": "solo",
    "discard": "turn",
    "over": "scoring",
}
ACTION_SECTIONS: dict[str, str] = {
    "draw": "turn",
    "take_discard": "turn",
    "decline": "end-of-game",
    "keep": "solo",
    "discard": "turn",
}

SCORE_LABELS: dict[str, Message] = {
    "collar.wish_met": gettext_noop("Wish on {card}: {count} × {gem}, met"),
    "collar.wish_missed": gettext_noop("Wish on {card}: {count} × {gem}, not met ({found} found)"),
    "collar.rainbow_wish_met": gettext_noop("Wish on {card}: exactly one rainbow stone, met"),
    "collar.rainbow_wish_missed": gettext_noop(
        "Wish on {card}: exactly one rainbow stone, not met ({found} used)"
    ),
    "collar.gold": gettext_noop("Gold ingots: {ingots}"),
}


def fail(code: str, **params: Any) -> EngineError:
    """The error ``code`` of this catalogue, with its parameters (``raise fail(...)``)."""
    return error_in(ERRORS, code, **params)
