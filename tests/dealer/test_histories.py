"""A finished hand's copies, written directly, are the generic PHH writer's text byte for byte.

`hand_record` writes the public copy in the one shape `phh.dumps_dealt` knows and makes each
player's copy by swapping their own deal line into it; the reference here writes every copy
with `phh.dumps`, the proof fields as ordinary user fields, and hides cards as the standard
does. Hands come from the engine itself: every variant, structure and forced bet, folds, mucks
and showdowns, and names that need escapes.
"""

from __future__ import annotations

import base64
import random

import msgspec
import pytest

from chatdealer import phh
from chatdealer.cards import format_card
from chatdealer.cut import committed_order, seed_digest
from chatdealer.dealer.histories import hand_record, handed_copy, proof_of
from chatdealer.dealer.proofs import HandProofs, cut_for, hand_proofs, salts_from
from chatdealer.dealer.record import DeckSecret, PlayerSeed
from chatdealer.dealer.stored_hands import MAGIC, MAGIC_85, expanded, is_canonical, stored_hand
from chatdealer.engine.config import BettingStructure, HandConfig, Variant
from chatdealer.engine.hand import Hand, deal_hand
from chatdealer.fairness import commit, verify
from chatdealer.history import to_phh
from chatdealer.store import HandRecord, TableId
from tests.engine.random_play import play_at_random

TABLE = TableId("discord", 'guild"1"', "chan\\nel")
NAMES = ["Ann", 'Bo "the" \\ b', "Zoë 😀", "tab\there", "Cy\x7f", "d dh p1 ????", '"d dh ']


def random_config(rng: random.Random) -> HandConfig:
    variant = rng.choice(list(Variant))
    count = rng.randint(2, min(9, variant.max_players))
    blinds = [5, 10] + [0] * (count - 2)
    if count == 2:
        blinds.reverse()
    return HandConfig(
        variant=variant,
        straight_beats_trips=rng.random() < 0.5,
        structure=rng.choice(list(BettingStructure)),
        starting_stacks=tuple(rng.randint(1, 400) * 5 for _ in range(count)),
        antes=(1,) * count if rng.random() < 0.3 else (),
        ante_trimming=rng.random() < 0.8,
        blinds_or_straddles=tuple(blinds),
        dead=(0, 0, 5) if count > 3 and rng.random() < 0.2 else (),
        live_posts=(0,) * (count - 1) + (10,) if count > 3 and rng.random() < 0.2 else (),
        min_bet=10,
        small_bet=10,
        big_bet=20,
        names=tuple(rng.choice(NAMES) + str(n) for n in range(count)) if rng.random() < 0.7 else (),
    )


def played(rng: random.Random) -> Hand:
    config = random_config(rng)
    deck = config.variant.deck.cards()
    rng.shuffle(deck)
    hand, _ = deal_hand(config, deck)
    return play_at_random(hand, rng, fold_below=0.55)


def proofs_of(hand: Hand, rng: random.Random, number: int = 1) -> HandProofs:
    """The proofs of a hand dealt as the dealer deals: its deck the cut of a committed one."""
    return secret_and_proofs(hand, rng, number)[1]


def secret_and_proofs(
    hand: Hand, rng: random.Random, number: int = 1
) -> tuple[DeckSecret, HandProofs]:
    seed = rng.randbytes(32).hex()
    seeds = tuple(PlayerSeed(f"u{n}", seed_digest(str(rng.random()))) for n in range(number % 3))
    kind = hand.config.variant.deck
    cut = rng.random() < 0.9
    secret = DeckSecret(
        hand=number,
        seed=seed,
        root="",
        kind=kind,
        seeds=seeds if cut else (),  # a hand dealt uncut had no seeds
        cut=cut,
        open_deck=rng.random() < 0.1,
        order="".join(format_card(card) for card in hand.deck) if not cut else "",
    )
    committed = committed_order(hand.deck, cut_for(secret, str(TABLE))) if cut else hand.deck
    if cut:
        secret = msgspec.structs.replace(secret, order="".join(format_card(c) for c in committed))
    root = commit(committed, salts_from(bytes.fromhex(seed), len(committed))).root
    secret = msgspec.structs.replace(secret, root=root)
    return secret, hand_proofs(secret, hand, str(TABLE), open_deck=secret.open_deck)


