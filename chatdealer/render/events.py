"""One line of chat per thing that happened at the table, in the table's language."""

from __future__ import annotations

from collections.abc import Sequence

from chatdealer.dealer.outgoing import (
    Acted,
    AllInEquity,
    AnyPayload,
    BoardDealt,
    BountyWon,
    ButtonDraw,
    HandNamed,
    HandOver,
    HandStarted,
    HoleCards,
    MadeLow,
    Mucked,
    Notice,
    Posted,
    PotWon,
    RabbitHunted,
    Refused,
    Returned,
    Share,
    Shown,
    ShownAfter,
    TableShown,
)
from chatdealer.render.cards import cards_text
from chatdealer.render.codes import notice_text, refusal_text
from chatdealer.render.hands import made_hand_text
from chatdealer.render.language import Language
from chatdealer.render.names import player_name
from chatdealer.render.runs import in_run
from chatdealer.render.table import private_text, table_text

POSTS = {
    "ante": "{name} posts an ante of {amount}",
    "blind": "{name} posts a blind of {amount}",
    "dead": "{name} posts a dead blind of {amount}",
    "straddle": "{name} straddles for {amount}",
    "post": "{name} posts {amount}",
}
ACTIONS = {
    "fold": "{name} folds",
    "check": "{name} checks",
    "call": "{name} calls {added}",
    "bet": "{name} bets {amount}",
    "raise": "{name} raises to {amount}",
}
STREETS = {"flop": "Flop: {cards}", "turn": "Turn: {cards}", "river": "River: {cards}"}


def names_text(language: Language, names: Sequence[str]) -> str:
    """ "Anna", "Anna and Boris", "Anna, Boris and Clara"."""
    names = [player_name(language, name) for name in names]
    if len(names) < 2:
        return "".join(names)
    return language.text("list", "{first} and {last}").format(
        first=", ".join(names[:-1]), last=names[-1]
    )


def hand_started_text(event: HandStarted, language: Language) -> str:
    _ = language.text
    who = player_name
    if event.bomb_pot:
        text = _(
            "event", "Hand #{number}: button {button}, a bomb pot: everyone antes {ante}"
        ).format(
            number=event.hand_number,
            button=who(language, event.button.name),
            ante=language.number(event.bomb_pot),
        )
        text += ", " + _("event", "no betting before the flop")
        return f"{text} · {deck_started_text(event, language)}"
    text = _("event", "Hand #{number}: button {button}, blinds {small} and {big}").format(
        number=event.hand_number,
        button=who(language, event.button.name),
        small=who(language, event.small_blind.name),
        big=who(language, event.big_blind.name),
    )
    if event.straddle is not None:
        straddle = who(language, event.straddle.name)
        text += ", " + _("event", "straddle {name}").format(name=straddle)
    return f"{text} · {deck_started_text(event, language)}"


def deck_started_text(event: HandStarted, language: Language) -> str:
    """The hand's deck as the channel is shown it at the deal: the whole commitment, who cut
    it with a seed, and whether the whole deck is opened after the hand."""
    _ = language.text
    parts = [_("event", "deck commitment {commitment}").format(commitment=event.deck_commitment)]
    if event.seeded_by:
        names = names_text(language, [player_name(language, name) for name in event.seeded_by])
        parts.append(_("event", "cut by seeds from {names}").format(names=names))
    else:
        parts.append(_("event", "no player seeds in the cut"))
    if event.open_deck:
        parts.append(_("event", "the whole deck is opened after the hand"))
    return " · ".join(parts)


def posted_text(event: Posted, language: Language) -> str:
    _ = language.text
    template = POSTS.get(event.what, POSTS["post"])
    name = player_name(language, event.name)
    text = _("event", template).format(name=name, amount=language.number(event.amount))
    if event.all_in:
        text += " " + _("event", "and is all-in")
    return text


