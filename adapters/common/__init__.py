"""What the chat adapters (Discord, Telegram) share: the coalescing table-message publisher,
the sorting of a batch of the dealer's events, the texts of payloads the renderer leaves to
adapters, raise sizes and background tasks. Nothing here imports a platform library; each
adapter supplies its own calls through the hooks.
"""
