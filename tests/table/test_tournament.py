"""RULES.md §9: sit-and-go tournaments, from registration to the prizes."""

from __future__ import annotations

import random

import pytest

from chatdealer.cards import parse_cards
from chatdealer.engine.deck_order import spelled_deck
from chatdealer.table.events import (
    AnyEvent,
    HandStarted,
    LevelChanged,
    PlayerEliminated,
    Rebought,
    RebuyOffered,
    TournamentFinished,
)
from chatdealer.table.payouts import payout_percentages, prizes, split_places
from chatdealer.table.schedule import BlindLevel, BlindSchedule
from chatdealer.table.seats import SeatStatus
from chatdealer.table.tournament import Tournament, TournamentPhase, TournamentSettings
from tests.table.support import NAMES, Decks, actor_id, fold_to_big_blind, refused

SHORT = BlindSchedule(
    levels=(BlindLevel(10, 20), BlindLevel(20, 40), BlindLevel(40, 80, 80)), hands_per_level=2
)


def tournament_of(count: int, **settings: object) -> Tournament:
    options: dict[str, object] = {"seat_count": 10, "schedule": SHORT, **settings}
    tournament = Tournament.create(TournamentSettings(**options))  # type: ignore[arg-type]
    for name in NAMES[:count]:
        tournament.register(name.lower(), name)
    return tournament


def button_to_ann(count: int) -> list[int]:
    return parse_cards("As 2c 3c 4c 5c 6c 7c 8c 9c Tc")[:count]


# -- registration ------------------------------------------------------------------------------


def test_registration_is_open_up_to_the_seat_count() -> None:
    tournament = tournament_of(3, seat_count=3)
    error = refused(tournament, "tournament_full", lambda: tournament.register("dee", "Dee"))
    assert str(error) == "The tournament is full (3 seats)"
    refused(tournament, "already_registered", lambda: tournament.register("ann", "Ann"))
    tournament.unregister("cid")
    assert [entrant.name for entrant in tournament.entrants] == ["Ann", "Bob"]


def test_everyone_starts_with_the_same_stack_and_the_buy_ins_make_the_prize_pool() -> None:
    tournament = tournament_of(4, starting_stack=2000, buy_in=25)
    tournament.start(now=0)
    assert tournament.table is not None
    assert [player.stack for _, player in tournament.table.players()] == [2000] * 4
    assert tournament.prize_pool == 100
    refused(tournament, "registration_closed", lambda: tournament.register("eve", "Eve"))


def test_a_tournament_needs_two_players() -> None:
    tournament = tournament_of(1)
    refused(tournament, "too_few_entrants", lambda: tournament.start(now=0))


def test_the_first_button_is_drawn_by_high_card() -> None:
    """[002][004]."""
    tournament = tournament_of(3)
    tournament.start(now=0)
    events = tournament.deal(Decks()(), now=0, draw=parse_cards("2c Ah 3c"))
    hand_start = next(event for event in events if isinstance(event, HandStarted))
    assert hand_start.button == 1


# -- the blinds rise [002] -------------------------------------------------------------------


def test_levels_by_hands_change_only_between_hands() -> None:
    tournament = tournament_of(3)
    tournament.start(now=0)
    decks = Decks()
    levels = []
    for hand in range(5):
        events = tournament.deal(decks(), now=0, draw=button_to_ann(3) if hand == 0 else None)
        levels += [event.level for event in events if isinstance(event, LevelChanged)]
        assert tournament.table is not None and tournament.table.hand is not None
        big_blind = max(tournament.table.hand.config.blinds_or_straddles)
        assert big_blind == SHORT.levels[tournament.level].big_blind
        fold_to_big_blind(tournament.table)
    assert levels == [2, 3]  # dealt as hands 3 and 5


def test_levels_by_minutes_use_the_time_the_hand_is_dealt() -> None:
    schedule = BlindSchedule(levels=SHORT.levels, minutes_per_level=10)
    tournament = tournament_of(3, schedule=schedule)
    tournament.start(now=1000)
    decks = Decks()
    tournament.deal(decks(), now=1000, draw=button_to_ann(3))
    assert tournament.table is not None
    fold_to_big_blind(tournament.table)
    events = tournament.deal(decks(), now=1000 + 599)
    assert not any(isinstance(event, LevelChanged) for event in events)
    fold_to_big_blind(tournament.table)
    events = tournament.deal(decks(), now=1000 + 600)
    assert LevelChanged(level=2, small_blind=20, big_blind=40, ante=0) in events


