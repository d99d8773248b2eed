"""What a hand of one configuration looks like once the forced bets are in (RULES.md §3, §10):
the antes, dead money, blinds and posts, worked out once per set of forced bets and copied to
every deal, since the dealer deals many hands from configurations that differ only in stacks.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import msgspec
from msgspec.structs import replace

from chatdealer.engine.betting import RoundState
from chatdealer.engine.config import BettingStructure, HandConfig
from chatdealer.engine.events import ForcedBetPosted

if TYPE_CHECKING:
    from chatdealer.engine.hand import Hand

_FIXED_LIMIT = BettingStructure.FIXED_LIMIT


def preflop_round(config: HandConfig, level: int, count: int) -> RoundState:
    """Pre-flop the blinds set the bet; in fixed-limit the big blind is the first bet [001]."""
    fixed = config.structure is _FIXED_LIMIT
    return RoundState(
        level=level,
        raise_size=config.small_bet if fixed else max(config.min_bet, level),
        full_level=level if fixed else 0,
        raises=1 if fixed and level else 0,
        acted=[False] * count,
        acted_level=[0] * count,
    )


class Opening(msgspec.Struct, gc=False, frozen=True):
    """A hand of one configuration once the forced bets are in and before any card is dealt.

    It is the same every deal, so it is worked out once per configuration and copied.
    """

    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    contributed: tuple[int, ...]
    dead_money: int
    all_in: tuple[bool, ...]
    posted: tuple[ForcedBetPosted, ...]  # frozen events, shared by every hand of the config
    round: RoundState  # a template: each hand gets its own copy with its own lists
    first_to_act: int
    actor: int  # who acts first, or -1 when nobody can (then each deal works it out)
    lowest_card: int  # the deck's lowest card: a short deck starts at the sixes


_OPENINGS: dict[int, tuple[HandConfig, Opening]] = {}


def opening_for(config: HandConfig) -> Opening:
    """The opening of a configuration, remembered by identity for a caller that deals many hands
    from one config object (hashing every field each deal would cost more than the opening);
    the dealer's tables make a new config each hand and are served by `_opening_of`."""
    known = _OPENINGS.get(id(config))
    if known is not None and known[0] is config:
        return known[1]
    if len(_OPENINGS) > 1024:
        _OPENINGS.clear()
    opening = _opening_of(config)
    _OPENINGS[id(config)] = (config, opening)
    return opening


_ForcedKey = tuple[object, ...]
_FORCED: dict[_ForcedKey, tuple[tuple[int, ...], Opening]] = {}


def _opening_of(config: HandConfig) -> Opening:
    """The opening, from the one of the same forced bets with every stack covering them.

    A table deals each hand from a new config (the stacks moved), but with the same blinds and
    antes: what the forced bets leave is then the same but for the stacks, so it is worked out
    once per set of forced bets and only the stacks are taken off. A stack the forced bets
    would put all in, or a config that may not be valid, goes the long way."""
    count = len(config.starting_stacks)
    key = (
        count,
        config.variant._value_,
        config.structure._value_,
        config.antes,
        config.ante_trimming,
        config.blinds_or_straddles,
        config.live_posts,
        config.dead,
        config.min_bet,
        config.small_bet,
        config.big_bet,
    )
    known = _FORCED.get(key)
    if known is None:
        opening = _opening(config)  # validates the whole config first
        owed = _owed_by_seat(config)
        if len(_FORCED) > 1024:
            _FORCED.clear()
        _FORCED[key] = (owed, _opening(replace(config, starting_stacks=_covering(owed))))
        return opening
    owed, covered = known
    stacks = tuple([stack - paid for stack, paid in zip(config.starting_stacks, owed, strict=True)])
    if min(stacks) <= 0 or len(config.names) not in (0, count):
        return _opening(config)
    return replace(covered, stacks=stacks)


def _owed_by_seat(config: HandConfig) -> tuple[int, ...]:
    """Everything each seat is asked to post: antes, dead money, blinds and posts."""
    owed = [0] * len(config.starting_stacks)
    for seat, _, amount in _forced_bets(config)[0]:
        owed[seat] += amount
    return tuple(owed)


def _covering(owed: tuple[int, ...]) -> tuple[int, ...]:
    """Stacks one chip deeper than what each seat posts: nobody is put all in."""
    return tuple([amount + 1 for amount in owed])


def _opening(config: HandConfig) -> Opening:
    """Post the forced bets on a hand without cards and keep what they leave."""
    from chatdealer.engine.hand import Hand  # the hand imports this module to deal

    posts, level, first_to_act = _forced_bets(config)
    count = len(config.starting_stacks)
    hand = Hand(
        config=config,
        deck=[],
        holes=[],
        stacks=list(config.starting_stacks),
        bets=[0] * count,
        contributed=[0] * count,
        folded=[False] * count,
        all_in=[False] * count,
        round=preflop_round(config, level, count),
    )
    posted: list[ForcedBetPosted] = []
    _post_forced_bets(hand, posts, posted)
    return Opening(
        stacks=tuple(hand.stacks),
        bets=tuple(hand.bets),
        contributed=tuple(hand.contributed),
        dead_money=hand.dead_money,
        all_in=tuple(hand.all_in),
        posted=tuple(posted),
        round=hand.round,
        first_to_act=first_to_act,
        actor=hand._next_actor(first_to_act),
        lowest_card=config.variant.deck.lowest_rank * 4,
    )


def _forced_bets(config: HandConfig) -> tuple[list[tuple[int, str, int]], int, int]:
    """Antes first, then dead money, then the live blinds and posts (RULES.md §3).

    Returns the posts as (seat, kind, amount) in posting order, the bet to call pre-flop as the
    blinds were meant to be (RULES.md §10), and the first seat to act.
    """
    config.validate()
    count = len(config.starting_stacks)
    antes, dead = config.per_seat(config.antes), config.per_seat(config.dead)
    blinds, posts = config.per_seat(config.blinds_or_straddles), config.per_seat(config.live_posts)
    plan = [
        (seat, kind, owed)
        for seat in range(count)
        for kind, owed in (("ante", antes[seat]), ("dead", dead[seat]))
        if owed
    ]
    for seat in range(count):
        owed = blinds[seat] + posts[seat]
        if not owed:
            continue
        # A straddle is a blind larger than every blind before it, past the first two seats.
        kind = "post" if not blinds[seat] else "blind"
        if blinds[seat] and seat >= 2 and blinds[seat] > max(blinds[:seat]) > 0:
            kind = "straddle"
        plan.append((seat, kind, owed))
    top = max(blinds)
    first = 0 if top == 0 else (count - blinds[::-1].index(top)) % count
    level = max([b + p for b, p in zip(blinds, posts, strict=True)])
    return plan, level, first


def _post_forced_bets(
    hand: Hand, posts: list[tuple[int, str, int]], events: list[ForcedBetPosted]
) -> None:
    trimming = hand.config.ante_trimming
    stacks = hand.stacks
    for seat, kind, owed in posts:
        paid = min(owed, stacks[seat])
        if not paid:
            continue
        if kind in ("ante", "dead"):
            stacks[seat] -= paid
            if kind == "ante" and trimming:
                hand.contributed[seat] += paid
            else:
                hand.dead_money += paid
            hand.all_in[seat] = stacks[seat] == 0
        else:
            hand._put_in(seat, paid)
        events.append(ForcedBetPosted(seat, kind, paid, hand.all_in[seat]))
