"""The 7-2 bounty told to the channel: who collected it and how much, after the pot."""

from __future__ import annotations

from chatdealer.dealer.outgoing import BountyWon, PotWon, Share
from chatdealer.engine.config import HandConfig
from chatdealer.engine.deck_order import spelled_deck
from chatdealer.engine.hand import deal_hand

from ..engine.spelled import play
from .test_showdown import lines, told


def test_the_channel_is_told_the_bounty_after_the_pot_in_every_language() -> None:
    config = HandConfig(
        starting_stacks=(1000, 1000, 30), blinds_or_straddles=(5, 10), min_bet=10, seven_deuce=50
    )
    holes = ["7c2d", "KcKd", "9h9s"]
    hand, _ = deal_hand(config, spelled_deck(holes, "7h7s2c4d5h", config.variant.deck))
    events = play(hand, "p3 cc", "p1 cc", "p2 cc", *("p1 cc", "p2 cc", "p3 cc") * 3)
    out = told(hand, events)
    assert isinstance(out[-2], PotWon) and out[-1] == BountyWon(
        player_id="ann",
        name="Ann",
        amount=70,
        payers=(
            Share(player_id="bo", name="Bo", chips=50),
            Share(player_id="cy", name="Cy", chips=20),
        ),
    )
    assert lines(out)[-1] == "Ann won with seven-deuce and collects the 7-2 bounty: 70"
    assert "награду 7-2: 70" in lines(out, "ru")[-1]
    assert "наградата 7-2: 70" in lines(out, "bg")[-1]