def hidden(hand: Hand, keep: int | None) -> list[str]:
    """The log as the standard hides it: every deal of a hand not shown, but `keep`'s."""
    texts = []
    for text in hand.actions:
        if text.startswith("d dh "):
            who, cards = text.split()[2:]
            player = int(who[1:]) - 1
            if player != keep and not hand.shown[player]:
                text = f"d dh {who} {'?' * len(cards)}"
        texts.append(text)
    return texts


def reference(number: int, hand: Hand, players: list[str], proofs: HandProofs | None) -> HandRecord:
    """Every copy through `phh.dumps`, the proofs as ordinary user fields."""
    base = msgspec.structs.replace(to_phh(hand, actions=False), hand=number, table=str(TABLE))

    def written(keep: int | None, proof_fields: dict[str, object]) -> bytes:
        fields = {**base.user_fields, **proof_fields}
        history = msgspec.structs.replace(base, user_fields=fields)
        return phh.dumps(history, action_texts=hidden(hand, keep), check=False).encode()

    def fields(position: int | None) -> dict[str, object]:
        if proofs is None:
            return {}
        proof = proofs.public if position is None else proofs.private[position]
        opened = [{"position": o.position, "card": o.card, "salt": o.salt} for o in proof.openings]
        written: dict[str, object] = {"_deck_commitment": proof.root}
        if position is None:
            written["_deck_positions"] = list(proof.positions)
        if proof.scheme:
            written |= {"_deck_scheme": proof.scheme, "_deck_seeds": list(proof.seeds)}
        return written | {"_openings": opened}

    private = {player: written(p, fields(p)) for p, player in enumerate(players)}
    return HandRecord(number, written(None, fields(None)), private)


@pytest.mark.parametrize("seed", range(4))
def test_every_copy_is_the_generic_writers_text(seed: int) -> None:
    rng = random.Random(f"histories {seed}")
    for number in range(150):
        hand = played(rng)
        players = [f"player {n}" for n in range(hand.seat_count)]
        proofs = proofs_of(hand, rng, number) if rng.random() < 0.9 else None
        assert hand_record(TABLE, number, hand, players, proofs) == reference(
            number, hand, players, proofs
        )


def test_a_log_not_as_the_engine_deals_is_written_in_full() -> None:
    rng = random.Random("out of order")
    for _ in range(40):
        hand = played(rng)
        hand.actions[0], hand.actions[1] = hand.actions[1], hand.actions[0]
        players = [f"player {n}" for n in range(hand.seat_count)]
        proofs = proofs_of(hand, rng)
        assert hand_record(TABLE, 7, hand, players, proofs) == reference(7, hand, players, proofs)


def test_a_second_deal_to_a_hidden_hand_stays_hidden() -> None:
    """Hold'em deals once, first; a log that deals again is hidden wherever it deals."""
    config = HandConfig(starting_stacks=(100,) * 3, blinds_or_straddles=(5, 10), min_bet=10)
    hand, _ = deal_hand(config, Variant.HOLDEM.deck.cards())
    hand.fold(2)
    hand.fold(0)
    hand.actions.append("d dh p1 AsKs")
    record = hand_record(TABLE, 1, hand, ["a", "b", "c"], None)
    assert b"AsKs" not in record.public and b"AsKs" in record.private["a"]
    assert record == reference(1, hand, ["a", "b", "c"], None)


