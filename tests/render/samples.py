"""One or more payloads of every kind the dealer sends, each of its shapes: what the translation
test renders in every language. Players have Cyrillic names, so any Latin word left in a Russian
or Bulgarian rendering is English the catalogs did not translate."""

from __future__ import annotations

import msgspec

from chatdealer.dealer.outgoing import (
    Acted,
    AllInEquity,
    AnyPayload,
    BalanceShown,
    BankLedger,
    BankMove,
    BoardDealt,
    BountyWon,
    ButtonDraw,
    DailyClaimed,
    EquityShare,
    HandNamed,
    HandOver,
    HandProof,
    HandStarted,
    History,
    HoleCards,
    LeaderboardRow,
    LeaderboardShown,
    MadeHand,
    Mucked,
    NightShown,
    Notice,
    PlayerRef,
    Posted,
    PotWon,
    RabbitHunted,
    Refused,
    Returned,
    Share,
    Shown,
    ShownAfter,
    TableShown,
    TournamentOver,
)
from chatdealer.dealer.views import PrivateView, TurnView
from chatdealer.engine.config import BettingStructure
from chatdealer.evaluator import Category
from chatdealer.fairness import Proof
from chatdealer.table.events import Placing
from chatdealer.table.ledger import NightLine

from .views import side_pot_view

ANYA, BORIS, VERA = (
    PlayerRef(seat=seat, player_id=f"p{seat}", name=name)
    for seat, name in enumerate(("Аня", "Борис", "Вера"))
)
BOT = PlayerRef(seat=3, player_id="bot:balanced:1", name="Ada (bot)")
SEATED = ("Аня", "Борис", "Вера", "Дмитрий", "Елена", "Ada (bot)")
NAMES = ("Аня", "Борис", "Вера", "Дмитрий", "Елена", "Ada")
"""Every name in the samples; the Latin one is a bot's."""
ROOT = "31415926535897932384"  # digits only: no Latin letters in a commitment
PROOF = Proof(root=ROOT, positions=(), openings=())

# A hand of each kind, with a kicker where one can decide.
HANDS = (
    MadeHand(category="high_card", ranks=(12,), cards=("Ah", "Kd", "9c", "7s", "3d"), kicker=11),
    MadeHand(category="pair", ranks=(5,), cards=("7s", "7h", "Ad", "Qc", "Td"), kicker=12),
    MadeHand(category="two_pair", ranks=(11, 5), cards=("Ks", "Kh", "7d", "7c", "Ad"), kicker=12),
    MadeHand(
        category="three_of_a_kind", ranks=(8,), cards=("Ts", "Th", "Td", "Ac", "2d"), kicker=12
    ),
    MadeHand(category="straight", ranks=(3,), cards=("5s", "4h", "3d", "2c", "Ad")),
    MadeHand(category="flush", ranks=(12,), cards=("As", "Ks", "Ts", "7s", "2s"), kicker=11),
    MadeHand(category="full_house", ranks=(12, 11), cards=("As", "Ah", "Ad", "Ks", "Kh")),
    MadeHand(
        category="four_of_a_kind", ranks=(0,), cards=("2s", "2h", "2d", "2c", "Ad"), kicker=12
    ),
    MadeHand(category="straight_flush", ranks=(8,), cards=("Ts", "9s", "8s", "7s", "6s")),
    MadeHand(category="straight_flush", ranks=(12,), cards=("As", "Ks", "Qs", "Js", "Ts")),
)
assert {Category[hand.category.upper()] for hand in HANDS} == set(Category)


def _share(ref: PlayerRef, chips: int) -> Share:
    return Share(player_id=ref.player_id, name=ref.name, chips=chips)


