"""Every message id of the Risk engine: options, errors, events and score lines."""

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

#: The modes (the option "mode").
INTRO = "intro"
CLASSIC = "classic"
TWO_PLAYER = "two-player"

SECTIONS: tuple[str, ...] = (
    "overview",
    "components",
    "map",
    "setup-intro",
    "setup-classic",
    "setup-two-player",
    "turn",
    "cards-trade",
    "reinforcements",
    "attack",
    "dice",
    "blitz",
    "conquest",
    "maneuver",
    "card-draw",
    "elimination",
    "neutral-armies",
    "cease-fire",
    "winning",
    "mode-intro",
    "mode-classic",
    "mode-two-player",
    "reconstruction",
    "correspondence",
    "options",
)

OPTIONS: tuple[OptionSpec, ...] = (
    OptionSpec(
        name="mode",
        kind="choice",
        default=CLASSIC,
        label=gettext_noop("Game"),
        help=gettext_noop(
            "Classic: claim the territories and conquer the world. Introductory: dealt "
            "territories, a territory target and a cease-fire card. Two players: three neutral "
            "armies stand in the way."
        ),
        section="options",
        choices=(
            (CLASSIC, gettext_noop("Classic (3–5 players)")),
            (INTRO, gettext_noop("Introductory (3–5 players)")),
            (TWO_PLAYER, gettext_noop("Two players")),
        ),
    ),
    OptionSpec(
        name="deal_territories",
        kind="bool",
        default=False,
        label=gettext_noop("Deal the territories"),
        help=gettext_noop(
            "Classic game only: the territories are dealt at random instead of claimed one by "
            "one, which saves many turns by mail."
        ),
        section="setup-classic",
    ),
    OptionSpec(
        name="short_game",
        kind="bool",
        default=False,
        label=gettext_noop("Short game"),
        help=gettext_noop(
            "Introductory game with 4 or 5 players only: the cease-fire card goes higher in the "
            "deck, as for one player fewer, so the game tends to end sooner."
        ),
        section="cease-fire",
    ),
)


def _e(message: Message, section: str) -> ErrorSpec:
    return ErrorSpec(message, section)


ERRORS: dict[str, ErrorSpec] = {
    "risk.bad_action": _e(gettext_noop("This action is incomplete or malformed."), "turn"),
    "risk.unknown_action": _e(gettext_noop("This action is not part of the game."), "turn"),
    "risk.bad_seat": _e(gettext_noop("There is no such seat in this game."), "turn"),
    "risk.bad_state": _e(gettext_noop("The stored game could not be read."), "correspondence"),
    "risk.game_over": _e(gettext_noop("The game is over."), "winning"),
    "risk.not_your_turn": _e(gettext_noop("It is not your turn."), "turn"),
    "risk.seat_out": _e(gettext_noop("This player is no longer in the game."), "elimination"),
    "risk.wrong_phase": _e(
        gettext_noop("This action is not possible at this point of the turn."), "turn"
    ),
    "risk.option_not_for_mode": _e(
        gettext_noop("The option “{option}” does not apply to the {mode} game."), "options"
    ),
    "risk.unknown_territory": _e(gettext_noop("There is no territory “{territory}”."), "map"),
    "risk.territory_taken": _e(
        gettext_noop("{territory} has already been claimed."), "setup-classic"
    ),
    "risk.setup_not_own": _e(
        gettext_noop("During the setup you add troops only to your own territories."),
        "setup-classic",
    ),
    "risk.setup_one_troop": _e(
        gettext_noop("During the setup you place one troop at a time."), "setup-classic"
    ),
    "risk.place_not_own": _e(
        gettext_noop("You can place troops only in your own territories."), "reinforcements"
    ),
    "risk.place_troops": _e(
        ngettext_noop(
            "Place between {min} and {max} troop.", "Place between {min} and {max} troops.", "max"
        ),
        "reinforcements",
    ),
    "risk.reserve_left": _e(
        ngettext_noop(
            "Place your {reserve} remaining troop first.",
            "Place your {reserve} remaining troops first.",
            "reserve",
        ),
        "reinforcements",
    ),
    "risk.not_neutral": _e(
        gettext_noop("{territory} is not held by a neutral army."), "neutral-armies"
    ),
    "risk.one_neutral_only": _e(
        gettext_noop("This turn's neutral troops all go to the same neutral army."),
        "neutral-armies",
    ),
    "risk.neutral_troops": _e(
        ngettext_noop(
            "Add between {min} and {max} neutral troop.",
            "Add between {min} and {max} neutral troops.",
            "max",
        ),
        "neutral-armies",
    ),
    "risk.unknown_card": _e(gettext_noop("There is no card “{card}”."), "cards-trade"),
    "risk.card_not_held": _e(gettext_noop("You do not hold the card “{card}”."), "cards-trade"),
    "risk.trade_empty": _e(gettext_noop("Choose at least one card to trade."), "cards-trade"),
    "risk.trade_duplicate": _e(gettext_noop("Each card can be traded only once."), "cards-trade"),
    "risk.trade_too_many_stars": _e(
        ngettext_noop(
            "A trade may use at most {max} star; these cards have {stars}.",
            "A trade may use at most {max} stars; these cards have {stars}.",
            "max",
        ),
        "cards-trade",
    ),
    "risk.attack_from_not_own": _e(
        gettext_noop("You can attack only from your own territory."), "attack"
    ),
    "risk.attack_own": _e(gettext_noop("You cannot attack your own territory."), "attack"),
    "risk.not_adjacent": _e(
        gettext_noop("{from} and {to} are not connected by a border or a sea line."), "attack"
    ),
    "risk.attack_too_few": _e(
        gettext_noop("A territory needs at least 2 troops to attack: one always stays behind."),
        "attack",
    ),
    "risk.attack_dice": _e(
        ngettext_noop(
            "Roll between 1 and {max} die from {from}: one troop stays behind.",
            "Roll between 1 and {max} dice from {from}: one troop stays behind.",
            "max",
        ),
        "dice",
    ),
    "risk.blitz_stop": _e(
        gettext_noop("Stop the blitz at a number of troops between {min} and {max}."), "blitz"
    ),
    "risk.move_in_range": _e(
        ngettext_noop(
            "Move between {min} and {max} more troop into the conquered territory.",
            "Move between {min} and {max} more troops into the conquered territory.",
            "max",
        ),
        "conquest",
    ),
    "risk.maneuver_not_own": _e(
        gettext_noop("A maneuver goes from one of your territories to another."), "maneuver"
    ),
    "risk.maneuver_same": _e(
        gettext_noop("Choose two different territories for the maneuver."), "maneuver"
    ),
    "risk.maneuver_not_connected": _e(
        gettext_noop("{to} cannot be reached from {from} through your own territories."),
        "maneuver",
    ),
    "risk.maneuver_troops": _e(
        ngettext_noop(
            "Move between {min} and {max} troop: one stays behind.",
            "Move between {min} and {max} troops: one stays behind.",
            "max",
        ),
        "maneuver",
    ),
}

