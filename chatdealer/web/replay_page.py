"""A hand's replay page: the hand as steps a browser walks through, each with the table as it
is after that step (board, pot, stacks, bets, the cards a reader may see) and the dealer's own
line for it, in the table's language.

Which cards a step shows is decided here, never in the browser: the page is given only the copy
of the history its link opens (the public one hides every hand not shown; a player's own adds
their two cards), and a shown hand appears from the step it is shown on.

A board run twice is drawn as the chat's pictures draw it: the second run's board in a row under
the first, from the second run's first street on, and under each row the pots that run has paid.
"""

from __future__ import annotations

import html
import json
from typing import Any

from chatdealer import phh
from chatdealer.dealer.outgoing import PotWon, Shown
from chatdealer.render import Language, cards_text, payload_text
from chatdealer.render.names import player_name
from chatdealer.web.played import PlayedHand, play


def replay_data(history: str, lang: Language, viewer: int | None = None) -> dict[str, Any]:
    """What the replayer's script is given: the seats and the steps; `viewer` is the position
    of the player whose own copy it is (their cards show from the deal, even if shown later)."""
    played = play(phh.loads(history))
    return _data(played, lang, viewer)


def _data(played: PlayedHand, lang: Language, viewer: int | None) -> dict[str, Any]:
    shown_at: dict[int, int] = {}
    names = [seat.name for seat in played.seats]
    steps = played.steps
    for index, step in enumerate(steps):
        if isinstance(step.payload, Shown):
            shown_at.setdefault(names.index(step.payload.name), index)
    own = {  # cards the copy holds from the deal: the reader's own, never shown
        seat: played.seats[seat].cards
        for seat in range(len(names))
        if played.seats[seat].cards and (seat not in shown_at or seat == viewer)
    }
    twice = any(step.second_board for step in steps)
    won: list[list[str]] = [[], []]
    """Each run's pots paid so far, as the table said them ("First run — Ann wins …")."""
    told = []
    for index, step in enumerate(steps):
        if twice and isinstance(step.payload, PotWon) and step.payload.run in (1, 2):
            won[step.payload.run - 1].append(payload_text(step.payload, lang, 0.0) or "")
        cards: list[list[str] | None] = []
        for seat, info in enumerate(played.seats):
            if seat in own or (seat in shown_at and shown_at[seat] <= index):
                cards.append(cards_text(info.cards).split(" "))
            else:
                cards.append(None)
        told.append(
            {
                "street": step.street,
                "text": payload_text(step.payload, lang, 0.0) or "",
                "board": cards_text(step.board).split(" ") if step.board else [],
                "board2": cards_text(step.second_board).split(" ") if step.second_board else [],
                "won": [list(paid) for paid in won] if twice else [],
                "pot": lang.text("betting", "Pot {amount}").format(amount=lang.number(step.pot)),
                "stacks": [lang.number(chips) for chips in step.stacks],
                "bets": [lang.number(chips) if chips else "" for chips in step.bets],
                "folded": list(step.folded),
                "cards": cards,
            }
        )
    return {
        "seats": [
            {"position": lang.text("position", seat.position), "name": player_name(lang, seat.name)}
            for seat in played.seats
        ],
        "steps": told,
    }


def replay_html(history: str, lang: Language, number: int, viewer: int | None = None) -> str:
    title = lang.text("table", "Hand #{number}").format(number=number)
    told = replay_data(history, lang, viewer)
    data = json.dumps(told, ensure_ascii=False).replace("</", "<\\/")
    back, forward = lang.text("review", "Back"), lang.text("review", "Next")
    return f"""<!doctype html>
<html lang="{lang.code}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)}</title><link rel="stylesheet" href="/static/replay.css">
</head><body><main>
<h1>{html.escape(title)}</h1>
<section id="table"><div id="board"></div><ul id="won1" class="won" hidden></ul>
<div id="board2" hidden></div><ul id="won2" class="won" hidden></ul><div id="pot"></div></section>
<ol id="seats"></ol>
<p id="said" aria-live="polite"></p>
<nav><button id="back">◀ {html.escape(back)}</button> <span id="where"></span>
<button id="next">{html.escape(forward)} ▶</button></nav>
</main>
<script id="hand" type="application/json">{data}</script>
<script src="/static/replay.js"></script>
</body></html>
"""


def refused_html(lang: Language) -> str:
    said = lang.text("review", "This link opens nothing: it was changed, or it has expired.")
    return (
        f'<!doctype html><html lang="{lang.code}"><head><meta charset="utf-8">'
        f'<title>{html.escape(said)}</title></head><body><p id="refused">{html.escape(said)}'
        "</p></body></html>"
    )
