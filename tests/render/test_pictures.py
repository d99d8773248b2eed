"""Card pictures as the adapters get them: cached by what they show, the same bytes as drawn."""

from __future__ import annotations

import asyncio
import io
import itertools

import pytest
from PIL import Image, ImageChops

from chatdealer.render import language
from chatdealer.render.images import ShownHand, board_image, hand_image, showdown_image, to_png
from chatdealer.render.images.pictures import WAKE_AT_ONCE, BoardPicture, Pictures, PngCache

BOARDS = [
    (["Ah", "Td", "7c"], [1_200]),
    (["2c", "3d", "4h", "5s"], [12_500, 3_400, 800]),
    ([], [30]),
    (["Ks", "Kd", "Kh", "Kc", "Ac"], [999_999]),
]


@pytest.mark.parametrize(
    "image",
    [
        board_image(["Ah", "Td", "7c", "Qs"], [12_500, 3_400, 800], language("ru")),
        board_image(["2c", "3d", "Th", "Js", "Ac"], [5], four_colour=True),
        hand_image(["Jc", "Tc"], "Straight, ace high", four_colour=True),
        showdown_image(
            ["Ah", "Td", "7c", "Qs", "2h"],
            [ShownHand("Борис", ["Qd", "Qc"], "Three of a kind, queens")],
            [4_800],
            winners={"Борис"},
        ),
    ],
)
def test_the_png_shows_what_was_drawn(image: Image.Image) -> None:
    shown = Image.open(io.BytesIO(to_png(image))).convert("RGB")
    bands = ImageChops.difference(image.convert("RGB"), shown).split()
    assert all(sum(band.histogram()[17:]) == 0 for band in bands), "a colour off by more than 16"


async def test_a_board_is_drawn_once_for_every_table_that_shows_it() -> None:
    pictures = Pictures()
    first = await pictures.board(["Ah", "10d", "7c"], [1_200], "ru")
    again = await pictures.board(["Ah", "Td", "7c"], [1_200], "ru")
    assert first == again == to_png(board_image(["Ah", "Td", "7c"], [1_200], language("ru")))
    assert pictures.drawn == 1
    other_pot = await pictures.board(["Ah", "Td", "7c"], [1_400], "ru")
    assert other_pot != first and pictures.drawn == 2


async def test_tables_asking_together_share_one_drawing() -> None:
    pictures = Pictures()
    pngs = await asyncio.gather(*(pictures.board(["Ah", "Td"], [40]) for _ in range(20)))
    assert len(set(pngs)) == 1 and pictures.drawn == 1


async def test_a_table_that_gives_up_waiting_leaves_the_drawing_to_the_others() -> None:
    pictures = Pictures()
    first = asyncio.ensure_future(pictures.board(["Ah", "Td"], [40]))
    others = [asyncio.ensure_future(pictures.board(["Ah", "Td"], [40])) for _ in range(5)]
    await asyncio.sleep(0)
    first.cancel()  # the table that asked first: its message was cancelled
    pngs = await asyncio.gather(*others)
    assert pngs == [to_png(board_image(["Ah", "Td"], [40]))] * 5 and pictures.drawn == 1


async def test_tables_sharing_one_picture_do_not_hold_the_loop_all_at_once() -> None:
    """A thousand tables dealt the same pre-flop board get it a few at a time, the loop
    serving everything else between."""
    pictures = Pictures()
    got: list[int] = []
    turns: list[int] = []

    async def table() -> None:
        await pictures.board([], [30])
        got.append(1)

    async def everything_else() -> None:
        while not turns or turns[-1] < 1_000:
            await asyncio.sleep(0)
            turns.append(len(got))

    await asyncio.gather(everything_else(), *(table() for _ in range(1_000)))
    woken_a_turn = [later - earlier for earlier, later in itertools.pairwise(turns)]
    assert pictures.drawn == 1 and len(got) == 1_000
    assert max(woken_a_turn) <= WAKE_AT_ONCE


async def test_a_burst_goes_to_the_process_pool_with_the_same_bytes() -> None:
    pictures = Pictures(busy=1, processes=1)
    try:
        pictures.pool.start()  # as a worker does at start-up
        while not pictures.pool.ready:
            await asyncio.sleep(0.05)
        pngs = await asyncio.gather(*(pictures.board(cards, pots) for cards, pots in BOARDS))
    finally:
        pictures.close()
    assert pngs == [to_png(board_image(cards, pots)) for cards, pots in BOARDS]
    assert pictures.drawn_in_processes >= 1


async def test_a_burst_before_the_pool_is_up_is_drawn_in_threads_meanwhile() -> None:
    """The first deal after start-up does not wait seconds for processes to spawn."""
    pictures = Pictures(busy=1, processes=1)
    try:
        pngs = await asyncio.gather(*(pictures.board(cards, pots) for cards, pots in BOARDS))
        assert pictures.drawn_in_processes == 0
        while not pictures.pool.ready:  # started by the burst, for the next one
            await asyncio.sleep(0.05)
    finally:
        pictures.close()
    assert pngs == [to_png(board_image(cards, pots)) for cards, pots in BOARDS]


async def test_hands_and_showdowns_come_as_drawn() -> None:
    pictures = Pictures()
    shown = [("Anna", ["As", "Ks"], "Pair of aces")]
    hand = await pictures.hand(["Jc", "Tc"], "Straight, ace high")
    showdown = await pictures.showdown(["Ah", "Td", "7c"], shown, [400], winners={"Anna"})
    assert hand == to_png(hand_image(["Jc", "Tc"], "Straight, ace high"))
    assert showdown == to_png(showdown_image(["Ah", "Td", "7c"], shown, [400], winners={"Anna"}))


async def test_a_bad_card_is_refused_and_nothing_is_kept() -> None:
    pictures = Pictures()
    with pytest.raises(ValueError):
        await pictures.board(["Xx"], [10])
    assert len(pictures.cache) == 0 and pictures.drawn == 0


def test_the_cache_keeps_the_latest_pictures_within_its_bytes() -> None:
    cache = PngCache(limit=1_000)
    keys = [BoardPicture(("Ah",), (pot,), "en", False) for pot in range(10)]
    for key in keys:
        cache.put(key, b"x" * 300)
    assert cache.size <= 1_000 and len(cache) == 3
    assert cache.get(keys[-1]) is not None and cache.get(keys[0]) is None
