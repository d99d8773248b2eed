"""The dealer's fixtures (a store on the session's Redis, a clock, a table) for the web tests."""

from tests.dealer.conftest import clock, game, store, table_id

__all__ = ["clock", "game", "store", "table_id"]