def test_the_big_blind_posts_the_ante_for_the_table_when_the_level_has_one() -> None:
    tournament = tournament_of(
        3, schedule=BlindSchedule(levels=(BlindLevel(40, 80, 80),), hands_per_level=1)
    )
    tournament.start(now=0)
    tournament.deal(Decks()(), now=0, draw=button_to_ann(3))
    assert tournament.table is not None and tournament.table.hand is not None
    assert tournament.table.hand.dead_money == 80


@pytest.mark.parametrize("by_hands", [False, True])
def test_turbo_and_regular_structures_are_offered(by_hands: bool) -> None:
    regular = BlindSchedule.regular(by_hands=by_hands)
    turbo = BlindSchedule.turbo(by_hands=by_hands)
    regular.validate()
    turbo.validate()
    assert turbo.levels[5].big_blind >= regular.levels[5].big_blind
    assert (turbo.minutes_per_level or turbo.hands_per_level) < (
        regular.minutes_per_level or regular.hands_per_level
    )


def test_after_the_last_level_the_last_one_stays() -> None:
    assert SHORT.level_at(0, 1000) == len(SHORT.levels) - 1


# -- eliminations and places -----------------------------------------------------------------


def test_players_busting_in_the_same_hand_finish_by_the_stacks_they_started_it_with() -> None:
    """Cid started the hand with 1,000 and Bob with 500: Cid finishes third, Bob fourth."""
    tournament = tournament_of(4, starting_stack=1500)
    tournament.start(now=0)
    table = tournament.table
    assert table is not None
    for seat, chips in enumerate([3000, 500, 1000, 1500]):  # still 6,000 chips in all
        player = table.seats[seat]
        assert player is not None
        player.stack = chips
    # Button Ann; positions Bob, Cid, Dee, Ann.
    deck = spelled_deck(["7c2d", "8h3s", "9d4c", "AsAd"], "KsQh5c 6d Js")
    tournament.deal(deck, now=0, draw=button_to_ann(4))
    tournament.act("dee", "fold")
    tournament.act("ann", "allin")
    tournament.act("bob", "call")
    events = tournament.act("cid", "call")
    eliminated = [event for event in events if isinstance(event, PlayerEliminated)]
    assert eliminated == [
        PlayerEliminated(player_id="bob", name="Bob", place=4),
        PlayerEliminated(player_id="cid", name="Cid", place=3),
    ]
    # Heads-up now: Dee has the button and posts the small blind [std].
    deck = spelled_deck(["AsAd", "7c2d"], "KsQh5c 6d Js")
    tournament.deal(deck, now=0)
    tournament.act("dee", "allin")
    events = tournament.act("ann", "call")
    finished = events[-1]
    assert isinstance(finished, TournamentFinished)
    assert finished.winner == "ann"
    assert [(p.place, p.player_id, p.prize) for p in finished.placings] == [
        (1, "ann", 400),
        (2, "dee", 0),
        (3, "cid", 0),
        (4, "bob", 0),
    ]
    assert tournament.phase is TournamentPhase.FINISHED
    refused(tournament, "tournament_over", lambda: tournament.deal(deck, now=0))


def test_players_busting_in_the_same_hand_with_equal_stacks_share_the_place() -> None:
    tournament = tournament_of(3)
    tournament.start(now=0)
    deck = spelled_deck(["7c2d", "8h3s", "AsAd"], "KsQh5c 6d Js")
    tournament.deal(deck, now=0, draw=button_to_ann(3))
    tournament.act("ann", "allin")
    tournament.act("bob", "call")
    events = tournament.act("cid", "call")
    assert [(e.player_id, e.place) for e in events if isinstance(e, PlayerEliminated)] == [
        ("bob", 2),
        ("cid", 2),
    ]
    assert isinstance(events[-1], TournamentFinished)


# -- prizes ------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("entrants", "paid"),
    [(2, (100,)), (4, (100,)), (5, (65, 35)), (7, (65, 35)), (8, (50, 30, 20)), (10, (50, 30, 20))],
)
def test_places_paid_by_the_number_of_entrants(entrants: int, paid: tuple[int, ...]) -> None:
    assert payout_percentages(entrants) == paid


