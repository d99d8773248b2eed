"""A small fake Telegram Bot API on 127.0.0.1: enough for the real python-telegram-bot.

PTB calls ``<base_url><token>/<method>`` with form fields whose values are JSON-encoded (or
multipart, with files). The fake records every call, keeps the messages of each chat (so an edit
that changes nothing is answered "message is not modified", as Telegram does), serves queued
updates to getUpdates (long polling) or posts them to the webhook set with setWebhook, with its
secret header. Private messages reach only users who started the bot (403 otherwise), and the
next calls of a method can be made to fail with 429 and a `retry_after`.
"""

from __future__ import annotations

import asyncio
import hashlib
import itertools
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeVar

import aiohttp
from aiohttp import web

BOT_ID = 7_000_000_001
BOT_USERNAME = "DealerBot"
BOT = {"id": BOT_ID, "is_bot": True, "first_name": "Dealer", "username": BOT_USERNAME}
GROUP_ID = -1_001_234_567_890
GROUP = {"id": GROUP_ID, "type": "supergroup", "title": "Poker night"}
JSON_FIELDS = frozenset(
    {
        "chat_id",
        "message_id",
        "message_thread_id",
        "reply_markup",
        "show_alert",
        "media",
        "commands",
        "scope",
        "offset",
        "limit",
        "timeout",
        "allowed_updates",
        "user_id",
        "cache_time",
        "disable_notification",
        "reply_parameters",
        "link_preview_options",
        "drop_pending_updates",
        "max_connections",
    }
)
EDITS = ("editMessageText", "editMessageCaption", "editMessageMedia", "editMessageReplyMarkup")
T = TypeVar("T")


@dataclass(frozen=True)
class FakeUser:
    id: int
    first_name: str
    language_code: str = "en"

    def payload(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "is_bot": False,
            "first_name": self.first_name,
            "username": self.first_name.lower(),
            "language_code": self.language_code,
        }


ANONYMOUS = {
    "id": 1087968824,
    "is_bot": True,
    "first_name": "Group",
    "username": "GroupAnonymousBot",
}
CHANNEL_BOT = {"id": 136817688, "is_bot": True, "first_name": "Channel", "username": "Channel_Bot"}
"""The placeholder users Telegram sends anonymous admins' and channels' messages from."""
CHANNEL = {"id": -1_009_876_543_210, "type": "channel", "title": "Poker news"}
ANN = FakeUser(101, "Ann")
BOB = FakeUser(102, "Bob")
CID = FakeUser(103, "Cid")
USERS = {user.id: user for user in (ANN, BOB, CID)}


@dataclass
class Call:
    method: str
    params: dict[str, Any]
    files: dict[str, bytes]
    status: int = 200


@dataclass
class Sent:
    """A message the bot sent, as it stands now."""

    chat_id: int
    message_id: int
    text: str | None = None
    caption: str | None = None
    photo: bytes | None = None
    document: str | None = None
    markup: dict[str, Any] | None = None
    thread: int | None = None
    deleted: bool = False
    history: list[str] = field(default_factory=list)

    @property
    def content(self) -> str:
        return self.text if self.text is not None else (self.caption or "")

    def buttons(self) -> list[dict[str, Any]]:
        if not self.markup:
            return []
        return [button for row in self.markup.get("inline_keyboard", []) for button in row]

    def callback_data(self) -> list[str]:
        """The data of its callback buttons; a link button (the last hand's Replay, with the
        web pages on) may sit in the same keyboard and carries none."""
        return [button["callback_data"] for button in self.buttons() if "callback_data" in button]

    def payload(self) -> dict[str, Any]:
        chat = GROUP if self.chat_id == GROUP_ID else _private_chat(self.chat_id)
        message: dict[str, Any] = {
            "message_id": self.message_id,
            "date": int(time.time()),
            "chat": chat,
            "from": BOT,
        }
        if self.photo is not None:
            digest = hashlib.sha1(self.photo).hexdigest()[:16]
            message["photo"] = [
                {"file_id": f"p{digest}", "file_unique_id": digest, "width": 640, "height": 320}
            ]
            if self.caption:
                message["caption"] = self.caption
        elif self.document is not None:
            message["document"] = {
                "file_id": "d1",
                "file_unique_id": "d1",
                "file_name": self.document,
            }
            if self.caption:
                message["caption"] = self.caption
        else:
            message["text"] = self.text or ""
        if self.markup:
            message["reply_markup"] = self.markup
        if self.thread:
            message["message_thread_id"] = self.thread
            message["is_topic_message"] = True
            message["chat"] = {**chat, "is_forum": True}
        return message


