"""The browser app (`ludoteca serve`): a lobby, live tables over WebSockets, replays, records.

`server.create_app(database_url)` builds the FastAPI app; `server.serve()` runs it. The app
knows no game: it uses the game API, the agents, records, and each game's SVG renderer.
"""
