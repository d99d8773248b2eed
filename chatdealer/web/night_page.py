"""The night page: every player's chips won and lost over the night's hands as a chart, the
ledger (bought in, cashed out, at the table, net), the biggest pots with their replays, who
pays whom, and the exports: the night's hands as one ``.phhs`` and the ledger as CSV.

The chart is drawn from the night's stored hands, the ledger from the table: chips move only
by hands, buy-ins and cash-outs, so a player's last point on the chart is their net in the
ledger, and the transfers settle exactly those nets.
"""

from __future__ import annotations

import csv
import html
import io
from collections.abc import Sequence
from dataclasses import dataclass, field

from chatdealer import phh
from chatdealer.dealer.outgoing import PotWon
from chatdealer.render import Language
from chatdealer.render.accounts import settlement_lines, signed
from chatdealer.store import HandRecord
from chatdealer.table.ledger import NightLine
from chatdealer.web.played import play

BIGGEST_POTS = 5
COLOURS = ("#ffd75e", "#5ec8ff", "#ff7a7a", "#8cff8c", "#d69cff", "#ffb36b", "#b0b0b0")


@dataclass(slots=True)
class Pot:
    number: int
    amount: int
    winners: tuple[str, ...]


@dataclass(slots=True)
class Night:
    hands: list[int] = field(default_factory=list)
    """The night's hand numbers, in order."""
    results: dict[str, list[int]] = field(default_factory=dict)
    """Each player's net after each of the night's hands (0 before they sat down)."""
    pots: list[Pot] = field(default_factory=list)


def night_of(records: Sequence[HandRecord]) -> Night:
    """The night told by its hands (oldest first); a hand that does not play again is left out."""
    night = Night()
    for record in records:
        try:
            history = phh.loads(record.public.decode())
            played = play(history)
        except ValueError:
            continue
        night.hands.append(record.number)
        for results in night.results.values():
            results.append(results[-1] if results else 0)
        for seat in played.seats:
            results = night.results.setdefault(seat.name, [0] * len(night.hands))
            results[-1] += seat.finish - seat.stack
        won = [s.payload for s in played.steps if isinstance(s.payload, PotWon)]
        amount = sum(p.amount for p in won)
        winners = tuple(dict.fromkeys(w.name for p in won for w in p.winners))
        night.pots.append(Pot(record.number, amount, winners))
    night.pots = sorted(night.pots, key=lambda p: (-p.amount, p.number))[:BIGGEST_POTS]
    return night


def ledger_csv(lines: Sequence[NightLine]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["player", "bought_in", "cashed_out", "at_table", "net"])
    for line in lines:
        writer.writerow([line.name, line.bought_in, line.cashed_out, line.at_table, line.net])
    return out.getvalue()


def hands_phhs(records: Sequence[HandRecord]) -> str:
    """The night's public histories as one ``.phhs``: each hand a table ``[1]``, ``[2]``, ..."""
    return "\n".join(
        f"[{index}]\n{record.public.decode()}" for index, record in enumerate(records, start=1)
    )


def _chart(night: Night, lang: Language) -> str:
    """An SVG line per player; each line carries its last point (`data-last`)."""
    width, height, pad = 640, 260, 24
    values = [v for results in night.results.values() for v in results] or [0]
    low, high = min(0, *values), max(0, *values)
    span = (high - low) or 1
    count = max(1, len(night.hands))

    def x(index: int) -> float:
        return pad + (width - 2 * pad) * (index + 1) / count

    def y(value: int) -> float:
        return pad + (height - 2 * pad) * (high - value) / span

    parts = [
        f'<svg id="chart" viewBox="0 0 {width} {height}" role="img">',
        f'<line x1="{pad}" x2="{width - pad}" y1="{y(0):.1f}" y2="{y(0):.1f}" class="zero"/>',
    ]
    legend = []
    for index, (name, results) in enumerate(sorted(night.results.items())):
        colour = COLOURS[index % len(COLOURS)]
        points = " ".join(
            [f"{pad:.1f},{y(0):.1f}", *(f"{x(i):.1f},{y(v):.1f}" for i, v in enumerate(results))]
        )
        last = results[-1] if results else 0
        parts.append(
            f'<polyline points="{points}" stroke="{colour}" fill="none" stroke-width="2" '
            f'data-player="{html.escape(name)}" data-last="{last}"/>'
        )
        legend.append(
            f'<li style="color:{colour}">{html.escape(name)} {html.escape(signed(lang, last))}</li>'
        )
    parts.append("</svg>")
    return "".join(parts) + '<ul id="legend">' + "".join(legend) + "</ul>"


def night_html(
    lines: Sequence[NightLine],
    night: Night,
    lang: Language,
    *,
    replay_links: dict[int, str],
    exports: tuple[str, str],
) -> str:
    _ = lang.text
    title = _("night", "Tonight at this table, biggest winner first")
    heads = [_("night page", h) for h in ("Player", "Bought in", "Cashed out", "At the table")]
    heads.append(_("night page", "Net"))
    rows = "".join(
        "<tr>"
        + f"<td>{html.escape(line.name)}</td>"
        + "".join(
            f"<td>{lang.number(v)}</td>" for v in (line.bought_in, line.cashed_out, line.at_table)
        )
        + f'<td class="net">{html.escape(signed(lang, line.net))}</td></tr>'
        for line in lines
    )
    pots = "".join(
        f'<li><a href="{html.escape(replay_links[pot.number])}">'
        + html.escape(_("table", "Hand #{number}").format(number=pot.number))
        + f"</a> · {lang.number(pot.amount)} · {html.escape(', '.join(pot.winners))}</li>"
        for pot in night.pots
    )
    settled = "".join(f"<li>{html.escape(text)}</li>" for text in settlement_lines(lines, lang)[1:])
    phhs, ledger = exports
    phhs_label = html.escape(_("night page", "The night's hands (.phhs)"))
    csv_label = html.escape(_("night page", "The ledger (.csv)"))
    return f"""<!doctype html>
<html lang="{lang.code}"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{html.escape(title)}</title><link rel="stylesheet" href="/static/replay.css">
</head><body><main>
<h1>{html.escape(title)}</h1>
<h2>{html.escape(_("night page", "Chips over the night"))}</h2>
{_chart(night, lang)}
<table id="ledger"><tr>{"".join(f"<th>{html.escape(h)}</th>" for h in heads)}</tr>{rows}</table>
<h2>{html.escape(_("settlement", "Who pays whom"))}</h2>
<ul id="settlement">{settled}</ul>
<h2>{html.escape(_("night page", "Biggest pots"))}</h2>
<ol id="pots">{pots}</ol>
<p><a id="phhs" href="{html.escape(phhs)}">{phhs_label}</a>
· <a id="csv" href="{html.escape(ledger)}">{csv_label}</a></p>
</main></body></html>
"""
