"""A small fake Discord on 127.0.0.1: enough REST and gateway for the real discord.py client.

It records every channel message, edit, interaction response, follow-up and DM, and lets a
test inject INTERACTION_CREATE events (slash commands, button clicks, modal submits) as any
of its users. It can refuse one user's DMs (403, code 50007) and answer the next edits with
a 429 that discord.py must wait out.
"""

from __future__ import annotations

import asyncio
import dataclasses
import itertools
import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

APP_ID = 900_000_000_000_000_001
GUILD_ID = 900_000_000_000_000_002
CHANNEL_ID = 900_000_000_000_000_003
THREAD_ID = 900_000_000_000_000_004
BOT = {"id": str(APP_ID), "username": "dealer", "discriminator": "0", "avatar": None, "bot": True}
TIMESTAMP = "2024-01-01T00:00:00+00:00"

VIEW_CHANNEL, SEND_MESSAGES, MANAGE_CHANNELS = 1 << 10, 1 << 11, 1 << 4
USE_COMMANDS = 1 << 31
MEMBER = VIEW_CHANNEL | SEND_MESSAGES | USE_COMMANDS
MANAGER = MEMBER | MANAGE_CHANNELS
MANAGE_GUILD = 1 << 5
ADMIN = MANAGER | MANAGE_GUILD
EPHEMERAL = 64


@dataclass(frozen=True)
class FakeUser:
    id: int
    name: str

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "username": self.name.lower(),
            "global_name": self.name,
            "discriminator": "0",
            "avatar": None,
        }


ANN = FakeUser(100_000_000_000_000_001, "Ann")
BOB = FakeUser(100_000_000_000_000_002, "Bob")
CID = FakeUser(100_000_000_000_000_003, "Cid")
DAN = FakeUser(100_000_000_000_000_004, "Dan")
USERS = {user.id: user for user in (ANN, BOB, CID, DAN)}


@dataclass
class Message:
    id: int
    channel_id: int
    content: str
    components: list[dict[str, Any]]
    attachments: list[str]
    flags: int = 0
    edits: int = 0

    def payload(self) -> dict[str, Any]:
        return {
            "id": str(self.id),
            "channel_id": str(self.channel_id),
            "author": BOT,
            "content": self.content,
            "timestamp": TIMESTAMP,
            "edited_timestamp": TIMESTAMP if self.edits else None,
            "tts": False,
            "mention_everyone": False,
            "mentions": [],
            "mention_roles": [],
            "attachments": [
                {
                    "id": str(self.id + n),
                    "filename": name,
                    "size": 1,
                    "url": f"https://cdn.invalid/{name}",
                    "proxy_url": f"https://cdn.invalid/{name}",
                }
                for n, name in enumerate(self.attachments)
            ],
            "embeds": [],
            "pinned": False,
            "type": 0,
            "flags": self.flags,
            "components": self.components,
        }

    def snapshot(self) -> Message:
        """A copy as it is now (the log keeps what each post and edit showed)."""
        return dataclasses.replace(
            self, components=list(self.components), attachments=list(self.attachments)
        )

    def custom_ids(self) -> list[str]:
        ids = []
        for row in self.components:
            for item in row.get("components", []):
                if "custom_id" in item:
                    ids.append(item["custom_id"])
        return ids


@dataclass
class Reply:
    """An interaction's answer: the callback or a follow-up, by the interaction's token."""

    token: str
    kind: str  # "callback", "followup", "original"
    type: int | None
    content: str
    flags: int
    attachments: list[str]
    data: dict[str, Any] = field(default_factory=dict)

    @property
    def ephemeral(self) -> bool:
        return bool(self.flags & EPHEMERAL)


