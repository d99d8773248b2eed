"""The `rabbit` verb (docs/rules.md §14): the cards the last hand would have dealt, read from
its public history, where a rabbit-hunting table's proof opened them at the end of the hand.

It reads only what the channel could already check in that history's proof, so it changes
nothing and shows no card that was not opened to everyone."""

from __future__ import annotations

import logging

from chatdealer import phh
from chatdealer.cards import format_card
from chatdealer.dealer.histories import proof_of
from chatdealer.dealer.outgoing import Outgoing, RabbitHunted
from chatdealer.dealer.refusals import DealerRefusal
from chatdealer.dealer.supervision import described
from chatdealer.fairness import VerificationError, verify
from chatdealer.store import DamagedHistory, Store, TableId

log = logging.getLogger(__name__)


async def rabbit_hunt(store: Store, table_id: TableId) -> list[Outgoing]:
    found = await store.history.last(table_id, 1)
    if not found:
        raise DealerRefusal("no_history")
    record = found[0]
    try:
        history = phh.loads(record.public.decode())
        proof = proof_of(history)
    except Exception as problem:  # whatever a damaged history makes the readers raise
        log.warning("history of %s hand %s: %s", table_id, record.number, described(problem))
        raise DamagedHistory("hands", "a record that does not read", record.number) from None
    dealt = [card for action in history.actions if isinstance(action, phh.DealBoard)
             for card in action.cards]  # fmt: skip
    if proof is None:
        raise DealerRefusal("no_rabbit")
    try:
        board = verify(proof).board
    except VerificationError:
        raise DealerRefusal("no_rabbit") from None
    unseen = board[len(dealt) :]
    if len(board) < 5 or not unseen:
        raise DealerRefusal("no_rabbit")
    hunted = RabbitHunted(
        hand_number=record.number,
        board=tuple(format_card(card) for card in dealt if card is not None),
        cards=tuple(format_card(card) for card in unseen),
    )
    return [Outgoing(table=table_id, to=None, payload=hunted)]
