"""The tools Risk's rulebook offers beside its text: the odds of a battle, exact.

The numbers are the house players' own (``games.risk.bot.odds``): one roll's chances counted
over every throw of the dice, and a blitz's by dynamic programming over every roll to its end,
under the site's rules (the defender rolls the most dice it may).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django import forms
from django.utils.translation import gettext_lazy as _

from games.registry import Calculator
from games.risk.bot.odds import TABLE_LIMIT, blitz_odds, dice_for, roll_outcomes


class BattleForm(forms.Form):
    attackers = forms.IntegerField(
        label=_("Troops in the attacking territory"), min_value=2, max_value=TABLE_LIMIT,
        help_text=_("One of them always stays behind."),
    )  # fmt: skip
    defenders = forms.IntegerField(
        label=_("Troops in the defending territory"), min_value=1, max_value=TABLE_LIMIT
    )
    stop_at = forms.IntegerField(
        label=_("Stop when the attacking territory is down to"), min_value=1,
        max_value=TABLE_LIMIT - 1, required=False,
        help_text=_("Left empty: 1 troop, the attack goes on while it can."),
    )  # fmt: skip

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        attackers, stop_at = data.get("attackers"), data.get("stop_at") or 1
        if attackers is not None and stop_at >= attackers:
            self.add_error("stop_at", _("Stop below the troops the attack starts with."))
        return data


def battle(data: Mapping[str, Any]) -> dict[str, Any]:
    """The chance the defending territory falls, the troops each side keeps on average, and the
    chances of the first roll."""
    attackers, defenders, stop_at = data["attackers"], data["defenders"], data.get("stop_at") or 1
    odds = blitz_odds(attackers, defenders, stop_at)
    attack_dice, defence_dice = dice_for(attackers, defenders)
    first = [
        {"attacker_loses": lost, "defender_loses": killed, "percent": 100 * chance}
        for lost, killed, chance in sorted(
            roll_outcomes(attack_dice, defence_dice), key=lambda outcome: -outcome[1]
        )
    ]
    return {
        "attackers": attackers, "defenders": defenders, "stop_at": stop_at,
        "win_percent": 100 * odds.win,
        "attackers_left": odds.attackers_left, "defenders_left": odds.defenders_left,
        "attack_dice": attack_dice, "defence_dice": defence_dice, "first_roll": first,
    }  # fmt: skip


BATTLE = Calculator(
    slug="battle",
    title=_("Battle odds"),
    form=BattleForm,
    compute=battle,
    template="risk/calculators/battle.html",
    section="dice",
    result_title=_("What the dice give"),
    # The blitz's example: Brazil's 10 troops against North Africa's 4, stopping at 4.
    examples={"blitz": {"attackers": 10, "defenders": 4, "stop_at": 4}},
)