def test_odd_chips_of_the_prize_pool_go_to_the_higher_places() -> None:
    assert prizes(101, 8) == [51, 30, 20]
    assert prizes(102, 8) == [52, 30, 20]  # 51 + 30.6 + 20.4: two chips left, first and second
    assert prizes(999, 5) == [650, 349]
    assert sum(prizes(1003, 9)) == 1003


def test_tied_places_share_their_prizes() -> None:
    assert split_places([35, 20], 2) == [28, 27]


# -- rebuys ------------------------------------------------------------------------------------


def _bust_bob_in_the_first_hand(tournament: Tournament) -> list[AnyEvent]:
    """Heads-up, Ann on the button with aces; Bob is position 0."""
    tournament.start(now=0)
    deck = spelled_deck(["7c2d", "AsAd"], "KsQh5c 6d Js")
    tournament.deal(deck, now=0, draw=button_to_ann(2))
    tournament.act("ann", "allin")
    return tournament.act("bob", "call")


def test_a_player_busting_during_the_rebuy_levels_may_rebuy_before_the_next_hand() -> None:
    tournament = tournament_of(2, rebuy_levels=2, buy_in=10)
    events = _bust_bob_in_the_first_hand(tournament)
    assert RebuyOffered(player_id="bob", rebuys_left=1) in events
    assert tournament.phase is TournamentPhase.RUNNING
    assert tournament.rebuy("bob") == [Rebought(player_id="bob", chips=1500, prize_pool=30)]
    assert tournament.table is not None
    assert tournament.table.player("bob").status is SeatStatus.PLAYING
    assert tournament.table.chips_on_table() == 4500
    events = tournament.deal(Decks()(), now=0)
    assert not any(isinstance(event, PlayerEliminated) for event in events)


def test_a_player_who_does_not_rebuy_is_out_when_the_next_hand_is_dealt() -> None:
    tournament = tournament_of(2, rebuy_levels=2)
    _bust_bob_in_the_first_hand(tournament)
    events = tournament.deal(Decks()(), now=0)
    assert PlayerEliminated(player_id="bob", name="Bob", place=2) in events
    assert isinstance(events[-1], TournamentFinished)


def test_rebuys_close_after_their_levels() -> None:
    """Busting in level 2 of a tournament with rebuys for the first level: out at once."""
    tournament = tournament_of(2, rebuy_levels=1)
    tournament.start(now=0)
    tournament.deal(Decks()(), now=0, draw=button_to_ann(2))
    assert tournament.table is not None
    fold_to_big_blind(tournament.table)
    tournament.deal(Decks()(), now=0)
    fold_to_big_blind(tournament.table)
    # Hand 3 is in level 2. Ann has the button again and the aces; Bob is position 0.
    tournament.deal(spelled_deck(["7c2d", "AsAd"], "KsQh5c 6d Js"), now=0)
    assert tournament.level == 1
    tournament.act("ann", "allin")
    events = tournament.act("bob", "call")
    assert isinstance(events[-1], TournamentFinished)


def test_an_eliminated_player_is_told_why_they_cannot_rebuy() -> None:
    long_levels = BlindSchedule(levels=SHORT.levels, hands_per_level=10)
    tournament = tournament_of(3, rebuy_levels=1, max_rebuys=1, schedule=long_levels)
    tournament.start(now=0)
    # Button Ann with aces; Bob (small blind) calls her all-in; Cid folds.
    tournament.deal(
        spelled_deck(["7c2d", "8h3s", "AsAd"], "KsQh5c 6d Js"), now=0, draw=button_to_ann(3)
    )
    tournament.act("ann", "allin")
    tournament.act("bob", "call")
    tournament.act("cid", "fold")
    tournament.rebuy("bob")
    refused(tournament, "not_busted", lambda: tournament.rebuy("bob"))
    # Hand 2: button Bob; Cid small blind, Ann big blind: Bob with aces busts Cid.
    tournament.deal(spelled_deck(["8h3s", "7c2d", "AsAd"], "KsQh5c 6d Js"), now=0)
    tournament.act("bob", "allin")
    tournament.act("cid", "call")
    tournament.act("ann", "fold")
    refused(tournament, "not_busted", lambda: tournament.rebuy("ann"))
    tournament.deal(Decks()(), now=0)  # Cid did not rebuy: out when the next hand is dealt
    assert str(refused(tournament, "eliminated", lambda: tournament.rebuy("cid"))) == (
        "You're out of this tournament"
    )


