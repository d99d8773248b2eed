"""The local table: poker in the terminal against bots, through the same dealer service.

`chatdealer` with no chat token, or `chatdealer play`, opens it on the embedded Redis in the
user's data directory; a second terminal running `chatdealer play --join` sits at the same table.
"""

from adapters.console.app import ConsoleOptions, add_play_arguments, options_from, play

__all__ = ["ConsoleOptions", "add_play_arguments", "options_from", "play"]
