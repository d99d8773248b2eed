"""The adapter's own words: slash command descriptions (through discord.py's `Translator`) and
the labels of buttons and the raise form, in the table's language.

Everything the dealer says (the table, events, refusals) comes from `chatdealer.render`; only
what Discord itself shows around it lives here.
"""

from __future__ import annotations

from discord import Locale, app_commands

DESCRIPTIONS: dict[str, dict[str, str]] = {
    "Play poker at this channel's table": {
        "ru": "Покер за столом этого канала",
        "bg": "Покер на масата в този канал",
    },
    "Open a cash table in this channel": {
        "ru": "Открыть стол на фишки в этом канале",
        "bg": "Отвори маса с чипове в този канал",
    },
    "Sit down at the table": {"ru": "Сесть за стол", "bg": "Седни на масата"},
    "Cash out and leave the table": {
        "ru": "Забрать фишки и встать из-за стола",
        "bg": "Вземи чиповете си и стани от масата",
    },
    "Sit out from the next hand": {
        "ru": "Пропускать раздачи со следующей",
        "bg": "Пропускай ръце от следващата",
    },
    "Come back after sitting out": {
        "ru": "Вернуться в игру",
        "bg": "Върни се в играта",
    },
    "Add chips from the bank to your stack": {
        "ru": "Докупить фишки из банка",
        "bg": "Добави чипове от банката",
    },
    "Deal the first hand": {"ru": "Раздать первую руку", "bg": "Раздай първата ръка"},
    "Show your hole cards (only you see them)": {
        "ru": "Показать ваши карты (видите только вы)",
        "bg": "Покажи картите ти (виждаш ги само ти)",
    },
    "Post the table again at the bottom of the channel": {
        "ru": "Показать стол заново внизу канала",
        "bg": "Покажи масата отново най-долу в канала",
    },
    "A finished hand's history": {
        "ru": "История сыгранной раздачи",
        "bg": "История на изиграна ръка",
    },
    "Your bank balance and stats": {
        "ru": "Ваш баланс и статистика",
        "bg": "Твоят баланс и статистика",
    },
    "Claim your daily chips": {"ru": "Получить ежедневные фишки", "bg": "Вземи дневните чипове"},
    "The community's biggest winners": {
        "ru": "Крупнейшие победители сообщества",
        "bg": "Най-големите победители в общността",
    },
    "Tonight's ledger and your bank movements": {
        "ru": "Итоги вечера и движения по вашему банку",
        "bg": "Сметките за вечерта и движенията в банката ти",
    },
    "Change the table's settings (host or channel managers)": {
        "ru": "Изменить настройки стола (хозяин или модераторы канала)",
        "bg": "Промени настройките на масата (домакин или модератори)",
    },
    "Sit-and-go tournaments: open, register, unregister, rebuy": {
        "ru": "Турниры: открыть, записаться, выписаться, докупиться",
        "bg": "Турнири: отвори, запиши се, отпиши се, рибай",
    },
    "Send a player away with their chips (host or channel managers)": {
        "ru": "Отправить игрока из-за стола с его фишками (хозяин или модераторы)",
        "bg": "Изпрати играч от масата с чиповете му (домакин или модератори)",
    },
    "The player to send away": {"ru": "Кого отправить", "bg": "Кого да изпратиш"},
    "Close the table: everyone leaves with their chips (host or managers)": {
        "ru": "Закрыть стол: все уходят со своими фишками (хозяин или модераторы)",
        "bg": "Затвори масата: всички си тръгват с чиповете (домакин или модератори)",
    },
    "Seat a bot player": {"ru": "Посадить бота", "bg": "Сложи бот на масата"},
    "Straddle next hand": {"ru": "Стрэддл в следующей раздаче", "bg": "Страдъл следващата ръка"},
    "How to play with the dealer": {"ru": "Как играть с дилером", "bg": "Как се играе с дилъра"},
    "Hold'em or short deck": {"ru": "Холдем или короткая колода", "bg": "Холдем или къс тесте"},
    "No-limit, pot-limit or fixed-limit": {
        "ru": "Безлимит, пот-лимит или фикс-лимит",
        "bg": "Без лимит, пот лимит или фиксиран лимит",
    },
    "Small blind": {"ru": "Малый блайнд", "bg": "Малък блайнд"},
    "Big blind (the small bet in fixed-limit)": {
        "ru": "Большой блайнд (малая ставка в фикс-лимите)",
        "bg": "Голям блайнд (малкият залог при фиксиран лимит)",
    },
    "Seats at the table": {"ru": "Мест за столом", "bg": "Места на масата"},
    "Smallest buy-in, in big blinds": {
        "ru": "Минимальный бай-ин в больших блайндах",
        "bg": "Най-малък бай-ин в големи блайндове",
    },
    "Largest buy-in, in big blinds": {
        "ru": "Максимальный бай-ин в больших блайндах",
        "bg": "Най-голям бай-ин в големи блайндове",
    },
    "Ante (0 for none)": {"ru": "Анте (0 — без анте)", "bg": "Анте (0 — без анте)"},
    "Allow straddles": {"ru": "Разрешить стрэддл", "bg": "Разреши страдъл"},
    "Seconds to act": {"ru": "Секунд на ход", "bg": "Секунди за ход"},
    "Extra seconds once the clock runs out": {
        "ru": "Запас времени после основного",
        "bg": "Допълнителни секунди след часовника",
    },
    "The table's language": {"ru": "Язык стола", "bg": "Езикът на масата"},
    "Chips to bring (default: the table maximum)": {
        "ru": "Сколько фишек взять (по умолчанию максимум)",
        "bg": "Колко чипа да донесеш (по подразбиране максимума)",
    },
    "Seat number": {"ru": "Номер места", "bg": "Номер на място"},
    "Wait for the big blind before playing": {
        "ru": "Ждать большого блайнда",
        "bg": "Изчакай големия блайнд",
    },
    "Chips to add": {"ru": "Сколько фишек добавить", "bg": "Колко чипа да добавиш"},
    "Hand number (default: the last one)": {
        "ru": "Номер раздачи (по умолчанию последняя)",
        "bg": "Номер на ръката (по подразбиране последната)",
    },
    "How many players to show": {"ru": "Сколько игроков показать", "bg": "Колко играчи да покаже"},
    "What to do": {"ru": "Что сделать", "bg": "Какво да направиш"},
    "Tournament buy-in": {"ru": "Бай-ин турнира", "bg": "Бай-ин на турнира"},
    "Chips each player starts with": {
        "ru": "Стартовый стек",
        "bg": "Начален стек",
    },
    "How the bot plays": {"ru": "Как играет бот", "bg": "Как играе ботът"},
}