EVENTS: dict[str, Message] = {
    "risk.first_player": gettext_noop("{player} plays first."),
    "risk.dealt": ngettext_noop(
        "{player} was dealt {territories} territory (troops: {troops}).",
        "{player} was dealt {territories} territories (troops: {troops}).",
        "territories",
    ),
    "risk.neutral_dealt": ngettext_noop(
        "Neutral army {neutral} was dealt {territories} territory (troops: {troops}).",
        "Neutral army {neutral} was dealt {territories} territories (troops: {troops}).",
        "territories",
    ),
    "risk.neutral_cards_set_aside": ngettext_noop(
        "{count} card was set aside face down under neutral army {neutral}.",
        "{count} cards were set aside face down under neutral army {neutral}.",
        "count",
    ),
    "risk.cease_fire_shuffled": gettext_noop(
        "The cease-fire card was shuffled in between cards {low} and {high} of the deck."
    ),
    "risk.claimed": gettext_noop("{player} claimed {territory}."),
    "risk.setup_placed": gettext_noop("{player} added a troop to {territory}."),
    "risk.setup_finished": gettext_noop("Every starting troop is on the board: the war begins."),
    "risk.turn_started": gettext_noop("Turn {turn}: {player} plays."),
    "risk.reinforcements": ngettext_noop(
        "{player} receives {troops} troop: {base}, plus {territory_bonus} for the territories "
        "held ({territories}), plus {continent_bonus} for continents.",
        "{player} receives {troops} troops: {base}, plus {territory_bonus} for the territories "
        "held ({territories}), plus {continent_bonus} for continents.",
        "troops",
    ),
    "risk.neutral_reinforced": ngettext_noop(
        "{player} added {troops} troop to neutral army {neutral} in {territory}.",
        "{player} added {troops} troops to neutral army {neutral} in {territory}.",
        "troops",
    ),
    "risk.traded": ngettext_noop(
        "{player} traded cards for {troops} troop (cards: {count}, stars: {stars}).",
        "{player} traded cards for {troops} troops (cards: {count}, stars: {stars}).",
        "troops",
    ),
    "risk.placed": ngettext_noop(
        "{player} placed {troops} troop in {territory}.",
        "{player} placed {troops} troops in {territory}.",
        "troops",
    ),
    "risk.battle": gettext_noop(
        "{player} attacked {to} from {from}: {attacker_roll} against {defender_roll}; the "
        "attacker lost {attacker_losses}, the defender {defender_losses}."
    ),
    "risk.conquered": gettext_noop("{player} conquered {to} from {from}."),
    "risk.blitz_ended": ngettext_noop(
        "{player} ended the blitz from {from} on {to} after {rolls} roll.",
        "{player} ended the blitz from {from} on {to} after {rolls} rolls.",
        "rolls",
    ),
    "risk.moved_in": ngettext_noop(
        "{player} moved {troops} more troop from {from} into {to}.",
        "{player} moved {troops} more troops from {from} into {to}.",
        "troops",
    ),
    "risk.eliminated": ngettext_noop(
        "{player} eliminated {eliminated_player} and takes their {cards} card.",
        "{player} eliminated {eliminated_player} and takes their {cards} cards.",
        "cards",
    ),
    "risk.neutral_eliminated": ngettext_noop(
        "{player} eliminated neutral army {neutral} and takes its {cards} card.",
        "{player} eliminated neutral army {neutral} and takes its {cards} cards.",
        "cards",
    ),
    "risk.attack_ended": gettext_noop("{player} stopped attacking."),
    "risk.maneuvered": ngettext_noop(
        "{player} moved {troops} troop from {from} to {to}.",
        "{player} moved {troops} troops from {from} to {to}.",
        "troops",
    ),
    "risk.card_drawn": gettext_noop("{player} drew a card."),
    "risk.no_card_left": gettext_noop("There is no card left for {player} to draw."),
    "risk.deck_reshuffled": ngettext_noop(
        "The discard pile was shuffled into a new deck of {count} card.",
        "The discard pile was shuffled into a new deck of {count} cards.",
        "count",
    ),
    "risk.cease_fire_drawn": gettext_noop(
        "{player} drew the cease-fire card: the game ends at once."
    ),
    "risk.turn_ended": gettext_noop("{player} ended the turn."),
    "risk.turn_skipped": gettext_noop("{player} ran out of time: the turn passes."),
    "risk.reserve_lost": ngettext_noop(
        "{troops} troop of {player} was never placed.",
        "{troops} troops of {player} were never placed.",
        "troops",
    ),
    "risk.left": ngettext_noop(
        "{player} left the game: their {territories} territory becomes neutral army {neutral}.",
        "{player} left the game: their {territories} territories become neutral army {neutral}.",
        "territories",
    ),
    "risk.left_empty": gettext_noop("{player} left the game."),
    "risk.won_target": ngettext_noop(
        "{player} wins with {territories} territory at the end of the turn.",
        "{player} wins with {territories} territories at the end of the turn.",
        "territories",
    ),
    "risk.won_thirty": ngettext_noop(
        "{player} wins with {territories} territory at the start of the turn.",
        "{player} wins with {territories} territories at the start of the turn.",
        "territories",
    ),
    "risk.won_last_standing": gettext_noop("{player} wins: every other player is out."),
    "risk.won_cease_fire": ngettext_noop(
        "{player} wins the cease-fire count with {territories} territory (troops: {troops}).",
        "{player} wins the cease-fire count with {territories} territories (troops: {troops}).",
        "territories",
    ),
}