def acted_text(event: Acted, language: Language) -> str:
    _ = language.text
    if event.all_in and event.action != "fold":
        template = "{name} is all-in for {amount}"
    else:
        template = ACTIONS.get(event.action, "{name}: {action} {amount}")
    return _("event", template).format(
        name=player_name(language, event.name),
        action=event.action,
        amount=language.number(event.amount),
        added=language.number(event.added),
    )


def rabbit_text(event: RabbitHunted, language: Language) -> str:
    """The rabbit: the cards that would have come, set apart from the board that was played."""
    cards = cards_text(event.cards)
    if event.board:
        cards = f"{cards_text(event.board)} [{cards}]"
    return language.text(
        "event", "Rabbit hunt, hand #{number}: {cards} (never dealt, nothing changes)"
    ).format(number=event.hand_number, cards=cards)


def board_text(event: BoardDealt, language: Language) -> str:
    _ = language.text
    template = STREETS.get(event.street, "{cards}")
    if event.street == "flop" or len(event.board) <= len(event.cards):
        cards = cards_text(event.cards)
    else:
        earlier = event.board[: len(event.board) - len(event.cards)]
        cards = f"{cards_text(earlier)} [{cards_text(event.cards)}]"
    return _("event", template).format(cards=cards)


def equity_text(event: AllInEquity, language: Language) -> str:
    """ "All in — Anna A♠ K♠ 46.2% · Boris Q♦ Q♣ 53.8%": each hand's share of the pot."""
    _ = language.text
    decimal = _("decimal separator", ".")
    parts = [
        _("event", "{name} {cards} {percent}%").format(
            name=player_name(language, share.name),
            cards=cards_text(share.cards),
            percent=f"{100 * share.equity:.1f}".replace(".", decimal),
        )
        for share in event.players
    ]
    template = "Chances: {chances}" if event.again else "All in — {chances}"
    return _("event", template).format(chances=" · ".join(parts))


def shown_text(event: Shown, language: Language) -> str:
    """ "Anna shows A♠ K♠ — Flush, ace high", named on the board dealt so far."""
    _ = language.text
    name = player_name(language, event.name)
    text = _("event", "{name} shows {cards}").format(name=name, cards=cards_text(event.cards))
    if event.hand is not None:
        text += " — " + made_hand_text(language, event.hand)
    if event.low is not None:
        text += "; " + low_text(language, event.low)
    return text


def hand_named_text(event: HandNamed, language: Language) -> str:
    """An all-in hand's final name, once the river is out: "Anna has a straight, six high"."""
    return language.text("event", "{name} has {hand}").format(
        name=player_name(language, event.name),
        hand=made_hand_text(language, event.hand, after_with=True),
    )


def pot_text(language: Language, event: PotWon) -> str:
    """What was won: "1,284" when the hand had one pot, else "the main pot of 1,000" or
    "side pot 1 of 284"."""
    amount = language.number(event.amount)
    if event.pot:
        return language.text("pot", "side pot {n} of {amount}").format(n=event.pot, amount=amount)
    if event.pots > 1:
        return language.text("pot", "the main pot of {amount}").format(amount=amount)
    return amount


def pot_won_text(event: PotWon, language: Language) -> str:
    """Who wins a pot, with what and the five cards: "Ann wins 1,284 with a pair of sevens, ace
    kicker — 7♠ 7♥ A♦ Q♣ T♦" (the kicker only where it beat the best other hand shown). A split
    pot names everyone and what each gets, since odd chips make the shares unequal."""
    _ = language.text
    winners = event.winners
    single = len(winners) == 1
    template = "{name} wins {pot}" if single else "{names} split {pot}"
    if event.half:  # a hi-lo pot's half: "Ann wins the high half of 1,284 with ..."
        template = HALF_TEMPLATES[event.half, single]
    hand = ""
    if event.hand is not None:
        template += " with {hand}"
        hand = made_hand_text(language, event.hand, after_with=True, cards=single)
    elif event.low is not None:
        template += " with {hand}"
        hand = low_text(language, event.low, after_with=True, cards=single)
    names = names_text(language, [share.name for share in winners])
    text = _("award", template).format(
        name=names, names=names, pot=pot_text(language, event), hand=hand
    )
    if not single:
        text += ": " + _shares(winners, language)
    return _euphonic(language, text)


