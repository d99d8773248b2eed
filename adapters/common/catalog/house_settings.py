"""A `house` entry's change of the table's settings: the table's own settings with what was
typed changed, or the entry's help when nothing was."""

from __future__ import annotations

from typing import Any

import msgspec

from adapters.common.catalog import spec
from adapters.common.catalog.spec import HelpWanted
from chatdealer.dealer import Configure
from chatdealer.table import TableSettings


def changed_settings(
    values: spec.Values, situation: spec.Situation, topic: str, changes: dict[str, Any]
) -> spec.Outcome:
    if not values.given():
        return HelpWanted(topic)
    view = situation.view
    current = view.settings if view is not None and view.settings is not None else None
    return Configure(settings=msgspec.structs.replace(current or TableSettings(), **changes))
