"""The web side of the dealer: a hand replayer and the night page, served by a worker with
aiohttp when ``CHATDEALER_WEB_URL`` is set, reached only through signed links (`links`) or,
inside Telegram, a Mini App whose ``initData`` Telegram signed (`webapp`)."""
