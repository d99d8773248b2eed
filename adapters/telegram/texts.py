"""The adapter's own words: button labels and the few replies Telegram needs around the
dealer's messages, in English, Russian and Bulgarian (the commands, their help and their
argument errors are the catalog's).

Everything the dealer says (the table, events, refusals) comes from `chatdealer.render`.
"""

from __future__ import annotations

LANGUAGES = ("en", "ru", "bg")

UI: dict[str, dict[str, str]] = {
    "en": {
        "fold": "Fold",
        "check": "Check",
        "call": "Call {amount}",
        "allin": "All-in {amount}",
        "raise_min": "Min {amount}",
        "raise_half_pot": "½ pot {amount}",
        "raise_pot": "Pot {amount}",
        "raise_max": "Raise {amount}",
        "bet_min": "Bet {amount}",
        "bet_half_pot": "½ pot {amount}",
        "bet_pot": "Pot {amount}",
        "bet_max": "Bet {amount}",
        "cards": "🂠 My cards",
        "stale": "That button is out of date",
        "private_link": "Tap to get your cards by private message at every deal",
        "open_private": "🔒 Cards by private message",
        "no_private": "I can't message you privately yet: press 🂠 My cards on the table, "
        "or start a chat with me",
        "sent_private": "Sent to you privately",
        "started": "Done: I will send your cards here at every deal. Your cards never go to "
        "the group.",
        "groups_only": "Poker tables live in groups: add me to one and type /poker",
        "your_cards_at": "Your cards · {table}",
        "admins_only": "Only the host or the group's admins may change the settings",
        "bad_setting": "I don't understand {what}. Settings: {names}",
        "done": "Done",
        "post_as_yourself": "Post as yourself to play: a message sent as the group or as a channel "
        "cannot take a seat",
    },
    "ru": {
        "fold": "Пас",
        "check": "Чек",
        "call": "Колл {amount}",
        "allin": "Олл-ин {amount}",
        "raise_min": "Мин {amount}",
        "raise_half_pot": "½ банка {amount}",
        "raise_pot": "Банк {amount}",
        "raise_max": "Рейз {amount}",
        "bet_min": "Бет {amount}",
        "bet_half_pot": "½ банка {amount}",
        "bet_pot": "Банк {amount}",
        "bet_max": "Бет {amount}",
        "cards": "🂠 Мои карты",
        "stale": "Эта кнопка устарела",
        "private_link": "Нажмите, чтобы получать карты в личные сообщения",
        "open_private": "🔒 Карты в личку",
        "no_private": "Я пока не могу написать вам лично: нажмите 🂠 Мои карты у стола "
        "или начните чат со мной",
        "sent_private": "Отправлено вам лично",
        "started": "Готово: карты будут приходить сюда при каждой раздаче. В группу ваши "
        "карты не попадают.",
        "groups_only": "Столы бывают в группах: добавьте меня в группу и напишите /poker",
        "your_cards_at": "Ваши карты · {table}",
        "admins_only": "Настройки меняют только хозяин стола и админы группы",
        "bad_setting": "Не понимаю {what}. Настройки: {names}",
        "done": "Готово",
        "post_as_yourself": "Чтобы играть, пишите от своего имени: от имени группы или канала "
        "за стол не сесть",
    },
    "bg": {
        "fold": "Пас",
        "check": "Чек",
        "call": "Плати {amount}",
        "allin": "Ол-ин {amount}",
        "raise_min": "Мин {amount}",
        "raise_half_pot": "½ пот {amount}",
        "raise_pot": "Пот {amount}",
        "raise_max": "Рейз {amount}",
        "bet_min": "Залог {amount}",
        "bet_half_pot": "½ пот {amount}",
        "bet_pot": "Пот {amount}",
        "bet_max": "Залог {amount}",
        "cards": "🂠 Моите карти",
        "stale": "Този бутон е остарял",
        "private_link": "Натисни, за да получаваш картите си лично при всяко раздаване",
        "open_private": "🔒 Карти лично",
        "no_private": "Още не мога да ти пиша лично: натисни 🂠 Моите карти на масата "
        "или започни чат с мен",
        "sent_private": "Изпратено ти лично",
        "started": "Готово: ще ти пращам картите тук при всяко раздаване. В групата картите "
        "ти не отиват.",
        "groups_only": "Покер масите са в групи: добави ме в група и напиши /poker",
        "your_cards_at": "Твоите карти · {table}",
        "admins_only": "Настройките се менят само от домакина и админите на групата",
        "bad_setting": "Не разбирам {what}. Настройки: {names}",
        "done": "Готово",
        "post_as_yourself": "За да играеш, пиши от свое име: съобщение от името на групата или "
        "на канал не сяда на масата",
    },
}


def ui(language: str, key: str, **params: object) -> str:
    """A label in the table's language (English when the language has none)."""
    text = UI.get(language, UI["en"]).get(key) or UI["en"][key]
    return text.format(**params) if params else text


def pick_language(code: str | None) -> str:
    """The table language for a Telegram user's `language_code` ("ru", "bg-BG", ...)."""
    short = (code or "").split("-")[0].lower()
    return short if short in LANGUAGES else "en"