#: The name of each phase (``view()["phase"]``).
PHASES: dict[str, str] = {
    "claim": gettext_noop("claiming territories"),
    "setup_place": gettext_noop("placing the starting troops"),
    "neutral": gettext_noop("placing neutral troops"),
    "reinforce": gettext_noop("reinforcing"),
    "attack": gettext_noop("attacking"),
    "move_in": gettext_noop("moving troops in"),
    "maneuver": gettext_noop("maneuvering"),
    "over": gettext_noop("game over"),
}

#: Where the rulebook explains each phase and each action type (the game page links there).
PHASE_SECTIONS: dict[str, str] = {
    "claim": "setup-classic",
    "setup_place": "setup-classic",
    "neutral": "neutral-armies",
    "reinforce": "reinforcements",
    "attack": "attack",
    "move_in": "conquest",
    "maneuver": "maneuver",
    "over": "winning",
}
ACTION_SECTIONS: dict[str, str] = {
    "claim": "setup-classic",
    "place": "reinforcements",
    "place_neutral": "neutral-armies",
    "trade": "cards-trade",
    "attack": "attack",
    "blitz": "blitz",
    "move_in": "conquest",
    "end_attack": "attack",
    "maneuver": "maneuver",
    "end_turn": "turn",
}

SCORE_LABELS: dict[str, Message] = {
    "risk.territories": gettext_noop("Territories held at the end"),
}


def fail(code: str, **params: Any) -> EngineError:
    """The error ``code`` of this catalogue, with its parameters (``raise fail(...)``)."""
    return error_in(ERRORS, code, **params)
