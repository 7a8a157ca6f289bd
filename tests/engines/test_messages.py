"""Every engine's messages: a message that counts has two forms chosen by a named number."""

import importlib
import string

import pytest

from games.engines.base import Plural, message_forms
from games.registry import installed_games


def placeholders(text):
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def messages(engine):
    yield from ((code, spec.message) for code, spec in engine.errors.items())
    yield from engine.event_messages.items()
    yield from engine.score_labels.items()
    yield from engine.phases.items()


@pytest.mark.parametrize("slug", list(installed_games()))
def test_no_message_hedges_its_plural(slug):
    for code, message in messages(installed_games()[slug].engine):
        for form in message_forms(message):
            assert "(s)" not in form, code


@pytest.mark.parametrize("slug", list(installed_games()))
def test_both_forms_name_the_same_parameters_and_the_count_is_one_of_them(slug):
    for code, message in messages(installed_games()[slug].engine):
        if isinstance(message, Plural):
            assert placeholders(message.singular) == placeholders(message.plural), code
            assert message.count in placeholders(message.plural), code


@pytest.mark.parametrize("slug", list(installed_games()))
def test_every_phase_of_the_rules_has_a_name(slug):
    engine = installed_games()[slug].engine
    state = importlib.import_module(f"games.{slug}.engine.state")
    assert set(engine.phases) == set(state.PHASES)
    assert all(name.strip() for name in engine.phases.values())
