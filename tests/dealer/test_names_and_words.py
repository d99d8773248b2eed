"""Issue 22 item 3: players are named, not numbered, wherever they read the bank's lines, and
every figure says what it is. Played through the `Dealer` on the embedded Redis and read the
way both chat adapters read these payloads (`adapters.common.payloads`)."""

from __future__ import annotations

import msgspec

from adapters.common.payloads import own_text, public_text
from chatdealer.dealer import (
    AddBot,
    Balance,
    Configure,
    Create,
    Join,
    Leaderboard,
    Leave,
    Ledger,
    Start,
    User,
)
from chatdealer.dealer.outgoing import (
    BalanceShown,
    BankLedger,
    HandOver,
    LeaderboardShown,
    NightShown,
    Notice,
)
from chatdealer.render import language, payload_text
from chatdealer.store import Store, TableId

from .harness import ANN, BOB, Clock, Harness, payloads, refusals
from .test_play import SETTINGS

# Telegram and Discord ids: what the issue found printed where names belong.
TESS = User(id="102", name="Tess")
RAJ = User(id="100000000000000003", name="Raj")


async def folded_hand(game: Harness, first: User, second: User) -> tuple[User, int]:
    """Both sit down with 200 and one folds the first hand; the winner and what they won."""
    game.users |= {first.id: first, second.id: second}
    assert not refusals(await game.do(first, Create(settings=SETTINGS)))
    for user in (first, second):
        assert not refusals(await game.do(user, Join(buy_in=200)))
    await game.do(first, Start())
    folder = game.to_act()
    over = payloads(await game.act(folder, "fold"), HandOver)[0]
    share = next(share for share in over.stacks if share.player_id != folder.id)
    return game.users[share.player_id], share.chips - 200


async def test_the_leaderboard_names_players_by_their_display_names(game: Harness) -> None:
    winner, net = await folded_hand(game, TESS, RAJ)
    loser = RAJ if winner is TESS else TESS
    board = payloads(await game.do(TESS, Leaderboard()), LeaderboardShown)[0]
    assert [(row.name, row.net) for row in board.rows] == [(winner.name, net), (loser.name, -net)]
    text = public_text(board, language("en"))
    assert text == f"🏆 Biggest winners\n1. {winner.name} +{net}\n2. {loser.name} −{net}"
    assert TESS.id not in (text or "") and RAJ.id not in (text or "")
    assert (public_text(board, language("ru")) or "").startswith("🏆 Крупнейшие выигрыши\n1. ")


async def test_a_renamed_player_is_shown_by_the_name_they_last_used(
    store: Store, clock: Clock
) -> None:
    game = Harness(store, clock, TableId("telegram", "-100", "0"))
    await folded_hand(game, TESS, RAJ)
    await game.do(User(id=TESS.id, name="Tess the Brave"), Balance())
    board = payloads(await game.do(RAJ, Leaderboard()), LeaderboardShown)[0]
    assert sorted(row.name for row in board.rows) == ["Raj", "Tess the Brave"]


async def test_stats_have_labels(game: Harness) -> None:
    winner, net = await folded_hand(game, ANN, BOB)
    (shown,) = payloads(await game.do(winner, Balance()), BalanceShown)
    assert own_text(shown, language("en")) == (
        f"💰 {shown.balance:,} chips · hands 1 · won 1 · biggest pot {shown.biggest_pot} · "
        f"net +{net}"
    )
    assert "раздач: 1 · выиграно: 1 · крупнейший банк" in (own_text(shown, language("ru")) or "")


async def test_ledger_rows_say_in_words_what_moved_and_where(
    store: Store, clock: Clock, table_id: TableId
) -> None:
    game = Harness(store, clock, table_id)
    await game.do(ANN, Create(settings=SETTINGS))
    await game.do(ANN, Join(buy_in=200))
    await game.do(ANN, Leave())
    other = Harness(store, clock, TableId(table_id.platform, table_id.community, "other"))
    assert not refusals(await other.do(ANN, Create(settings=SETTINGS)))
    assert not refusals(await other.do(ANN, Join(buy_in=150)))
    out = await game.do(ANN, Ledger())
    (moves,) = payloads(out, BankLedger)
    assert own_text(moves, language("en")) == "\n".join(
        [
            "🏦 Your bank, latest first",
            "bought in 150 at another table · bank 850",
            "cashed out 200 · bank 1,000",
            "bought in 200 · bank 800",
            "starting chips 1,000 · bank 1,000",
        ]
    )
    named = own_text(moves, language("en"), lambda channel: f"<#{channel}>") or ""
    assert "bought in 150 at <#other> · bank 850" in named
    assert "buy_in" not in named and "grant" not in named
    assert own_text(moves, language("bg"), None).splitlines()[1] == (  # type: ignore[union-attr]
        "бай-ин 150 на друга маса · в банката 850"
    )
    (night,) = payloads(out, NightShown)
    assert public_text(night, language("en")) == "\n".join(
        [
            "📒 Tonight at this table, biggest winner first",
            "Ann: bought in 200 · cashed out 200 · net 0",
        ]
    )


async def test_a_bot_is_a_bot_in_the_tables_language(game: Harness) -> None:
    await game.do(ANN, Create(settings=SETTINGS))
    await game.do(ANN, Join(buy_in=200))
    await game.do(ANN, Configure(settings=msgspec.structs.replace(SETTINGS, language="ru")))
    out = await game.do(ANN, AddBot())
    (seated,) = [n for n in payloads(out, Notice) if n.code == "seated"]
    assert seated.params["name"].endswith(" (bot)")
    said = payload_text(seated, language("ru"), 0.0) or ""
    assert "(бот)" in said and "(bot)" not in said
    table = game.view()
    assert "(бот)" in (payload_text(out[-1].payload, language("ru"), 0.0) or "")
    assert any(seat.name.endswith("(bot)") for seat in table.seats)
