"""Home-game options at create and settings: bomb pots every N hands with their ante."""

from __future__ import annotations

import pytest

from adapters.common.catalog import Situation, parse_command
from chatdealer.dealer import Create
from chatdealer.table import TableSettings


def created(text: str) -> TableSettings:
    made = parse_command(text, language="en").build(Situation())
    assert isinstance(made, Create)
    made.settings.validate()
    return made.settings


@pytest.mark.parametrize(
    ("text", "every", "ante"),
    [
        ("create 5/10 bomb=5 bomb_ante=30", 5, 30),
        ("create 5/10 bomb=5", 5, 20),  # two big blinds unless told
        ("create 5/10", 0, 0),
    ],
)
def test_bomb_pots_are_chosen_at_create(text: str, every: int, ante: int) -> None:
    settings = created(text)
    assert (settings.bomb_pot_every, settings.bomb_pot_ante) == (every, ante)
