"""The adapter's own words: the command menus, button labels and the few replies Telegram
needs around the dealer's messages, in English, Russian and Bulgarian.

Everything the dealer says (the table, events, refusals) comes from `chatdealer.render`.
"""

from __future__ import annotations

LANGUAGES = ("en", "ru", "bg")

COMMANDS: tuple[tuple[str, dict[str, str]], ...] = (
    (
        "poker",
        {
            "en": "Open a table here, or help",
            "ru": "Открыть стол или помощь",
            "bg": "Отвори маса или помощ",
        },
    ),
    ("join", {"en": "Sit down at the table", "ru": "Сесть за стол", "bg": "Седни на масата"}),
    (
        "leave",
        {"en": "Cash out and leave", "ru": "Забрать фишки и уйти", "bg": "Вземи чиповете и стани"},
    ),
    (
        "start_game",
        {"en": "Deal the first hand", "ru": "Раздать первую руку", "bg": "Раздай първата ръка"},
    ),
    (
        "cards",
        {"en": "Your cards, privately", "ru": "Ваши карты, лично", "bg": "Твоите карти, лично"},
    ),
    (
        "table",
        {"en": "Post the table again", "ru": "Показать стол заново", "bg": "Покажи масата отново"},
    ),
    (
        "history",
        {"en": "A finished hand's history", "ru": "История раздачи", "bg": "История на ръка"},
    ),
    ("balance", {"en": "Your bank balance", "ru": "Ваш баланс", "bg": "Твоят баланс"}),
    ("daily", {"en": "Claim your daily chips", "ru": "Ежедневные фишки", "bg": "Дневните чипове"}),
    ("top", {"en": "The biggest winners", "ru": "Лучшие игроки", "bg": "Най-добрите играчи"}),
    ("ledger", {"en": "Tonight's ledger", "ru": "Итоги вечера", "bg": "Сметките за вечерта"}),
    (
        "settings",
        {
            "en": "Table settings (host, admins)",
            "ru": "Настройки стола",
            "bg": "Настройки на масата",
        },
    ),
    ("addbot", {"en": "Seat a bot player", "ru": "Посадить бота", "bg": "Сложи бот"}),
    ("sitout", {"en": "Sit out", "ru": "Пропускать раздачи", "bg": "Пропусни ръцете"}),
    ("back", {"en": "Come back", "ru": "Вернуться в игру", "bg": "Върни се в играта"}),
    ("topup", {"en": "Add chips: /topup 200", "ru": "Докупить фишки", "bg": "Добави чипове"}),
    ("straddle", {"en": "Straddle next hand", "ru": "Стрэддл", "bg": "Страдъл"}),
    (
        "kick",
        {
            "en": "Send a player away (reply to them; host, admins)",
            "ru": "Убрать игрока (ответом; хозяин, админы)",
            "bg": "Изпрати играч (с отговор; домакин, админи)",
        },
    ),
    (
        "stop",
        {
            "en": "Close the table (host, admins)",
            "ru": "Закрыть стол (хозяин, админы)",
            "bg": "Затвори масата (домакин, админи)",
        },
    ),
    ("help", {"en": "How to play", "ru": "Как играть", "bg": "Как се играе"}),
)

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
    },
}

HELP = {
    "en": """<b>Poker in this group</b>
/poker — open a table (settings as <code>name=value</code>: sb, bb, seats, min, max, ante, \
clock, bank, straddles, structure nl/pl/fl, variant holdem/short, lang en/ru/bg)
/join [chips] [seat] — sit down · /start_game — deal · /leave — cash out
Buttons on the table: Fold, Check/Call, raise sizes, All-in, 🂠 My cards (only you see them)
/cards — your cards privately · /table — the table again · /history [n] — a hand
/balance · /daily · /top · /ledger · /addbot [tight|balanced|loose] · /settings""",
    "ru": """<b>Покер в этой группе</b>
/poker — открыть стол (настройки <code>имя=значение</code>: sb, bb, seats, min, max, ante, \
clock, bank, straddles, structure nl/pl/fl, variant holdem/short, lang en/ru/bg)
/join [фишки] [место] — сесть · /start_game — раздать · /leave — уйти
Кнопки у стола: Пас, Чек/Колл, размеры рейза, Олл-ин, 🂠 Мои карты (видите только вы)
/cards — карты лично · /table — стол заново · /history [n] — раздача
/balance · /daily · /top · /ledger · /addbot [tight|balanced|loose] · /settings""",
    "bg": """<b>Покер в тази група</b>
/poker — отвори маса (настройки <code>име=стойност</code>: sb, bb, seats, min, max, ante, \
clock, bank, straddles, structure nl/pl/fl, variant holdem/short, lang en/ru/bg)
/join [чипове] [място] — седни · /start_game — раздай · /leave — стани
Бутони на масата: Пас, Чек/Плати, рейз, Ол-ин, 🂠 Моите карти (виждаш ги само ти)
/cards — картите лично · /table — масата отново · /history [n] — ръка
/balance · /daily · /top · /ledger · /addbot [tight|balanced|loose] · /settings""",
}


def ui(language: str, key: str, **params: object) -> str:
    """A label in the table's language (English when the language has none)."""
    text = UI.get(language, UI["en"]).get(key) or UI["en"][key]
    return text.format(**params) if params else text


def help_text(language: str) -> str:
    return HELP.get(language, HELP["en"])


def pick_language(code: str | None) -> str:
    """The table language for a Telegram user's `language_code` ("ru", "bg-BG", ...)."""
    short = (code or "").split("-")[0].lower()
    return short if short in LANGUAGES else "en"


KICK_HELP = {
    "en": "Reply to a message of the player you want to send away with /kick.",
    "ru": "Ответьте командой /kick на сообщение игрока, которого нужно убрать.",
    "bg": "Отговори с /kick на съобщение на играча, когото искаш да изпратиш.",
}


def kick_help(code: str) -> str:
    return KICK_HELP.get(code, KICK_HELP["en"])