def test_the_stored_proofs_read_back() -> None:
    rng = random.Random("read back")
    for number in range(30):
        hand = played(rng)
        players = [f"player {n}" for n in range(hand.seat_count)]
        proofs = proofs_of(hand, rng, number)
        record = hand_record(TABLE, number, hand, players, proofs)
        public = proof_of(phh.loads(record.public.decode()))
        assert public == proofs.public
        for position, player in enumerate(players):
            own = proof_of(phh.loads(record.private[player].decode()), public.positions)
            assert own == proofs.private[position]


def test_a_players_copy_is_handed_out_with_the_positions_and_verifies_alone() -> None:
    rng = random.Random("handed")
    for number in range(1, 30):
        hand = played(rng)
        players = [f"player {n}" for n in range(hand.seat_count)]
        proofs = proofs_of(hand, rng, number)
        record = hand_record(TABLE, number, hand, players, proofs)
        public = record.public.decode()
        for position, player in enumerate(players):
            stored = record.private[player].decode()
            assert "_deck_positions" not in stored  # one list per hand is stored, not per player
            handed = handed_copy(stored, public)
            assert handed_copy(handed, public) == handed
            history = phh.loads(handed)
            assert proof_of(history) == proofs.private[position]
            assert {k: v for k, v in history.user_fields.items() if k != "_deck_positions"} == (
                phh.loads(stored).user_fields
            )
            verify(proofs.private[position], hand.config.variant.deck)


@pytest.mark.parametrize("seed", range(3))
def test_the_stored_record_reads_back_as_every_copy_byte_for_byte(seed: int) -> None:
    """Redis keeps one canonical record a hand (the public text, the unshown deals and the
    deck's secret); the copies made from it on read are those written at the hand's end."""
    rng = random.Random(f"stored {seed}")
    for number in range(120):
        hand = played(rng)
        players = [f"player {n}" for n in range(hand.seat_count)]
        secret, proofs = secret_and_proofs(hand, rng, number)
        if rng.random() < 0.1:
            secret, proofs = None, None  # type: ignore[assignment]
        stored = stored_hand(TABLE, number, hand, players, proofs, secret)
        if not any("d dh" in name for name in hand.config.names):  # else: stored in full
            assert is_canonical(stored) and not stored.private
        assert expanded(TABLE, stored) == hand_record(TABLE, number, hand, players, proofs)


def test_a_log_not_as_the_engine_deals_is_stored_as_its_copies() -> None:
    rng = random.Random("stored out of order")
    hand = played(rng)
    hand.actions[0], hand.actions[1] = hand.actions[1], hand.actions[0]
    players = [f"player {n}" for n in range(hand.seat_count)]
    secret, proofs = secret_and_proofs(hand, rng)
    stored = stored_hand(TABLE, 7, hand, players, proofs, secret)
    assert not is_canonical(stored)
    assert stored == expanded(TABLE, stored) == hand_record(TABLE, 7, hand, players, proofs)


def test_a_hand_stored_in_base_85_as_before_still_reads() -> None:
    rng = random.Random("stored in base 85")
    hand = played(rng)
    players = [f"player {n}" for n in range(hand.seat_count)]
    secret, proofs = secret_and_proofs(hand, rng)
    stored = stored_hand(TABLE, 5, hand, players, proofs, secret)
    packed = base64.b64decode(stored.public[len(MAGIC) :])
    before = HandRecord(5, MAGIC_85 + base64.b85encode(packed))
    assert is_canonical(before)
    assert expanded(TABLE, before) == hand_record(TABLE, 5, hand, players, proofs)


def test_a_stored_record_that_does_not_read_is_refused() -> None:
    for broken in (
        MAGIC + b"not base 64 {",
        MAGIC + b"VPRomVPRom==",
        MAGIC_85 + b"not base 85 {",
        MAGIC_85 + b"VPRomVPRom",
    ):
        with pytest.raises(ValueError, match="does not read"):
            expanded(TABLE, HandRecord(3, broken))
