"""Provably fair dealing and hand histories, as the players receive them.

A table commits to its next hand's deck, and shows the whole commitment, before anyone can add
a seed for that hand; players add seeds; the deal cuts the committed deck by them. When the hand
ends, the public proof opens the board and the hands shown (or every position, at a table that
opens the whole deck), and each player's private proof adds their own two cards. The `.phh`
files a player is handed verify with `chatdealer verify`; the public history replays through the
engine to the same finishing stacks.
"""

from __future__ import annotations

import logging
from pathlib import Path

import msgspec
import pytest

from chatdealer import phh
from chatdealer.cards import Card, Deck, format_card, parse_cards
from chatdealer.cli import main
from chatdealer.cut import cut_of, dealt_order, seed_digest
from chatdealer.dealer import Configure, Create, Join, LastHand, Outgoing, Seed, Start
from chatdealer.dealer.outgoing import (
    BoardDealt,
    HandOver,
    HandProof,
    HandStarted,
    History,
    HoleCards,
    Notice,
    Refused,
    Shown,
    TableShown,
)
from chatdealer.dealer.proofs import new_secret
from chatdealer.dealer.record import decode_record, encode_record, new_record
from chatdealer.dealer.step import Context, Step
from chatdealer.dealer.stored_hands import expanded
from chatdealer.dealer.verbs import apply, deal
from chatdealer.engine.config import Variant
from chatdealer.fairness import board_positions, hole_positions, verify
from chatdealer.render import language, table_text
from chatdealer.replay import replay
from chatdealer.store import TableId
from chatdealer.table import Table, TableSettings

from .harness import ANN, BOB, CID, DEE, Harness, Strategy, all_in, check_or_call, payloads
from .test_play import SETTINGS

OPEN_DECK = msgspec.structs.replace(SETTINGS, open_deck=True)


async def seat(
    game: Harness, settings: TableSettings = SETTINGS, players: int = 3
) -> list[Outgoing]:
    out = await game.do(ANN, Create(settings=settings))
    for user in (ANN, BOB, CID)[:players]:
        out += await game.do(user, Join(buy_in=200))
    return out


async def play_one(game: Harness, strategy: Strategy = check_or_call) -> list[Outgoing]:
    await seat(game)
    dealt = await game.do(ANN, Start())
    return dealt + await game.play_hand(strategy)


def notices(out: list[Outgoing], code: str) -> list[Notice]:
    return [n for n in payloads(out, Notice) if n.code == code]


def views(out: list[Outgoing]) -> list[TableShown]:
    return payloads(out, TableShown)


async def test_the_deal_commitment_and_the_end_openings_verify(game: Harness) -> None:
    out = await play_one(game)
    root = payloads(out, HandStarted)[0].deck_commitment
    assert len(root) == 64 and int(root, 16) >= 0
    over = payloads(out, HandOver)[0]
    assert over.proof is not None and over.proof.root == root
    opened = {format_card(card) for _, card in verify(over.proof).opened}
    board = set(payloads(out, BoardDealt)[-1].board)
    shown = set().union(*(set(s.cards) for s in payloads(out, Shown)))
    assert opened == board | shown and len(board) == 5
    for private in (o for o in out if isinstance(o.payload, HandProof)):
        assert isinstance(private.payload, HandProof) and private.payload.proof.root == root
        mine = next(
            o.payload.view.cards
            for o in out
            if isinstance(o.payload, HoleCards) and o.to == private.to
        )
        own_opened = {format_card(card) for _, card in verify(private.payload.proof).opened}
        assert own_opened == opened | set(mine)