def _euphonic(language: Language, text: str) -> str:
    """Bulgarian says "със" for "with" before a word that starts with с or з ("със стрейт")."""
    if language.code != "bg":
        return text
    for sound in "сзСЗ":
        text = text.replace(f" с {sound}", f" със {sound}")
    return text


HALF_TEMPLATES = {
    ("high", True): "{name} wins the high half of {pot}",
    ("high", False): "{names} split the high half of {pot}",
    ("low", True): "{name} wins the low half of {pot}",
    ("low", False): "{names} split the low half of {pot}",
}


def low_text(
    language: Language, low: MadeLow, *, after_with: bool = False, cards: bool = False
) -> str:
    """An eight-or-better low ("Low, 7-5-4-2-A", after "with": "a low, 7-5-4-2-A")."""
    context = "hand with" if after_with else "hand"
    template = "a low, {ranks}" if after_with else "Low, {ranks}"
    text = language.text(context, template).format(ranks="-".join(low.ranks))
    if cards:
        text += " — " + cards_text(low.cards)
    return text


def _shares(winners: Sequence[Share], language: Language) -> str:
    return ", ".join(
        f"{player_name(language, share.name)} {language.number(share.chips)}" for share in winners
    )


def hand_over_text(event: HandOver, language: Language) -> str:
    _ = language.text
    text = _("event", "Hand #{number} is over").format(number=event.hand_number)
    if event.proof is not None:
        opened = _("event", "deck opened: {commitment}")
        text += " · " + opened.format(commitment=event.proof.root)
    return text


def button_draw_text(event: ButtonDraw, language: Language) -> str:
    _ = language.text
    who = player_name
    draws = ", ".join(
        f"{who(language, ref.name)} {cards_text([card])}" for ref, card in event.cards
    )
    return _("event", "Draw for the button: {draws}. {name} has the button").format(
        draws=draws, name=who(language, event.button.name)
    )


def payload_text(payload: AnyPayload, language: Language, now: float) -> str | None:
    """The text of a payload, or None for the kinds this renderer does not show (bank,
    leaderboard, histories: adapters lay those out themselves)."""
    match payload:
        case TableShown():
            return table_text(payload.view, language, now)
        case HoleCards():
            return private_text(payload.view, language)
        case Refused():
            return refusal_text(language, payload.code, payload.params, payload.text)
        case Notice():
            return notice_text(language, payload.code, payload.params, payload.text)
        case HandStarted():
            return hand_started_text(payload, language)
        case Posted():
            return posted_text(payload, language)
        case Acted():
            return acted_text(payload, language)
        case Returned():
            return language.text("event", "{amount} uncalled returns to {name}").format(
                amount=language.number(payload.amount), name=player_name(language, payload.name)
            )
        case BoardDealt():
            return in_run(language, payload.run, board_text(payload, language))
        case AllInEquity():
            return in_run(language, payload.run, equity_text(payload, language))
        case Shown():
            return shown_text(payload, language)
        case HandNamed():
            return in_run(language, payload.run, hand_named_text(payload, language))
        case Mucked():
            name = player_name(language, payload.name)
            return language.text("event", "{name} mucks").format(name=name)
        case PotWon():
            return in_run(language, payload.run, pot_won_text(payload, language))
        case BountyWon():
            return language.text(
                "event", "{name} won with seven-deuce and collects the 7-2 bounty: {amount}"
            ).format(
                name=player_name(language, payload.name), amount=language.number(payload.amount)
            )
        case HandOver():
            return hand_over_text(payload, language)
        case ButtonDraw():
            return button_draw_text(payload, language)
        case RabbitHunted():
            return rabbit_text(payload, language)
        case ShownAfter():
            name = player_name(language, payload.name)
            cards = cards_text(payload.cards)
            return language.text("event", "{name} shows {cards}").format(name=name, cards=cards)
    return None