def _private_chat(user_id: int) -> dict[str, Any]:
    user = USERS.get(user_id)
    return {"id": user_id, "type": "private", "first_name": user.first_name if user else "x"}


class ApiError(Exception):
    def __init__(self, status: int, description: str, retry_after: int | None = None) -> None:
        super().__init__(description)
        self.status = status
        self.description = description
        self.retry_after = retry_after


class FakeBotApi:
    def __init__(self, token: str = "123:fake") -> None:
        self.token = token
        self.calls: list[Call] = []
        self.messages: dict[tuple[int, int], Sent] = {}
        self.started: set[int] = set()
        """Users who opened a private chat with the bot."""
        self.admins: set[int] = set()
        self.commands: dict[str | None, list[dict[str, Any]]] = {}
        self.webhook: tuple[str, str | None] | None = None
        self.failures: list[tuple[tuple[str, ...], int, int]] = []
        self.queries_sent: set[str] = set()
        self.answers: dict[str, dict[str, Any]] = {}
        self._updates: list[dict[str, Any]] = []
        self._update_ids = itertools.count(1)
        self._message_ids = itertools.count(1000)
        self._incoming_ids = itertools.count(1)
        self._query_ids = itertools.count(1)
        self._arrived = asyncio.Event()
        self._runner: web.AppRunner | None = None
        self._session: aiohttp.ClientSession | None = None
        self.port = 0

    # -- running -----------------------------------------------------------------------------

    async def start(self) -> None:
        app = web.Application()
        app.router.add_route("*", "/bot{token}/{method}", self._handle)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = int(self._runner.addresses[0][1])
        self._session = aiohttp.ClientSession()

    async def stop(self) -> None:
        self._arrived.set()
        if self._session is not None:
            await self._session.close()
        if self._runner is not None:
            await self._runner.cleanup()

    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/bot"

    # -- what a test does --------------------------------------------------------------------

    def fail_next(self, methods: tuple[str, ...], status: int = 429, retry_after: int = 1) -> None:
        self.failures.append((methods, status, retry_after))

    def command(
        self,
        user: FakeUser,
        text: str,
        chat_id: int = GROUP_ID,
        reply_to: FakeUser | None = None,
        *,
        as_chat: dict[str, Any] | None = None,
        topic: int | None = None,
    ) -> dict[str, Any]:
        """A command as `user` sends it; `reply_to` makes it a reply to a message of theirs;
        `as_chat` sends it as that chat (the group: an anonymous admin; a channel), as Telegram
        does: from its placeholder user, with `sender_chat`; `topic`: in that forum topic."""
        word = text.split()[0]
        chat = GROUP if chat_id == GROUP_ID else _private_chat(chat_id)
        message: dict[str, Any] = {
            "message_id": next(self._incoming_ids),
            "date": int(time.time()),
            "chat": chat,
            "from": user.payload(),
            "text": text,
            "entities": [{"type": "bot_command", "offset": 0, "length": len(word)}],
        }
        if as_chat is not None:
            message["sender_chat"] = as_chat
            message["from"] = ANONYMOUS if as_chat["id"] == chat["id"] else CHANNEL_BOT
        if topic is not None:
            message["message_thread_id"] = topic
            message["is_topic_message"] = True
            message["chat"] = {**chat, "is_forum": True}
        if reply_to is not None:
            message["reply_to_message"] = {
                "message_id": next(self._incoming_ids),
                "date": int(time.time()),
                "chat": chat,
                "from": reply_to.payload(),
                "text": "gg",
            }
        return {"message": message}

    def press(self, user: FakeUser, message: Sent | None, data: str) -> dict[str, Any]:
        """A button press on `message`; None: a query with no message (an inline message's)."""
        query_id = f"q{next(self._query_ids)}"
        self.queries_sent.add(query_id)
        query: dict[str, Any] = {
            "id": query_id,
            "from": user.payload(),
            "chat_instance": "ci-1",
            "data": data,
        }
        if message is not None:
            query["message"] = message.payload()
        else:
            query["inline_message_id"] = "inline-1"
        return {"callback_query": query}

    async def push(self, update: dict[str, Any]) -> int:
        """Queues an update for getUpdates, or posts it to the webhook (returns the status)."""
        update = {"update_id": next(self._update_ids), **update}
        if self.webhook is None:
            self._updates.append(update)
            self._arrived.set()
            return 200
        _url, secret = self.webhook
        return await self.post_webhook(update, secret)

    async def post_webhook(self, update: dict[str, Any], secret: str | None) -> int:
        assert self.webhook is not None and self._session is not None
        headers = {"Content-Type": "application/json"}
        if secret is not None:
            headers["X-Telegram-Bot-Api-Secret-Token"] = secret
        async with self._session.post(
            self.webhook[0], data=json.dumps(update), headers=headers
        ) as r:
            return r.status

    async def wait_for(self, probe: Callable[[], T | None], what: str, timeout: float = 30.0) -> T:
        deadline = time.monotonic() + timeout
        while True:
            found = probe()
            if found:
                return found
            if time.monotonic() > deadline:
                raise AssertionError(f"timed out waiting for {what}")
            await asyncio.sleep(0.02)

    def chat_messages(self, chat_id: int) -> list[Sent]:
        return [m for (chat, _), m in sorted(self.messages.items()) if chat == chat_id]

    def table_message(self, topic: int | None = None) -> Sent | None:
        """The group's (or a topic's) live table message: the newest one with callback
        buttons."""
        for message in reversed(self.chat_messages(GROUP_ID)):
            if message.thread != topic or message.deleted:
                continue
            if any("callback_data" in b for b in message.buttons()):
                return message
        return None

    def group_texts(self) -> list[str]:
        """Everything the group was ever shown: each text and caption, every version."""
        texts = []
        for message in self.chat_messages(GROUP_ID):
            texts += message.history
        return texts

    def calls_to(self, method: str, chat_id: int | None = None) -> list[Call]:
        return [
            call
            for call in self.calls
            if call.method == method and (chat_id is None or call.params.get("chat_id") == chat_id)
        ]

    # -- the API -----------------------------------------------------------------------------

    async def _handle(self, request: web.Request) -> web.Response:
        if request.match_info["token"] != self.token:
            return web.json_response(
                {"ok": False, "error_code": 401, "description": "Unauthorized"}, status=401
            )
        method = request.match_info["method"]
        params: dict[str, Any] = {}
        files: dict[str, bytes] = {}
        form = await request.post()
        for key, value in form.items():
            if isinstance(value, web.FileField):
                files[key] = value.file.read()
            elif key in JSON_FIELDS:
                params[key] = json.loads(value)
            else:
                params[key] = value
        call = Call(method, params, files)
        self.calls.append(call)
        try:
            self._maybe_fail(method)
            handler = getattr(self, f"api_{method}", None)
            if handler is None:
                raise ApiError(404, "Not Found: method not found")
            result = handler(params, files)
            if asyncio.iscoroutine(result):
                result = await result
        except ApiError as problem:
            call.status = problem.status
            body: dict[str, Any] = {
                "ok": False,
                "error_code": problem.status,
                "description": problem.description,
            }
            if problem.retry_after is not None:
                body["parameters"] = {"retry_after": problem.retry_after}
            return web.json_response(body, status=problem.status)
        return web.json_response({"ok": True, "result": result})

    def _maybe_fail(self, method: str) -> None:
        for index, (methods, status, retry_after) in enumerate(self.failures):
            if method in methods:
                del self.failures[index]
                if status == 429:
                    raise ApiError(
                        429, f"Too Many Requests: retry after {retry_after}", retry_after
                    )
                raise ApiError(status, "Forbidden: bot was blocked by the user")

    def api_getMe(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        return {
            **BOT,
            "can_join_groups": True,
            "can_read_all_group_messages": False,
            "supports_inline_queries": False,
        }

    async def api_getUpdates(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        offset = int(params.get("offset") or 0)
        timeout = float(params.get("timeout") or 0)
        self._updates = [u for u in self._updates if u["update_id"] >= offset]
        deadline = time.monotonic() + timeout
        while not self._updates and time.monotonic() < deadline:
            self._arrived.clear()
            try:
                await asyncio.wait_for(self._arrived.wait(), deadline - time.monotonic())
            except TimeoutError:
                break
        return list(self._updates[: int(params.get("limit") or 100)])

    def api_setWebhook(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        self.webhook = (params["url"], params.get("secret_token"))
        return True

    def api_deleteWebhook(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        self.webhook = None
        return True

    def api_setMyCommands(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        self.commands[params.get("language_code")] = params["commands"]
        return True

    def api_getChatMember(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        user = USERS.get(int(params["user_id"]))
        payload = (
            user.payload()
            if user
            else {"id": params["user_id"], "is_bot": False, "first_name": "x"}
        )
        if int(params["user_id"]) in self.admins:
            return {"status": "creator", "user": payload, "is_anonymous": False}
        return {"status": "member", "user": payload}

    def _chat(self, params: dict[str, Any]) -> int:
        chat_id = int(params["chat_id"])
        if chat_id > 0 and chat_id not in self.started:
            raise ApiError(403, "Forbidden: bot can't initiate conversation with a user")
        if chat_id < 0 and chat_id != GROUP_ID:
            raise ApiError(400, "Bad Request: chat not found")
        return chat_id

    def _new(self, chat_id: int, params: dict[str, Any], **fields: Any) -> Any:
        message = Sent(
            chat_id,
            next(self._message_ids),
            markup=params.get("reply_markup"),
            thread=params.get("message_thread_id"),
            **fields,
        )
        message.history.append(message.content)
        self.messages[(chat_id, message.message_id)] = message
        return message.payload()

    def api_sendMessage(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        return self._new(self._chat(params), params, text=params["text"])

    def api_sendPhoto(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        chat_id = self._chat(params)
        photo = next(iter(files.values()), b"") if files else str(params.get("photo")).encode()
        return self._new(chat_id, params, caption=params.get("caption"), photo=photo)

    def api_sendDocument(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        chat_id = self._chat(params)
        return self._new(chat_id, params, caption=params.get("caption"), document="file")

    def _existing(self, params: dict[str, Any]) -> Sent:
        message = self.messages.get((int(params["chat_id"]), int(params["message_id"])))
        if message is None or message.deleted:
            raise ApiError(400, "Bad Request: message to edit not found")
        return message

    def _unchanged(self, message: Sent, content: str | None, params: dict[str, Any]) -> None:
        if content == message.content and params.get("reply_markup") == message.markup:
            raise ApiError(
                400,
                "Bad Request: message is not modified: specified new message content and reply "
                "markup are exactly the same as a current content and reply markup of the message",
            )

    def api_editMessageText(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        message = self._existing(params)
        if message.photo is not None or message.document is not None:
            raise ApiError(400, "Bad Request: there is no text in the message to edit")
        self._unchanged(message, params["text"], params)
        message.text = params["text"]
        message.markup = params.get("reply_markup")
        message.history.append(message.content)
        return message.payload()

    def api_editMessageCaption(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        message = self._existing(params)
        if message.photo is None and message.document is None:
            raise ApiError(400, "Bad Request: there is no caption in the message to edit")
        self._unchanged(message, params.get("caption"), params)
        message.caption = params.get("caption")
        message.markup = params.get("reply_markup")
        message.history.append(message.content)
        return message.payload()

    def api_editMessageMedia(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        message = self._existing(params)
        media = params["media"]
        attached = str(media.get("media", ""))
        if attached.startswith("attach://"):
            photo = files[attached.removeprefix("attach://")]
        else:
            photo = attached.encode()
        message.text = None
        message.photo = photo
        message.caption = media.get("caption")
        message.markup = params.get("reply_markup")
        message.history.append(message.content)
        return message.payload()

    def api_editMessageReplyMarkup(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        message = self._existing(params)
        self._unchanged(message, message.content, params)
        message.markup = params.get("reply_markup")
        return message.payload()

    def api_deleteMessage(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        message = self._existing(params)
        message.deleted = True
        return True

    def api_answerCallbackQuery(self, params: dict[str, Any], files: dict[str, bytes]) -> Any:
        query_id = params["callback_query_id"]
        if query_id in self.answers:
            raise ApiError(400, "Bad Request: query is too old and response timeout expired")
        self.answers[query_id] = params
        return True
