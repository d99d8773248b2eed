"""The next hand's deck and the players' seeds: committed first, cut at the deal.

A table always holds its next hand's deck committed, its root shown to the channel, before a
seed for that hand can be added: at the table's opening the first hand's, and at every deal the
following hand's. A player at the table adds a seed with `Seed` (one per player and deck, a
second replacing the first); the channel is told who did, so a seed nobody announced cannot
slip in. The deal cuts the committed deck by the seeds (`chatdealer.cut`). When a deck cannot
be used as committed (a table stored before decks were committed ahead, or a variant change
that needs the other deck), the hand is dealt from a deck committed there and then, without
seeds, and the channel is told so; a variant changed between hands has its new deck committed
at once.
"""

from __future__ import annotations

import msgspec

from chatdealer.cards import Card, Deck
from chatdealer.cut import SEED_TEXT_LIMIT, seed_digest
from chatdealer.dealer.commands import Seed, User
from chatdealer.dealer.decks import DeckSupply
from chatdealer.dealer.proofs import cut_deck
from chatdealer.dealer.record import DeckSecret, PlayerSeed, TableRecord
from chatdealer.dealer.refusals import DealerRefusal
from chatdealer.dealer.step import Step


def supply_of(step: Step) -> DeckSupply:
    """The worker's ready decks, or (a step made without them) decks made there and then."""
    supply = step.context.decks
    return supply if supply is not None else DeckSupply(step.context.shuffle)


def commit_first_deck(step: Step) -> None:
    """A new table commits to its first hand's deck at once and shows it."""
    record = step.record
    kind = _kind_of(record)
    if kind is not None:
        _commit_next(step, kind, 1)


def settings_changed(step: Step, kind: Deck) -> None:
    """New settings for the next hand: a variant that needs the other deck has its deck
    committed now, before anyone can add a seed to it; seeds for the old deck are dropped."""
    committed = step.record.next_deck
    if committed is not None and committed.kind is not kind:
        if committed.seeds:
            step.notice("seeds_dropped", hand=str(committed.hand))
        _commit_next(step, kind, committed.hand)


def deck_to_deal(step: Step, kind: Deck, hand_number: int) -> tuple[list[Card], DeckSecret]:
    """The deck hand `hand_number` is dealt from: the committed one cut by its seeds."""
    record = step.record
    committed = record.next_deck
    if committed is None or committed.kind is not kind:
        if committed is not None and committed.seeds:
            step.notice("seeds_dropped", hand=str(hand_number))
        committed = supply_of(step).commit_next(kind, hand_number)
        record.next_deck = committed
    return cut_deck(committed, str(step.context.table_id), hand_number)


def commit_next_deck(step: Step, kind: Deck, hand_number: int) -> None:
    """Once a hand is dealt, the next one's deck is committed, shown with the deal."""
    step.record.next_deck = supply_of(step).commit_next(kind, hand_number)


def add_seed(step: Step, args: Seed, user: User) -> None:
    """A player's seed for the next hand's cut; refused when empty, too long or not a player."""
    text = args.text.strip()
    if not text:
        raise DealerRefusal("seed_empty")
    if len(text) > SEED_TEXT_LIMIT:
        raise DealerRefusal("seed_too_long", limit=SEED_TEXT_LIMIT)
    record = step.record
    if not _plays(record, user.id):
        raise DealerRefusal("seed_not_playing")
    committed = record.next_deck
    if committed is None:  # a table stored before decks were committed ahead
        kind = _kind_of(record)
        if kind is None:
            raise DealerRefusal("seed_not_playing")
        table = record.table
        number = (table.hand_number if table is not None else 0) + 1
        _commit_next(step, kind, number)
        step.notice("seed_again", to=user.id, hand=str(number))
        return
    seeds = [seed for seed in committed.seeds if seed.player != user.id]
    seeds.append(PlayerSeed(user.id, seed_digest(text)))
    record.next_deck = msgspec.structs.replace(committed, seeds=tuple(seeds))
    step.notice(
        "seed_added",
        name=user.name,
        hand=str(committed.hand),
        count=str(len(seeds)),
        commitment=committed.root,
    )


def _commit_next(step: Step, kind: Deck, hand_number: int) -> None:
    commit_next_deck(step, kind, hand_number)
    committed = step.record.next_deck
    assert committed is not None
    step.notice("deck_committed", hand=str(hand_number), commitment=committed.root)


def _kind_of(record: TableRecord) -> Deck | None:
    """The deck the table's next hand is dealt from."""
    settings = record.settings
    if settings is not None:
        return settings.variant.deck
    if record.tournament is not None:
        return record.tournament.settings.variant.deck
    return None


def _plays(record: TableRecord, player_id: str) -> bool:
    table = record.table
    if table is not None and table.seat_of(player_id) is not None:
        return True
    tournament = record.tournament
    return tournament is not None and any(
        entrant.player_id == player_id for entrant in tournament.entrants
    )