UI: dict[str, dict[str, str]] = {
    "en": {
        "fold": "Fold",
        "check": "Check",
        "call": "Call {amount}",
        "bet": "Bet",
        "raise": "Raise",
        "allin": "All-in {amount}",
        "cards": "My cards",
        "raise_title": "Raise to",
        "amount": "Amount ({low} to {high})",
        "quick": "Or a quick size",
        "min": "Minimum {amount}",
        "half_pot": "½ pot {amount}",
        "pot": "Pot {amount}",
        "dm_closed": "I can't send you direct messages: press **My cards** on the table "
        "to see your cards here, only you will see them.",
        "dm_title": "Your cards at {channel}",
        "bad_amount": "Type an amount in chips, or pick a quick size",
        "done": "Done",
        "no_guild": "Poker tables live in server channels and threads",
    },
    "ru": {
        "fold": "Пас",
        "check": "Чек",
        "call": "Колл {amount}",
        "bet": "Бет",
        "raise": "Рейз",
        "allin": "Олл-ин {amount}",
        "cards": "Мои карты",
        "raise_title": "Рейз до",
        "amount": "Сумма (от {low} до {high})",
        "quick": "Или быстрый размер",
        "min": "Минимум {amount}",
        "half_pot": "½ банка {amount}",
        "pot": "Банк {amount}",
        "dm_closed": "Не получается написать вам в личные сообщения: нажмите **Мои карты** "
        "у стола, и карты увидите только вы.",
        "dm_title": "Ваши карты в {channel}",
        "bad_amount": "Введите сумму в фишках или выберите быстрый размер",
        "done": "Готово",
        "no_guild": "Столы для покера бывают только в каналах и ветках сервера",
    },
    "bg": {
        "fold": "Пас",
        "check": "Чек",
        "call": "Плати {amount}",
        "bet": "Залог",
        "raise": "Рейз",
        "allin": "Ол-ин {amount}",
        "cards": "Моите карти",
        "raise_title": "Рейз до",
        "amount": "Сума (от {low} до {high})",
        "quick": "Или бърз размер",
        "min": "Минимум {amount}",
        "half_pot": "½ пот {amount}",
        "pot": "Пот {amount}",
        "dm_closed": "Не мога да ти пиша лично: натисни **Моите карти** на масата "
        "и само ти ще видиш картите си.",
        "dm_title": "Твоите карти в {channel}",
        "bad_amount": "Напиши сума в чипове или избери бърз размер",
        "done": "Готово",
        "no_guild": "Покер масите са в каналите и нишките на сървъри",
    },
}

LOCALES = {Locale.russian: "ru", Locale.bulgarian: "bg"}


def ui(language: str, key: str, **params: object) -> str:
    """A label in the table's language (English when the language has none)."""
    text = UI.get(language, UI["en"]).get(key) or UI["en"][key]
    return text.format(**params) if params else text


class DealerTranslator(app_commands.Translator):
    """Command and option descriptions in Russian and Bulgarian; names stay English."""

    async def translate(
        self,
        string: app_commands.locale_str,
        locale: Locale,
        context: app_commands.TranslationContextTypes,
    ) -> str | None:
        code = LOCALES.get(locale)
        if code is None:
            return None
        return DESCRIPTIONS.get(string.message, {}).get(code)