def test_a_player_with_no_rebuys_left_is_out_at_once() -> None:
    tournament = tournament_of(2, rebuy_levels=3, max_rebuys=1)
    _bust_bob_in_the_first_hand(tournament)
    tournament.rebuy("bob")
    deck = spelled_deck(["AsAd", "7c2d"], "KsQh5c 6d Js")
    tournament.deal(deck, now=0)  # Bob has the button now: Ann is position 0
    tournament.act("bob", "allin")
    events = tournament.act("ann", "call")
    assert not any(isinstance(event, RebuyOffered) for event in events)
    assert isinstance(events[-1], TournamentFinished)
    error = refused(tournament, "tournament_over", lambda: tournament.rebuy("bob"))
    assert str(error) == "The tournament is over"


def test_a_tournament_without_rebuys_puts_a_busted_player_out_at_once() -> None:
    tournament = tournament_of(2)
    events = _bust_bob_in_the_first_hand(tournament)
    assert PlayerEliminated(player_id="bob", name="Bob", place=2) in events
    assert isinstance(events[-1], TournamentFinished)


def test_only_a_busted_player_may_rebuy() -> None:
    tournament = tournament_of(2, rebuy_levels=2)
    tournament.start(now=0)
    refused(tournament, "not_busted", lambda: tournament.rebuy("ann"))
    refused(tournament, "not_registered", lambda: tournament.rebuy("zed"))


# -- late registration -------------------------------------------------------------------------


def test_a_late_entrant_sits_with_the_starting_stack_and_joins_the_prize_pool() -> None:
    tournament = tournament_of(3, late_levels=1, buy_in=10)
    tournament.start(now=0)
    tournament.deal(Decks()(), now=0, draw=button_to_ann(3))
    assert tournament.table is not None
    events = tournament.register("dee", "Dee")  # during the first hand
    assert [type(event).__name__ for event in events] == ["PlayerRegistered"]
    assert tournament.prize_pool == 40
    assert tournament.table.player("dee").stack == 1500
    assert not tournament.table.in_hand(tournament.table.seat_of("dee") or 0)
    refused(tournament, "already_registered", lambda: tournament.register("dee", "Dee"))
    # Dee waits for the big blind instead of posting one: dealt in once it reaches her seat.
    dealt_in = False
    for _ in range(4):
        fold_to_big_blind(tournament.table)
        events = tournament.deal(Decks()(), now=0)
        seat = tournament.table.seat_of("dee")
        assert seat is not None
        dealt_in = dealt_in or tournament.table.in_hand(seat)
    assert dealt_in
    assert tournament.table.chips_on_table() == 4 * 1500


def test_late_registration_closes_after_its_levels() -> None:
    tournament = tournament_of(2, late_levels=1)
    tournament.start(now=0)
    tournament.deal(Decks()(), now=0, draw=button_to_ann(2))
    assert tournament.table is not None
    fold_to_big_blind(tournament.table)
    tournament.deal(Decks()(), now=0)
    fold_to_big_blind(tournament.table)
    tournament.deal(Decks()(), now=0)  # hand 3: level 2
    assert tournament.level == 1
    error = refused(tournament, "late_registration_over", lambda: tournament.register("c", "C"))
    assert error.params == {"levels": 1}


def test_without_late_registration_a_running_tournament_takes_nobody() -> None:
    tournament = tournament_of(2)
    tournament.start(now=0)
    refused(tournament, "registration_closed", lambda: tournament.register("cid", "Cid"))


# -- the tournament runs the table ----------------------------------------------------------


def test_a_tournament_table_refuses_cash_table_requests() -> None:
    tournament = tournament_of(3)
    tournament.start(now=0)
    table = tournament.table
    assert table is not None
    for request in (
        lambda: table.sit("zed", "Zed", 100),
        lambda: table.leave("ann"),
        lambda: table.top_up("ann", 100),
        lambda: table.sit_out("ann"),
        lambda: table.change_settings(table.settings),
    ):
        refused(table, "tournament_table", request)
    refused(table, "straddles_off", lambda: table.straddle("ann"))


