"""The `house` group: table options past `/poker create`'s room, one entry per concern.

Discord gives it its own top-level command (`/house showdown`), since the `/poker` tree is near
Discord's 4,000 characters; Telegram and the terminal type `house showdown key=value ...`.
"""

from __future__ import annotations

from adapters.common.catalog.spec import Group

HOUSE = Group("house", "The table's house rules", discord_root=True)
