"""A typed line, read with the command catalog (as Telegram reads its messages) or as a betting
move at the player's turn, sent to the dealer, and its answer printed.

Every command of the catalog is served, spelled as the catalog spells it for the terminal
(`join 1k 3`, `tournament open 100 1500 turbo`), and also by its translated name. A bad
argument is answered with what was wrong and the right form (`error_text`), and nothing is
sent. What the dealer posts to the table comes back through the event stream (`follow`), so
here only what is for this player, the refusals and the reads nobody else is shown
(leaderboard, the night, a history) are printed.
"""

from __future__ import annotations

from adapters.common.catalog import (
    ArgumentError,
    HelpWanted,
    Parsed,
    Platform,
    Situation,
    error_text,
    parse_command,
    topic_help,
)
from adapters.common.payloads import own_text, public_text
from adapters.console.client import Client
from adapters.console.follow import Follower
from adapters.console.histories import show_history
from adapters.console.moves import NoAmount, betting_move, read_move
from adapters.console.run_twice import run_twice_word
from adapters.console.text import Text
from adapters.console.words import Words
from chatdealer.dealer import Act, Outgoing, RunTwiceAnswer, TableView
from chatdealer.dealer.outgoing import (
    History,
    HoleCards,
    LeaderboardShown,
    NightShown,
    Notice,
    Refused,
    TableShown,
)
from chatdealer.render import refusal_text

QUIT_WORDS = frozenset({"quit", "q", "exit"})
"""The terminal's own command (not the catalog's `leave`, which keeps the terminal open)."""
QUIT_CONTEXT = "terminal command"


def read_command(line: str, code: str) -> Parsed:
    """The command a line is, by the catalog, in the player's language (English always
    works); an `ArgumentError` when it is none, or its arguments are wrong."""
    return parse_command(line, language=code)


def help_text(topic: str | None, words: Words) -> list[str]:
    """The catalog's help for the terminal; the whole help ends with how to quit."""
    lines = topic_help(topic, Platform.TERMINAL, words.language.code)
    return lines if topic else [*lines, words("quit_help")]


BANK_NOTICES = frozenset(
    {"bank_changed", "chips_given", "chips_taken", "night_started", "night_ended"}
)
"""Public notices of the community's bank: made outside any table's step, so the table's event
stream never carries them and the answer is where the terminal reads them."""


class Typed:
    def __init__(self, client: Client, text: Text, follower: Follower) -> None:
        self.client = client
        self.text = text
        self.follower = follower

    def wants_quit(self, line: str) -> bool:
        words = line.split()
        if len(words) != 1:
            return False
        word = words[0].casefold()
        translated = self.text.language.text(QUIT_CONTEXT, "quit").casefold()
        return word in QUIT_WORDS or word == translated

    def read(self, line: str) -> Parsed:
        return read_command(line, self.text.code)

    async def typed(self, line: str) -> None:
        line = line.strip()
        if not line:
            return
        if betting_move(line.split()[0]) is not None:
            await self.bet(line)
            return
        twice = run_twice_word(line)
        if twice is not None:
            await self.run_twice(twice)
            return
        try:
            parsed = self.read(line)
            view = await self.client.fresh_view() if parsed.entry.needs_view else None
            situation = Situation(
                language=self.text.code, view=view or self.client.view, user_id=self.client.user.id
            )
            outcome = parsed.build(situation)
        except ArgumentError as problem:
            self.text.say(error_text(problem, Platform.TERMINAL, self.text.code), "red")
            return
        if isinstance(outcome, HelpWanted):
            self.help(outcome.topic)
            return
        out = await self.client.send(outcome)
        self.answer(out, reposts=parsed.entry.reposts)
        await self.follower.show_events()

    def help(self, topic: str | None) -> None:
        for line in help_text(topic, self.text.words):
            self.text.say(line)

    def answer(self, out: list[Outgoing], *, reposts: bool = False) -> None:
        """Prints what the dealer answered that the event stream does not carry."""
        histories = [o.payload for o in out if isinstance(o.payload, History)]
        own = [h for h in histories if h.private]
        for outgoing in out:
            payload = outgoing.payload
            lang = self.text.language
            if isinstance(payload, Refused):
                shown = refusal_text(lang, payload.code, payload.params, fallback=payload.text)
                self.text.say(shown, "red")
                self.follower.prompt_again()
            elif isinstance(payload, TableShown):
                if reposts:
                    self.text.table(payload.view)
                    self.entrants(payload.view)
            elif isinstance(payload, Notice) and payload.code in BANK_NOTICES:
                self.text.payload(payload, "bold")
            elif isinstance(payload, LeaderboardShown | NightShown):
                self.text.say(public_text(payload, lang) or "")
            elif isinstance(payload, History):
                if payload.private or not own:
                    show_history(self.text, payload)
            elif isinstance(payload, HoleCards) and self.client.mine(outgoing):
                self.text.private(payload.view)
            elif self.client.mine(outgoing):
                said = own_text(payload, lang)
                if said is not None:
                    self.text.say(said, "bold")
                elif isinstance(payload, Notice):
                    self.text.payload(payload, "bold")

    def entrants(self, view: TableView) -> None:
        """Who is in a tournament, which the table does not show before it starts."""
        tournament = view.tournament
        if tournament is None:
            return
        self.text.tell(
            "entrants",
            count=len(tournament.entrants),
            names=", ".join(tournament.entrants) or "—",
            buy_in=tournament.buy_in,
            stack=self.text.words.chips(tournament.starting_stack),
            pool=tournament.prize_pool,
        )

    async def run_twice(self, twice: bool) -> None:
        """The answer to running it twice, with the question's token from the table now."""
        view = await self.client.fresh_view()
        question = view.run_twice if view is not None else None
        if question is None:
            text = refusal_text(self.text.language, "no_run_twice_question", {}, fallback="")
            self.text.say(text, "red")
            return
        out = await self.client.send(RunTwiceAnswer(token=question.token, twice=twice))
        self.answer(out)
        await self.follower.show_events()

    async def bet(self, line: str) -> None:
        view = await self.client.fresh_view()
        turn = view.turn if view is not None else None
        if view is None or turn is None or turn.player_id != self.client.user.id:
            self.text.tell("not_your_turn", "red")
            return
        try:
            move = read_move(line, view, turn)
        except NoAmount:
            self.text.tell("raise_how_much", "red")
            return
        except ArgumentError as problem:
            self.text.say(error_text(problem, Platform.TERMINAL, self.text.code), "red")
            return
        if move.capped is not None:
            typed = " ".join(line.split()[1:]) or line
            if move.action == "allin":
                self.text.tell("over_stack", "yellow", typed=typed, amount=turn.all_in_to)
            else:
                self.text.tell("over_limit", "yellow", typed=typed, amount=move.amount or 0)
        out = await self.client.send(Act(action=move.action, amount=move.amount, token=turn.token))
        self.answer(out)
        await self.follower.show_events()
