"""The local table: poker in the terminal against bots, through the same dealer service.

`chatdealer` with no chat token (with or without the word `play`) opens it on the embedded
Redis in the user's data directory; a second terminal running `chatdealer --join` sits at the
same table.
"""

from adapters.console.app import play
from adapters.console.options import ConsoleOptions, add_play_arguments, options_from

__all__ = ["ConsoleOptions", "add_play_arguments", "options_from", "play"]