async def test_the_next_decks_commitment_is_shown_before_a_seed_can_be_added(
    game: Harness,
) -> None:
    """The table opens with its first hand's deck committed and shown; a seed goes into the
    cut of the deck already shown; each deal shows the next hand's deck, which takes the seeds
    added from then on."""
    opened = await seat(game)
    (committed,) = notices(opened, "deck_committed")
    first = committed.params["commitment"]
    assert len(first) == 64 and committed.params["hand"] == "1"
    assert views(opened)[-1].view.next_deck_commitment == first  # the table message shows it
    added = await game.do(ANN, Seed(text="lucky seven"))
    (ack,) = notices(added, "seed_added")
    assert ack.params == {"name": "Ann", "hand": "1", "count": "1", "commitment": first}
    assert views(added)[-1].view.next_deck_seeds == ("Ann",)
    dealt = await game.do(ANN, Start())
    started = payloads(dealt, HandStarted)[0]
    assert started.deck_commitment == first and started.seeded_by == ("Ann",)
    second = started.next_deck_commitment
    assert len(second) == 64 and second != first
    view = views(dealt)[-1].view
    assert (view.deck_commitment, view.next_deck_commitment) == (first, second)
    during = await game.do(BOB, Seed(text="for the next one"))
    assert notices(during, "seed_added")[0].params["commitment"] == second
    assert notices(during, "seed_added")[0].params["hand"] == "2"
    over = await game.play_hand()
    proof = payloads(over, HandOver)[0].proof
    assert proof is not None and proof.seeds == (seed_digest("lucky seven"),)
    following = payloads(await game.do(ANN, Start()), HandStarted)[0]
    assert following.deck_commitment == second and following.seeded_by == ("Bob",)


async def test_the_order_follows_from_the_seeds_and_a_seed_changes_it(game: Harness) -> None:
    """At a table that opens the whole deck, the committed deck and the seeds recompute the
    whole order dealt: every hole card and the board. Without Ann's seed it would differ."""
    await seat(game, OPEN_DECK)
    await game.do(ANN, Seed(text="Ann's words"))
    await game.do(CID, Seed(text="Cid's words"))
    out = await game.do(ANN, Start())
    out += await game.play_hand()
    started = payloads(out, HandStarted)[0]
    over = payloads(out, HandOver)[0]
    assert over.proof is not None
    proof = over.proof
    committed: list[Card] = [0] * 52
    for opening in proof.openings:
        committed[opening.position] = parse_cards(opening.card)[0]
    assert sorted(committed) == Deck.STANDARD.cards()  # every position opened, each card once
    seeds = [seed_digest("Ann's words"), seed_digest("Cid's words")]
    assert sorted(proof.seeds) == sorted(seeds)
    table = str(game.table)

    def as_dealt(seeds: list[str]) -> list[Card]:
        return dealt_order(committed, cut_of(table, started.hand_number, 52, seeds))

    def seen(dealt: list[Card]) -> tuple[dict[str, tuple[str, ...]], tuple[str, ...]]:
        count = len(started.players)
        holes = {
            ref.player_id: tuple(format_card(dealt[p]) for p in hole_positions(count, seat))
            for seat, ref in enumerate(started.players)
        }
        return holes, tuple(format_card(dealt[p]) for p in board_positions(count, 5))

    holes = {o.to: o.payload.view.cards for o in out if isinstance(o.payload, HoleCards)}
    board = payloads(out, BoardDealt)[-1].board
    assert seen(as_dealt(seeds)) == (holes, board)
    assert seen(as_dealt(seeds[1:])) != (holes, board)  # Ann's seed changed what was dealt


async def test_mucked_and_folded_cards_stay_private(game: Harness) -> None:
    await seat(game, players=2)
    out = await game.do(ANN, Start())
    folder = game.to_act()
    out += await game.act(folder, "fold")
    cards = next(
        o.payload.view.cards for o in out if isinstance(o.payload, HoleCards) and o.to == folder.id
    )
    over = payloads(out, HandOver)[0]
    assert over.proof is not None and verify(over.proof).opened == []
    assert len(over.proof.openings) == 0
    private = next(o.payload for o in out if isinstance(o.payload, HandProof) and o.to == folder.id)
    assert isinstance(private, HandProof) and len(verify(private.proof).opened) == 2
    public, own = (o.payload for o in await game.do(folder, LastHand()))
    assert isinstance(public, History) and isinstance(own, History)
    assert "".join(cards) not in public.phh and "".join(cards) in own.phh
    for copy in (public, own):  # the openings of a folded hand are only in its owner's copy
        listed = {o["card"] for o in phh.loads(copy.phh).user_fields["_openings"]}
        assert listed == (set(cards) if copy is own else set())


