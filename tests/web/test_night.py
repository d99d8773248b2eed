"""The night in chat: `night` lists each player's result and who pays whom, and the transfers
add up to the ledger (every player's net settled, in no more transfers than needed)."""

from __future__ import annotations

import re

from adapters.common.payloads import public_text
from chatdealer.dealer import Create, Join, Leave, Ledger, Start
from chatdealer.dealer.outgoing import NightShown
from chatdealer.render import language

from ..dealer.harness import ANN, BOB, CID, DEE, Harness, payloads, random_play
from ..dealer.test_play import SETTINGS

PAYS = re.compile(r"^(\w+) pays (\w+) ([\d,]+)$")


async def test_the_settlement_in_chat_adds_up_to_the_ledger(game: Harness) -> None:
    await game.do(ANN, Create(settings=SETTINGS))
    for user, chips in ((ANN, 200), (BOB, 150), (CID, 200), (DEE, 100)):
        await game.do(user, Join(buy_in=chips))
    await game.do(ANN, Start())
    for _ in range(6):
        await game.play_hand(random_play)
        if game.view().hand_number == 3 and any(s.player_id == DEE.id for s in game.view().seats):
            await game.do(DEE, Leave())  # cashes out mid-night: still in tonight's ledger
        await game.fire(30)
    (night,) = payloads(await game.do(ANN, Ledger()), NightShown)
    nets = {line.name: line.net for line in night.lines}
    assert sum(nets.values()) == 0 and any(nets.values())  # the ledger balances; someone won
    text = public_text(night, language("en")) or ""
    lines = text.splitlines()
    assert "🤝 Who pays whom" in lines, text
    moved = dict.fromkeys(nets, 0)
    transfers = [PAYS.match(line) for line in lines[lines.index("🤝 Who pays whom") + 1 :]]
    for found in transfers:
        assert found is not None, lines
        payer, payee, amount = found.group(1), found.group(2), int(found.group(3).replace(",", ""))
        moved[payer] -= amount
        moved[payee] += amount
    assert moved == nets
    assert len(transfers) <= len([net for net in nets.values() if net]) - 1
    russian = public_text(night, language("ru")) or ""
    assert "Кто кому платит" in russian and " платит " in russian and " pays " not in russian
