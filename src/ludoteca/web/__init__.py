"""The browser app (`ludoteca serve`): a lobby, live tables over WebSockets, replays, records.

`server.create_app(database_url)` builds the FastAPI app; `server.serve()` runs it. The app
knows no game: it uses the game API, the agents, records, and each game's SVG renderer.

Its packages, each importing only those below it (`lint-imports` checks it): `server` on top,
then `pages` and `socket`, `social` and `coach`, `live`, `cluster`, `table`, `http`; the
database is `ludoteca.store`, below them all. See docs/architecture.md.
"""