async def test_a_table_that_opens_the_whole_deck_opens_every_position(
    game: Harness, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    opened = await seat(game, OPEN_DECK, players=2)
    shown = table_text(views(opened)[-1].view, language("en"), 0.0)
    assert "No-limit Hold'em 1/2, whole deck opened after each hand" in shown
    out = await game.do(ANN, Start())
    assert payloads(out, HandStarted)[0].open_deck
    folder = game.to_act()
    out += await game.act(folder, "fold")
    cards = next(
        o.payload.view.cards for o in out if isinstance(o.payload, HoleCards) and o.to == folder.id
    )
    over = payloads(out, HandOver)[0]
    assert over.proof is not None
    verified = verify(over.proof)
    assert verified.whole_deck and len(over.proof.openings) == 52
    assert {format_card(c) for c in verified.cards.values()} >= set(cards)  # the folded hand
    public = next(o.payload for o in await game.do(BOB, LastHand()) if o.to is None)
    assert isinstance(public, History)
    path = tmp_path / "hand-1.phh"
    path.write_text(public.phh)
    assert main(["verify", str(path)]) == 0
    said = capsys.readouterr().out
    assert "The whole deck is opened: 52 different cards" in said and said.endswith("HOLDS\n")


async def test_the_phh_files_players_are_handed_verify(
    game: Harness, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The public copy posted to the channel and each player's own copy, exactly as the dealer
    hands them out, verify on their own; the report says what holds."""
    await seat(game)
    await game.do(BOB, Seed(text="Bob's own words"))
    await game.do(ANN, Start())
    turn = game.to_act()
    await game.act(turn, "fold")  # one folded hand: its owner's copy shows it, no other does
    await game.play_hand()
    public = tmp_path / "hand-1.phh"
    for asker in (ANN, BOB, CID):
        asked = await game.do(asker, LastHand())
        for event in asked:
            assert isinstance(event.payload, History)
            if event.to is None:
                public.write_text(event.payload.phh)
            else:
                (tmp_path / f"{asker.name}-mine.phh").write_text(event.payload.phh)
    capsys.readouterr()
    assert main(["verify", str(public), "--seed", "Bob's own words"]) == 0
    said = capsys.readouterr().out
    assert "The deck was committed before the first card" in said
    assert "follows from the seeds players added (1)" in said
    assert "✔ The board, " in said and "Your seed is one of those" in said
    assert said.endswith("HOLDS\n")
    mine = tmp_path / f"{turn.name}-mine.phh"
    assert main(["verify", str(mine)]) == 0
    said = capsys.readouterr().out
    assert "✔ Your hole cards too" in said and said.endswith("HOLDS\n")
    assert main(["verify", str(public), "--seed", "someone else's words"]) == 1
    assert "DOES NOT HOLD: your seed is not one of the 1" in capsys.readouterr().out
    assert main(["verify", "--lang", "ru", str(mine)]) == 0
    assert "ВСЁ СХОДИТСЯ" in capsys.readouterr().out


async def test_a_history_changed_after_the_hand_does_not_hold(
    game: Harness, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    out = await play_one(game)
    board = payloads(out, BoardDealt)[-1].board
    public = next(o.payload for o in await game.do(BOB, LastHand()) if o.to is None)
    assert isinstance(public, History)
    river = board[4]
    other = next(c for c in ("2c", "2d", "2h") if c not in board and c not in public.phh)
    changed = public.phh.replace(f'"d db {river}"', f'"d db {other}"')
    assert changed != public.phh
    path = tmp_path / "hand-1.phh"
    path.write_text(changed)
    assert main(["verify", str(path)]) == 1
    assert "DOES NOT HOLD: the board in the history" in capsys.readouterr().out
    fields = phh.loads(public.phh).user_fields
    salt = fields["_openings"][0]["salt"]
    path.write_text(public.phh.replace(salt, salt[:-2]))
    assert main(["verify", str(path)]) == 1
    assert "a salt is 16 bytes" in capsys.readouterr().out
    path.write_text(public.phh.replace("_deck_commitment", "_other"))
    assert main(["verify", str(path)]) == 2
    assert "carries no proof" in capsys.readouterr().err
    path.write_text("{")
    assert main(["verify", str(path)]) == 2
    json_proof = tmp_path / "proof.json"
    over = payloads(out, HandOver)[0]
    json_proof.write_bytes(msgspec.json.encode(over.proof))
    assert main(["verify", str(json_proof)]) == 0


async def test_bad_seeds_are_refused_and_change_nothing(game: Harness) -> None:
    await seat(game)
    before = await game.stored()
    for user, text, code in (
        (ANN, "   ", "seed_empty"),
        (ANN, "x" * 101, "seed_too_long"),
        (DEE, "I am not seated", "seed_not_playing"),
    ):
        out = await game.do(user, Seed(text=text))
        (refused,) = payloads(out, Refused)
        assert refused.code == code and out[0].to == user.id
        assert await game.stored() == before
    assert not payloads(await game.do(ANN, Seed(text="x" * 100)), Refused)


async def test_the_seed_and_the_dealers_secret_never_reach_the_channel_or_a_log(
    game: Harness, caplog: pytest.LogCaptureFixture
) -> None:
    caplog.set_level(logging.DEBUG)
    await seat(game)
    await game.do(ANN, Seed(text="a very private phrase"))
    record = decode_record((await game.stored())[1])
    assert record.next_deck is not None
    secret = record.next_deck.seed
    assert secret not in repr(record) and "a very private phrase" not in repr(record)
    await game.do(ANN, Start())
    await game.play_hand(all_in)
    stored = (await game.stored())[1]
    events = b"".join(e.payload for e in await game.store.tables.events(game.table, count=1000))
    for out in game.log:
        said = msgspec.json.encode(out)
        assert secret.encode() not in said and b"a very private phrase" not in said
    assert b"a very private phrase" not in stored + events
    assert secret.encode() not in events
    for logged in caplog.records:
        assert secret not in logged.getMessage() and "private phrase" not in logged.getMessage()


async def test_the_last_hand_replays_to_the_same_stacks(game: Harness) -> None:
    out = await play_one(game, all_in)
    over = payloads(out, HandOver)[0]
    asked = await game.do(BOB, LastHand())
    public = [o for o in asked if o.to is None and isinstance(o.payload, History)]
    private = [o for o in asked if o.to == BOB.id and isinstance(o.payload, History)]
    assert len(public) == 1 and len(private) == 1
    for event in (public[0], private[0]):
        assert isinstance(event.payload, History)
        record = phh.loads(event.payload.phh)
        result = replay(record, "last hand")
        assert result.ok, result.error
        assert result.finishing_stacks == [share.chips for share in over.stacks]
        assert event.payload.proof is not None
        verify(event.payload.proof)
        assert record.hand == over.hand_number
    bob_cards = next(
        o.payload.view.cards for o in out if isinstance(o.payload, HoleCards) and o.to == BOB.id
    )
    assert isinstance(private[0].payload, History)
    assert "".join(bob_cards) in private[0].payload.phh.replace(" ", "")


ANN_AT_TABLE = msgspec.structs.replace(ANN, id="a")


def _context() -> Context:
    return Context(
        table_id=TableId("console", "local", "main"),
        now=0.0,
        shuffle=lambda deck: Deck.STANDARD.cards()[::-1],
        next_hand_delay=1.0,
    )


def test_a_hand_over_the_moment_it_is_dealt_still_gets_its_history_and_proof() -> None:
    """Heads-up, the button posts its last chip as the small blind: nobody can act."""
    table = Table.open(TableSettings(small_blind=1, big_blind=2, min_buy_in_big_blinds=1))
    table.sit("a", "Ann", 100)
    table.sit("b", "Bob", 100)
    record = new_record("a", 0.0, cash=table)
    record.started = True
    step = Step(record, _context())
    deal(step)  # the first hand decides the button
    assert table.hand is not None and table.button is not None
    table.hand = None  # back between hands, with the next button down to one chip
    short = table.seats[1 - table.button]
    assert short is not None
    short.stack = 1
    step = Step(record, _context())
    deal(step)
    assert table.hand is None
    (over,) = payloads(step.out, HandOver)
    assert over.proof is not None
    verify(over.proof)
    (stored,) = step.hands
    record_ = expanded(step.context.table_id, stored)
    assert record_.private and b"_deck_commitment" in record_.public
    result = replay(phh.loads(record_.public.decode()), "instant")
    assert result.ok, result.error


def test_a_table_stored_before_decks_were_committed_ahead_still_deals_and_proves() -> None:
    """An older record has no next deck, and its hand was dealt in the committed order: a seed
    is not taken for a deck committed only then, and the hand's proof still verifies."""
    table = Table.open(TableSettings(small_blind=1, big_blind=2))
    table.sit("a", "Ann", 100)
    table.sit("b", "Bob", 100)
    record = new_record("a", 0.0, cash=table)
    step = Step(record, _context())
    deal(step)
    hand = table.hand
    assert hand is not None and record.deck is not None
    legacy = new_secret(1, hand.deck, record.deck.seed, Deck.STANDARD, drawn=False)
    record.deck, record.next_deck = msgspec.structs.replace(legacy, order=""), None
    record = decode_record(encode_record(record))
    step = Step(record, _context())
    apply(step, Seed(text="too early"), ANN_AT_TABLE)
    assert [n.code for n in payloads(step.out, Notice)] == ["deck_committed", "seed_again"]
    assert record.next_deck is not None and not record.next_deck.seeds
    assert step.out[-1].to == "a"  # only the one whose seed was not taken is told
    step = Step(record, _context())
    assert record.table is not None
    actor = record.table.player_at_position(record.table.hand.actor).player_id  # type: ignore[union-attr]
    step.absorb(record.table.act(actor, "fold"))
    (over,) = payloads(step.out, HandOver)
    assert over.proof is not None and not over.proof.scheme
    assert not verify(over.proof).cut_by_seeds


async def test_a_variant_that_needs_the_other_deck_commits_it_before_seeds(
    game: Harness,
) -> None:
    await seat(game)
    await game.do(ANN, Seed(text="for the long deck"))
    short = msgspec.structs.replace(SETTINGS, variant=Variant.SHORT_DECK)
    changed = await game.do(ANN, Configure(settings=short))
    assert [n.code for n in payloads(changed, Notice)][-2:] == ["seeds_dropped", "deck_committed"]
    root = notices(changed, "deck_committed")[0].params["commitment"]
    assert views(changed)[-1].view.next_deck_seeds == ()
    await game.do(BOB, Seed(text="for the short deck"))
    out = await game.do(ANN, Start()) + await game.play_hand()
    started = payloads(out, HandStarted)[0]
    assert started.deck_commitment == root and started.seeded_by == ("Bob",)
    proof = payloads(out, HandOver)[0].proof
    assert proof is not None and len(proof.positions) == 36
    assert verify(proof, Deck.SHORT).seeds == (seed_digest("for the short deck"),)
