"""The dice of a battle: how many each side may roll, and who loses what."""

from __future__ import annotations

from games.engines.base import Rng

#: The most dice an attacker rolls (one troop always stays behind) and a defender rolls.
MAX_DICE = 3
MAX_DEFENCE_DICE = 2


def compare_dice(attacker: list[int], defender: list[int]) -> tuple[int, int]:
    """Losses (attacker, defender): highest against highest, ties to the defender.

    Both lists are sorted highest first; the dice of the longer roll left without a pair are
    ignored.
    """
    attacker_losses = defender_losses = 0
    for a, d in zip(attacker, defender, strict=False):
        if a > d:
            defender_losses += 1
        else:
            attacker_losses += 1
    return attacker_losses, defender_losses


def roll_battle(
    rng: Rng, attack_dice: int, defence_dice: int
) -> tuple[list[int], list[int], int, int]:
    """Both rolls (highest first) and the losses of each side."""
    attacker = sorted((rng.die() for _ in range(attack_dice)), reverse=True)
    defender = sorted((rng.die() for _ in range(defence_dice)), reverse=True)
    attacker_losses, defender_losses = compare_dice(attacker, defender)
    return attacker, defender, attacker_losses, defender_losses