def _turns() -> list[TableShown]:
    """The table with the player to act facing each kind of choice, in each structure."""
    view = side_pot_view()
    assert view.turn is not None and view.settings is not None
    seats = tuple(
        msgspec.structs.replace(seat, name=name)
        for seat, name in zip(view.seats, SEATED, strict=True)
    )
    view = msgspec.structs.replace(
        view, seats=seats, turn=msgspec.structs.replace(view.turn, name=SEATED[0])
    )
    assert view.turn is not None
    turn = view.turn
    settings = view.settings
    assert settings is not None
    turns: list[tuple[TurnView, BettingStructure]] = [
        (turn, BettingStructure.NO_LIMIT),
        (
            msgspec.structs.replace(
                turn, can_check=True, can_call=False, to_call=0, current_bet=0, min_raise_to=100
            ),
            BettingStructure.NO_LIMIT,
        ),
        (msgspec.structs.replace(turn, max_raise_to=2_500), BettingStructure.POT_LIMIT),
        (
            msgspec.structs.replace(turn, min_raise_to=2_000, max_raise_to=2_000),
            BettingStructure.FIXED_LIMIT,
        ),
        (
            msgspec.structs.replace(turn, to_call=3_000, min_raise_to=None, max_raise_to=None),
            BettingStructure.NO_LIMIT,
        ),
        (
            msgspec.structs.replace(turn, to_call=850, all_in_to=1_150, min_raise_to=None),
            BettingStructure.NO_LIMIT,
        ),
        (msgspec.structs.replace(turn, time_bank=True), BettingStructure.NO_LIMIT),
    ]
    shown = []
    for each, structure in turns:
        table = msgspec.structs.replace(
            view,
            turn=each,
            settings=msgspec.structs.replace(settings, structure=structure),
        )
        shown.append(TableShown(view=table))
    between = msgspec.structs.replace(view, turn=None, hand_running=False, next_hand_at=0.0)
    waiting = msgspec.structs.replace(view, turn=None, hand_running=False, started=False)
    empty = msgspec.structs.replace(view, seats=(), turn=None, settings=None, hand_number=0)
    return [*shown, TableShown(view=between), TableShown(view=waiting), TableShown(view=empty)]