class FakeDiscord:
    def __init__(self) -> None:
        self._ids = itertools.count(800_000_000_000_000_000)
        self.messages: dict[int, Message] = {}
        self.channel_log: list[tuple[str, Message]] = []
        self.replies: list[Reply] = []
        self.dms: list[tuple[int, str, list[str]]] = []
        self.dm_attempts: dict[int, int] = {}
        self.blocked_dms: set[int] = set()
        self.rate_limit_edits = 0
        self.rate_limited = 0
        self.refuse_edits = False
        """While set, every message edit is refused (403), as to a worker that lost them."""
        self.commands: list[dict[str, Any]] = []
        self.unknown: list[str] = []
        self._dm_channels: dict[int, int] = {}
        self._sockets: list[web.WebSocketResponse] = []
        self._sequence = 0
        self._deferred_ephemeral: dict[str, bool] = {}
        self._runner: web.AppRunner | None = None
        self.port = 0

    # -- running -----------------------------------------------------------------------------

    @property
    def api(self) -> str:
        return f"http://127.0.0.1:{self.port}/api/v10"

    @property
    def gateway(self) -> str:
        return f"ws://127.0.0.1:{self.port}/gateway"

    async def start(self) -> None:
        app = web.Application()
        app.router.add_get("/gateway", self._gateway)
        app.router.add_route("*", "/api/v10/{path:.*}", self._rest)
        self._runner = web.AppRunner(app)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        server: Any = site._server
        self.port = server.sockets[0].getsockname()[1]

    async def stop(self) -> None:
        for socket in self._sockets:
            await socket.close()
        if self._runner is not None:
            await self._runner.cleanup()

    async def wait_for(
        self, condition: Callable[[], Any], timeout: float = 30.0, what: str = "condition"
    ) -> Any:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            result = condition()
            if result:
                return result
            await asyncio.sleep(0.02)
        raise AssertionError(f"timed out waiting for {what}")

    # -- the gateway -------------------------------------------------------------------------

    async def _gateway(self, request: web.Request) -> web.WebSocketResponse:
        socket = web.WebSocketResponse()
        await socket.prepare(request)
        self._sockets.append(socket)
        await socket.send_str(json.dumps({"op": 10, "d": {"heartbeat_interval": 45_000}}))
        async for frame in socket:
            data = json.loads(frame.data)
            if data["op"] == 1:
                await socket.send_str(json.dumps({"op": 11, "d": None}))
            elif data["op"] == 2:
                await self._dispatch(socket, "READY", self._ready())
                await self._dispatch(socket, "GUILD_CREATE", self._guild())
        if socket in self._sockets:
            self._sockets.remove(socket)
        return socket

    async def _dispatch(self, socket: web.WebSocketResponse, event: str, data: Any) -> None:
        self._sequence += 1
        frame = {"op": 0, "t": event, "s": self._sequence, "d": data}
        await socket.send_str(json.dumps(frame))

    def _ready(self) -> dict[str, Any]:
        return {
            "v": 10,
            "user": BOT,
            "guilds": [{"id": str(GUILD_ID), "unavailable": True}],
            "session_id": "fake-session",
            "resume_gateway_url": self.gateway,
            "shard": [0, 1],
            "application": {"id": str(APP_ID), "flags": 0},
        }

    def _guild(self) -> dict[str, Any]:
        return {
            "id": str(GUILD_ID),
            "name": "Poker night",
            "icon": None,
            "owner_id": str(ANN.id),
            "roles": [
                {
                    "id": str(GUILD_ID),
                    "name": "@everyone",
                    "permissions": str(MEMBER),
                    "position": 0,
                    "color": 0,
                    "hoist": False,
                    "managed": False,
                    "mentionable": False,
                }
            ],
            "emojis": [],
            "stickers": [],
            "features": [],
            "member_count": 4,
            "members": [],
            "channels": [self._channel(CHANNEL_ID)],
            "threads": [],
            "presences": [],
            "voice_states": [],
            "stage_instances": [],
            "guild_scheduled_events": [],
            "large": False,
            "unavailable": False,
            "joined_at": TIMESTAMP,
            "preferred_locale": "en-US",
            "verification_level": 0,
            "afk_timeout": 300,
        }

    def _channel(self, channel: int) -> dict[str, Any]:
        if channel == THREAD_ID:
            return {
                "id": str(THREAD_ID),
                "type": 11,
                "guild_id": str(GUILD_ID),
                "name": "late game",
                "parent_id": str(CHANNEL_ID),
                "owner_id": str(ANN.id),
                "position": 0,
                "permission_overwrites": [],
                "thread_metadata": {
                    "archived": False,
                    "auto_archive_duration": 1440,
                    "archive_timestamp": TIMESTAMP,
                    "locked": False,
                },
                "message_count": 0,
                "member_count": 3,
                "rate_limit_per_user": 0,
                "flags": 0,
            }
        return {
            "id": str(channel),
            "type": 0,
            "guild_id": str(GUILD_ID),
            "name": "poker",
            "position": 0,
            "permission_overwrites": [],
            "nsfw": False,
            "parent_id": None,
            "topic": None,
            "rate_limit_per_user": 0,
            "last_message_id": None,
            "flags": 0,
        }

    # -- injecting interactions --------------------------------------------------------------

    async def _inject(self, payload: dict[str, Any]) -> str:
        assert self._sockets, "the bot is not connected"
        await self._dispatch(self._sockets[-1], "INTERACTION_CREATE", payload)
        return str(payload["token"])

    def _interaction(
        self,
        user: FakeUser,
        kind: int,
        data: dict[str, Any],
        *,
        manager: bool = False,
        admin: bool = False,
        channel: int = CHANNEL_ID,
        message: Message | None = None,
        locale: str = "en-US",
    ) -> dict[str, Any]:
        number = next(self._ids)
        payload: dict[str, Any] = {
            "id": str(number),
            "application_id": str(APP_ID),
            "type": kind,
            "token": f"token-{number}",
            "version": 1,
            "guild_id": str(GUILD_ID),
            "channel_id": str(channel),
            "channel": self._channel(channel),
            "member": {
                "user": user.payload(),
                "roles": [],
                "joined_at": TIMESTAMP,
                "deaf": False,
                "mute": False,
                "flags": 0,
                "pending": False,
                "nick": None,
                "avatar": None,
                "permissions": str(ADMIN if admin else MANAGER if manager else MEMBER),
            },
            "app_permissions": str(MANAGER),
            "locale": locale,
            "guild_locale": "en-US",
            "data": data,
            "entitlements": [],
            "authorizing_integration_owners": {"0": str(GUILD_ID)},
            "context": 0,
            "attachment_size_limit": 10_485_760,
        }
        if message is not None:
            payload["message"] = message.payload()
        return payload

    async def slash(
        self,
        user: FakeUser,
        command: str,
        /,
        *,
        manager: bool = False,
        admin: bool = False,
        channel: int = CHANNEL_ID,
        root: str = "poker",
        **options: Any,
    ) -> str:
        """`/poker <command> option:value ...` as `user` (`command` may be a group's, like
        `tournament open`, under `/poker` or a top-level command of its own), or
        `/<root> <command>` (`root="host"`); an `admin` has Manage
        Server; returns the interaction's token."""
        kinds = {bool: 5, int: 4, str: 3, FakeUser: 6}
        given = [
            {
                "name": name,
                "type": kinds[type(value)],
                "value": str(value.id) if isinstance(value, FakeUser) else value,
            }
            for name, value in options.items()
        ]
        group, _, name = command.rpartition(" ")
        if group and root == "poker" and any(c["name"] == group for c in self.commands):
            root, group = group, ""  # `tournament open`: `/tournament open` of its own
        called: dict[str, Any] = {"name": name, "type": 1, "options": given}
        if group:  # `tournament open`: a subcommand of a subcommand group
            called = {"name": group, "type": 2, "options": [called]}
        published = next((c for c in self.commands if c["name"] == root), None)
        data: dict[str, Any] = {
            "id": published["id"] if published else str(APP_ID + 1),
            "name": root,
            "type": 1,
            "options": [called],
        }
        members = [value for value in options.values() if isinstance(value, FakeUser)]
        if members:  # a user option arrives with the user and member it names
            data["resolved"] = {
                "users": {str(m.id): m.payload() for m in members},
                "members": {
                    str(m.id): {
                        "roles": [],
                        "joined_at": TIMESTAMP,
                        "permissions": str(MEMBER),
                        "flags": 0,
                        "pending": False,
                        "nick": None,
                        "avatar": None,
                    }
                    for m in members
                },
            }
        payload = self._interaction(user, 2, data, manager=manager, admin=admin, channel=channel)
        return await self._inject(payload)

    async def click(self, user: FakeUser, message: Message, custom_id: str) -> str:
        data = {"custom_id": custom_id, "component_type": 2}
        payload = self._interaction(user, 3, data, channel=message.channel_id, message=message)
        return await self._inject(payload)

    async def submit(
        self, user: FakeUser, custom_id: str, values: dict[str, str], channel: int = CHANNEL_ID
    ) -> str:
        """A modal's text inputs, by custom id."""
        components = [
            {"type": 1, "components": [{"type": 4, "custom_id": key, "value": value}]}
            for key, value in values.items()
        ]
        data = {"custom_id": custom_id, "components": components}
        return await self._inject(self._interaction(user, 5, data, channel=channel))

    # -- what a test looks at ----------------------------------------------------------------

    def channel_messages(self, channel: int = CHANNEL_ID) -> list[Message]:
        return [m for m in self.messages.values() if m.channel_id == channel]

    def channel_texts(self) -> list[str]:
        """Everything the channel's members could ever read: every post and edit of a channel
        message and every non-ephemeral interaction answer."""
        texts = [message.content for _, message in self.channel_log]
        texts += [reply.content for reply in self.replies if not reply.ephemeral]
        return texts

    def command(self, name: str = "poker") -> dict[str, Any]:
        """The published top-level command called `name`."""
        (found,) = [command for command in self.commands if command["name"] == name]
        return found

    def replies_to(self, token: str) -> list[Reply]:
        return [reply for reply in self.replies if reply.token == token]

    def answered(self, token: str) -> list[Reply]:
        """The replies with something to read (not a bare defer)."""
        return [r for r in self.replies_to(token) if r.kind != "callback" or r.type in (4, 7, 9)]

    # -- REST --------------------------------------------------------------------------------

    async def _rest(self, request: web.Request) -> web.StreamResponse:
        path = request.match_info["path"]
        parts = path.split("/")
        method = request.method
        if method == "GET" and path == "users/@me":
            return _json(BOT)
        if method == "GET" and path == "oauth2/applications/@me":
            return _json(
                {
                    "id": str(APP_ID),
                    "name": "chatdealer",
                    "description": "",
                    "icon": None,
                    "bot_public": True,
                    "bot_require_code_grant": False,
                    "owner": ANN.payload(),
                    "verify_key": "0" * 64,
                    "flags": 0,
                }
            )
        if method == "GET" and parts[0] == "users" and len(parts) == 2:
            user = USERS.get(int(parts[1]))
            return _json(user.payload()) if user else _error(404, 10013, "Unknown User")
        if method == "GET" and path in ("gateway", "gateway/bot"):
            return _json(
                {
                    "url": self.gateway,
                    "shards": 1,
                    "session_start_limit": {
                        "total": 1000,
                        "remaining": 1000,
                        "reset_after": 0,
                        "max_concurrency": 1,
                    },
                }
            )
        if method == "PUT" and parts[:1] == ["applications"] and parts[-1] == "commands":
            body = await request.json()
            self.commands = [
                {**command, "id": str(APP_ID + 1 + n)} for n, command in enumerate(body)
            ]
            for command in self.commands:
                command.setdefault("application_id", str(APP_ID))
                command.setdefault("version", "1")
            return _json(self.commands)
        if method == "POST" and path == "users/@me/channels":
            body = await request.json()
            recipient = int(body["recipient_id"])
            channel = self._dm_channels.setdefault(recipient, next(self._ids))
            user = USERS[recipient]
            return _json({"id": str(channel), "type": 1, "recipients": [user.payload()]})
        if parts[0] == "channels":
            return await self._channel_route(request, parts)
        if parts[0] == "interactions" and parts[-1] == "callback":
            return await self._callback(request, parts[2])
        if parts[0] == "webhooks":
            return await self._webhook(request, parts)
        self.unknown.append(f"{method} {path}")
        return _error(404, 0, f"fake Discord has no {method} {path}")

    async def _channel_route(self, request: web.Request, parts: list[str]) -> web.Response:
        channel = int(parts[1])
        dm_of = {dm: user for user, dm in self._dm_channels.items()}
        method = request.method
        if method == "POST" and parts[2:] == ["messages"]:
            body, files = await _body(request)
            if channel in dm_of:
                user = dm_of[channel]
                self.dm_attempts[user] = self.dm_attempts.get(user, 0) + 1
                if user in self.blocked_dms:
                    return _error(403, 50007, "Cannot send messages to this user")
                self.dms.append((user, body.get("content") or "", files))
            message = Message(
                id=next(self._ids),
                channel_id=channel,
                content=body.get("content") or "",
                components=body.get("components") or [],
                attachments=files,
            )
            self.messages[message.id] = message
            if channel not in dm_of:
                self.channel_log.append(("send", message.snapshot()))
            return _json(message.payload())
        if len(parts) == 4 and parts[2] == "messages":
            message_id = int(parts[3])
            if message_id not in self.messages:
                return _error(404, 10008, "Unknown Message")
            message = self.messages[message_id]
            if method == "DELETE":
                del self.messages[message_id]
                self.channel_log.append(("delete", message.snapshot()))
                return web.Response(status=204)
            if method == "PATCH":
                if self.refuse_edits:
                    return _error(403, 50013, "Missing Permissions")
                if self.rate_limit_edits:
                    self.rate_limit_edits -= 1
                    self.rate_limited += 1
                    body = {
                        "message": "You are being rate limited.",
                        "retry_after": 0.2,
                        "global": False,
                    }
                    return _json(body, status=429, headers={"Via": "1.1 google"})
                body, files = await _body(request)
                if "content" in body:
                    message.content = body["content"] or ""
                if "components" in body:
                    message.components = body["components"] or []
                if "attachments" in body:
                    message.attachments = files
                message.edits += 1
                self.channel_log.append(("edit", message.snapshot()))
                return _json(message.payload())
        self.unknown.append(f"{method} channels/{'/'.join(parts[1:])}")
        return _error(404, 0, "unknown channel route")

    async def _callback(self, request: web.Request, token: str) -> web.Response:
        body, files = await _body(request)
        kind = body["type"]
        data = body.get("data") or {}
        flags = int(data.get("flags") or 0)
        if kind == 5:
            self._deferred_ephemeral[token] = bool(flags & EPHEMERAL)
        self.replies.append(
            Reply(token, "callback", kind, data.get("content") or "", flags, files, data)
        )
        interaction = {
            "id": str(next(self._ids)),
            "type": 2,
            "response_message_loading": kind == 5,
            "response_message_ephemeral": bool(flags & EPHEMERAL),
        }
        return _json({"interaction": interaction, "resource": {"type": kind}})

    async def _webhook(self, request: web.Request, parts: list[str]) -> web.Response:
        token = parts[2]
        body, files = await _body(request)
        flags = int(body.get("flags") or 0)
        kind = "followup" if request.method == "POST" else "original"
        if self._deferred_ephemeral.pop(token, False):
            flags |= EPHEMERAL  # the first follow-up of a deferred reply takes its place
        self.replies.append(Reply(token, kind, None, body.get("content") or "", flags, files, body))
        message = Message(
            id=next(self._ids),
            channel_id=CHANNEL_ID,
            content=body.get("content") or "",
            components=body.get("components") or [],
            attachments=files,
            flags=flags,
        )
        return _json(message.payload())


async def _body(request: web.Request) -> tuple[dict[str, Any], list[str]]:
    if request.content_type.startswith("multipart/"):
        form = await request.post()
        body = json.loads(str(form.get("payload_json") or "{}"))
        files = [
            getattr(value, "filename", "file")
            for key, value in form.items()
            if key.startswith("files[")
        ]
        return body, files
    if request.can_read_body:
        return await request.json(), []
    return {}, []


def _json(data: Any, status: int = 200, headers: dict[str, str] | None = None) -> web.Response:
    # discord.py reads JSON only under exactly this content type (no charset).
    return web.Response(
        body=json.dumps(data).encode(),
        status=status,
        headers={"Content-Type": "application/json", **(headers or {})},
    )


def _error(status: int, code: int, message: str) -> web.Response:
    return _json({"code": code, "message": message}, status=status)
