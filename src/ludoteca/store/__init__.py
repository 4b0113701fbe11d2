"""The database: one declarative base, the migrations, and the tables every part keeps there.

- `base`: the one `DeclarativeBase` and the engine (`make_engine`, `database_errors`);
- `tables`: the web app's tables, moves and leases, and `Store`;
- `social`: chat lines, takebacks and rematch links (`SocialStore`);
- `analyses`: finished analyses of tables (`AnalysisStore`);
- `arena`: the arena's runs and games (`ludoteca.arena.store.ArenaStore` uses them);
- `migrations`: the Alembic history of the whole schema, one for all of them.

It imports nothing of the web app or the arena, which both import it.
"""