def samples() -> list[AnyPayload]:
    """Payloads of every kind (and the codes' payloads are made in the test)."""
    private = PrivateView(
        hand_number=42,
        cards=("As", "Ks"),
        board=("Ts", "7s", "2s"),
        best="Flush, ace high",
        best_cards=("As", "Ks", "Ts", "7s", "2s"),
    )
    preflop = msgspec.structs.replace(private, board=(), best=None, best_cards=())
    three = (ANYA, BORIS, VERA)
    return [
        *_turns(),
        Refused(code="minimum_raise", params={"minimum": 200}, text="The minimum raise is to 200"),
        Notice(code="sat_in", params={"name": "Ada (bot)"}, text="Ada (bot) is back"),
        ButtonDraw(cards=((ANYA, "As"), (BOT, "Kd")), button=ANYA),
        HandStarted(
            hand_number=42,
            deck_commitment=ROOT,
            players=three,
            button=ANYA,
            small_blind=BORIS,
            big_blind=VERA,
            straddle=BOT,
        ),
        *(
            Posted(player_id="p1", name="Борис", what=what, amount=50, all_in=all_in)
            for what in ("ante", "blind", "dead", "straddle", "post")
            for all_in in (False, True)
        ),
        *(
            Acted(player_id="p0", name="Аня", action=action, amount=300, added=200, all_in=False)
            for action in ("fold", "check", "call", "bet", "raise")
        ),
        Acted(player_id="p0", name="Аня", action="raise", amount=900, added=900, all_in=True),
        Returned(player_id="p0", name="Аня", amount=850),
        BoardDealt(street="flop", cards=("Ts", "7s", "2d"), board=("Ts", "7s", "2d")),
        BoardDealt(street="turn", cards=("Ah",), board=("Ts", "7s", "2d", "Ah")),
        BoardDealt(street="river", cards=("3c",), board=("Ts", "7s", "2d", "Ah", "3c")),
        AllInEquity(
            board=(),
            players=(
                EquityShare(player_id="p0", name="Аня", cards=("As", "Ks"), equity=0.5),
                EquityShare(player_id="p1", name="Борис", cards=("Qd", "Qc"), equity=0.5),
            ),
            exact=False,
        ),
        Shown(player_id="p0", name="Аня", cards=("4c", "3s")),
        *(Shown(player_id="p0", name="Аня", cards=("As", "Ks"), hand=hand) for hand in HANDS),
        *(HandNamed(player_id="p1", name="Борис", cards=("Qd", "Qc"), hand=hand) for hand in HANDS),
        Mucked(player_id="p2", name="Вера"),
        PotWon(pot=0, amount=150, winners=(_share(BORIS, 150),)),
        *(PotWon(pot=0, amount=1_284, winners=(_share(ANYA, 1_284),), hand=hand) for hand in HANDS),
        PotWon(pot=0, amount=1_000, winners=(_share(ANYA, 1_000),), hand=HANDS[1], pots=2),
        PotWon(pot=1, amount=284, winners=(_share(BORIS, 284),), hand=HANDS[2], pots=2),
        PotWon(
            pot=0,
            amount=1_801,
            winners=(_share(ANYA, 601), _share(BORIS, 600), _share(BOT, 600)),
            hand=HANDS[4],
        ),
        PotWon(pot=0, amount=1_000, winners=(_share(ANYA, 500), _share(BORIS, 500)), pots=2),
        PotWon(pot=2, amount=40, winners=(_share(ANYA, 20), _share(BORIS, 20)), pots=3),
        BountyWon(
            player_id=ANYA.player_id,
            name=ANYA.name,
            amount=1_050,
            payers=(_share(BORIS, 1_000), _share(BOT, 50)),
        ),
        HandOver(hand_number=42, stacks=(_share(ANYA, 1_000),), proof=PROOF),
        HandOver(hand_number=42, stacks=(), proof=None),
        HoleCards(view=private),
        HoleCards(view=preflop),
        HandProof(hand_number=42, proof=PROOF),
        History(hand_number=42, phh="", proof=PROOF, private=False),
        History(hand_number=42, phh="", proof=None, private=True),
        RabbitHunted(hand_number=42, board=("Ah", "Kd", "7c"), cards=("2s", "9h")),
        RabbitHunted(hand_number=43, board=(), cards=("2s", "9h", "Tc", "Jd", "Qs")),
        ShownAfter(hand_number=43, player_id="p1", name="Борис", cards=("Ks",)),
        BalanceShown(balance=900, hands_played=12, hands_won=3, biggest_pot=1_240, net=340),
        BalanceShown(balance=1, hands_played=0, hands_won=0, biggest_pot=0, net=-100),
        DailyClaimed(amount=500, balance=1_500, next_at=0.0),
        LeaderboardShown(
            rows=(
                LeaderboardRow(rank=1, player_id="p0", name="Аня", net=1_200),
                LeaderboardRow(rank=2, player_id=BOT.player_id, name=BOT.name, net=-40),
            )
        ),
        LeaderboardShown(rows=()),
        LeaderboardShown(
            rows=(LeaderboardRow(rank=1, player_id="p0", name="Аня", net=300),), night="tonight"
        ),
        LeaderboardShown(rows=(), night="last"),
        NightShown(
            lines=(
                NightLine(
                    player_id="p0",
                    name="Аня",
                    bought_in=1_000,
                    cashed_out=1_450,
                    at_table=0,
                    net=450,
                ),
                NightLine(
                    player_id="p1",
                    name="Борис",
                    bought_in=1_000,
                    cashed_out=0,
                    at_table=550,
                    net=-450,
                ),
            )
        ),
        NightShown(lines=()),
        BankLedger(
            moves=tuple(
                BankMove(kind=kind, amount=500, table=table, time=0.0, balance=1_500, here=here)
                for kind, table, here in (
                    ("grant", "", False),
                    ("daily", "", False),
                    ("given", "", False),
                    ("taken", "", False),
                    ("night", "", False),
                    ("night_end", "", False),
                    ("buy_in", "discord:1:2", True),
                    ("cash_out", "discord:1:2", True),
                    ("buy_in", "discord:1:3", False),
                )
            )
        ),
        BankLedger(moves=()),
        TournamentOver(
            winner="p0",
            winner_name="Аня",
            prize_pool=4_000,
            placings=(
                Placing(place=1, player_id="p0", name="Аня", prize=2_400),
                Placing(place=2, player_id=BOT.player_id, name=BOT.name, prize=1_600),
                Placing(place=3, player_id="p2", name="Вера", prize=0),
            ),
        ),
    ]
