"""The button, the blinds, and who is dealt into the next hand (RULES.md §3, §8).

The button moves clockwise to the next player in the game after every hand [000][004]; the small
blind is the first player in the game after it and the big blind the next player who plays this
hand [000][001]. Heads-up the button posts the small blind [std].

"In the game" means ready and owing nothing. A player coming in, new or back from sitting out,
owes blinds [001][004] and is passed over for the button and the small blind; they either post
what they owe at once (a live big blind out of position, plus a dead small blind when they missed
both), or wait until the big blind reaches their seat and post it in turn, which settles
everything [004]. A player sitting out misses the big blind when it passes their seat and the
small blind likewise.

When fewer than two players are in the game the game starts afresh: everyone ready is dealt in
and nobody owes anything, as when a table opens.
"""

from __future__ import annotations

from collections.abc import Sequence

import msgspec

from chatdealer.table.refusals import TableError
from chatdealer.table.seats import Player, SeatStatus, clockwise, strictly_between

_PLAYING = SeatStatus.PLAYING  # read off the class, a member goes through a slow class hook


class ButtonDraw(msgspec.Struct, gc=False, frozen=True, kw_only=True):
    """The high-card draw for the first button: each player's card and the winner's seat."""

    cards: tuple[tuple[int, int], ...]  # (seat, card) in the order dealt
    button: int


def draw_for_button(seats: Sequence[int], deck: Sequence[int]) -> ButtonDraw:
    """One face-up card each, dealt clockwise from the lowest seat; the highest card wins.

    Card ints are ordered by rank and then ♠ > ♥ > ♦ > ♣, so the highest int is the winner and
    there are no ties [002][004].
    """
    ordered = sorted(seats)
    cards = tuple(zip(ordered, deck[: len(ordered)], strict=True))
    button = max(cards, key=lambda pair: pair[1])[0]
    return ButtonDraw(cards=cards, button=button)


class HandPlan(msgspec.Struct, gc=False, frozen=True, kw_only=True):
    """Who plays the next hand and what each posts, in physical seats."""

    seats: tuple[int, ...]  # dealt in, in position order: left of the button first, button last
    button: int
    small_blind: int  # the button heads-up
    big_blind: int
    under_the_gun: int  # the first seat after the big blind in this hand
    straddle: int | None = None
    live_posts: tuple[int, ...] = ()  # entry or returning big blinds, out of position
    dead_small_blinds: tuple[int, ...] = ()
    missed_big_blind: tuple[int, ...] = ()  # sitting-out seats the big blind passed
    missed_small_blind: tuple[int, ...] = ()  # sitting-out seats the small blind passed
    straddles_dropped: tuple[int, ...] = ()  # asked to straddle but not under the gun
    fresh_start: bool = False


def in_the_game(players: Sequence[Player | None]) -> tuple[list[int], bool]:
    """The seats in the game, and whether the game starts afresh (every ready player in)."""
    game, _, fresh = _the_game(players)
    return game, fresh


def _the_game(
    players: Sequence[Player | None],
) -> tuple[list[int], list[tuple[int, Player]], bool]:
    """`in_the_game`, with the ready players that owe blinds (coming in, unless afresh)."""
    ready = [
        (seat, player) for seat, player in enumerate(players) if player is not None and player.ready
    ]
    owing = [(seat, player) for seat, player in ready if player.owes]
    if len(ready) - len(owing) >= 2:
        return [seat for seat, player in ready if not player.owes], owing, False
    return [seat for seat, _ in ready], [], True


def plan_hand(
    players: Sequence[Player | None],
    *,
    last_button: int | None,
    last_small_blind: int | None,
    last_big_blind: int | None,
    drawn_button: int | None = None,
    straddles_allowed: bool = False,
) -> HandPlan:
    """The next hand's seats and forced bets; refuses when fewer than two players can play.

    `drawn_button` is the winner of the high-card draw, used when there was no hand before.
    Dealing runs this every hand, so it keeps to a few passes over the seats (most hands have
    nobody coming in, sitting out or straddling, and skip those parts).
    """
    count = len(players)
    game, owing, fresh = _the_game(players)
    if len(game) < 2:
        raise TableError("not_enough_players", count=len(game))
    in_game = set(game)
    if last_button is None:
        if drawn_button is None or drawn_button not in in_game:
            raise TableError("draw_deck_needed")
        button = drawn_button
    else:
        button = _next(in_game, last_button, count)
    small_blind = button if len(game) == 2 else _next(in_game, button, count)
    dealt = in_game
    live_posts: tuple[int, ...] = ()
    dead: tuple[int, ...] = ()
    posting: set[int] = set()
    if owing:
        big_blind = _next(in_game.union([seat for seat, _ in owing]), small_blind, count)
        coming = [
            (seat, player)
            for seat, player in owing
            if seat != big_blind and not player.waits_for_big_blind
        ]
        posting = {seat for seat, _ in coming}
        dealt = in_game | posting | {big_blind}
        live_posts = tuple([seat for seat, player in coming if player.new or player.owes_big_blind])
        dead = tuple([seat for seat, player in coming if player.owes_small_blind])
    else:
        big_blind = _next(in_game, small_blind, count)
    seats = tuple([seat for seat in clockwise(button + 1, count) if seat in dealt])
    under_the_gun = seats[(seats.index(big_blind) + 1) % len(seats)]
    asking = [
        seat
        for seat, player in enumerate(players)
        if player is not None and player.straddles_next_hand
    ]
    straddle = None
    if (
        under_the_gun in asking
        and straddles_allowed
        and len(seats) >= 3
        and under_the_gun in in_game
        and under_the_gun not in posting
    ):
        straddle = under_the_gun
    missed_big, missed_small = _missed_blinds(
        players, (last_small_blind, small_blind), (last_big_blind, big_blind)
    )
    return HandPlan(
        seats=seats,
        button=button,
        small_blind=small_blind,
        big_blind=big_blind,
        under_the_gun=under_the_gun,
        straddle=straddle,
        live_posts=live_posts,
        dead_small_blinds=dead,
        missed_big_blind=missed_big,
        missed_small_blind=missed_small,
        straddles_dropped=tuple([seat for seat in asking if seat != straddle]),
        fresh_start=fresh,
    )


def _missed_blinds(
    players: Sequence[Player | None],
    small_moves: tuple[int | None, int],
    big_moves: tuple[int | None, int],
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Sitting-out seats each blind passed on its way from the last hand to this one [004]."""
    count = len(players)
    away = [
        seat
        for seat, player in enumerate(players)
        if player is not None and player.status is not _PLAYING and not player.new
    ]
    if not away:
        return (), ()

    def passed(moves: tuple[int | None, int]) -> tuple[int, ...]:
        first, last = moves
        if first is None:
            return ()
        return tuple(seat for seat in away if strictly_between(seat, first, last, count))

    return passed(big_moves), passed(small_moves)


def _next(candidates: set[int], after: int, count: int) -> int:
    """The first candidate seat clockwise after `after` (itself last)."""
    for step in range(1, count + 1):
        seat = (after + step) % count
        if seat in candidates:
            return seat
    raise AssertionError("no candidate seat")  # callers pass at least one


def _player(players: Sequence[Player | None], seat: int) -> Player:
    player = players[seat]
    assert player is not None
    return player
