"""chatdealer: a poker dealer for group chats."""

__version__ = "0.1.0"