def test_a_tournament_round_trips_through_json_mid_hand() -> None:
    tournament = tournament_of(4, rebuy_levels=1)
    tournament.start(now=0)
    tournament.deal(Decks()(), now=0, draw=button_to_ann(4))
    assert Tournament.from_json(tournament.to_json()) == tournament


# -- whole tournaments -----------------------------------------------------------------------


def play_randomly(tournament: Tournament, rng: random.Random) -> list[AnyEvent]:
    table = tournament.table
    assert table is not None and table.hand is not None
    legal = table.hand.legal_actions()
    roll = rng.random()
    if legal.can_fold and roll < 0.3:
        return tournament.act(actor_id(table), "fold")
    if legal.can_raise and roll > 0.97:
        return tournament.act(actor_id(table), "allin")
    if legal.can_raise and roll > 0.85:
        assert legal.min_raise_to is not None and legal.max_raise_to is not None
        amount = min(legal.max_raise_to, legal.min_raise_to * rng.choice((1, 1, 2, 3)))
        return tournament.act(actor_id(table), "raise", amount)
    return tournament.act(actor_id(table), "check" if legal.can_check else "call")


@pytest.mark.parametrize("entrants", range(2, 11))
def test_a_tournament_runs_to_a_single_winner_and_pays_the_whole_pool(entrants: int) -> None:
    rng = random.Random(entrants)
    decks = Decks(seed=100 + entrants)
    with_rebuys = entrants % 3 == 0
    tournament = tournament_of(
        entrants,
        schedule=BlindSchedule.turbo(by_hands=True),
        buy_in=7,
        rebuy_levels=2 if with_rebuys else 0,
        max_rebuys=2,
    )
    tournament.start(now=0)
    table = tournament.table
    assert table is not None
    places_seen: list[int] = []  # in the order players went out
    rebuys = 0
    now = 0.0
    for _ in range(2000):
        if tournament.phase is TournamentPhase.FINISHED:
            break
        for bust in list(tournament.awaiting_rebuy):
            if rng.random() < 0.5:
                tournament.rebuy(bust.player_id)
                rebuys += 1
        draw = decks() if table.button is None else None
        events = tournament.deal(decks(), now, draw)
        while table.hand is not None:
            assert table.chips_on_table() == 1500 * (entrants + rebuys)
            events += play_randomly(tournament, rng)
        places_seen += [e.place for e in events if isinstance(e, PlayerEliminated)]
        now += 20
    assert tournament.phase is TournamentPhase.FINISHED
    placings = tournament.placings
    assert sorted(p.player_id for p in placings) == sorted(e.player_id for e in tournament.entrants)
    assert placings[0].place == 1
    assert sum(p.prize for p in placings) == tournament.prize_pool == 7 * (entrants + rebuys)
    places = [p.place for p in placings]
    assert places == sorted(places)
    # Each place is taken by one player, or shared by players who tied in one hand.
    for place in set(places):
        assert place + places.count(place) - 1 <= entrants
    assert places.count(1) == 1
    assert places_seen == sorted(places_seen, reverse=True)
    by_place = prizes(tournament.prize_pool, entrants) + [0] * entrants
    for place in set(places):
        tied = [p.prize for p in placings if p.place == place]
        assert sum(tied) == sum(by_place[place - 1 : place - 1 + len(tied)])
        assert max(tied) - min(tied) <= 1


def test_placings_follow_the_order_of_the_bust_outs() -> None:
    """The later a player is out, the better the place: places never rise over a tournament."""
    rng = random.Random(3)
    decks = Decks(seed=3)
    tournament = tournament_of(9, schedule=BlindSchedule.turbo(by_hands=True))
    tournament.start(now=0)
    table = tournament.table
    assert table is not None
    places: list[int] = []
    while tournament.phase is TournamentPhase.RUNNING:
        events = tournament.deal(decks(), 0, decks() if table.button is None else None)
        places += [e.place for e in events if isinstance(e, PlayerEliminated)]
        while table.hand is not None:
            events = play_randomly(tournament, rng)
            places += [e.place for e in events if isinstance(e, PlayerEliminated)]
    assert places == sorted(places, reverse=True)
    assert sorted(set(places) | {1}) == sorted({p.place for p in tournament.placings})
    assert len(places) == 8
