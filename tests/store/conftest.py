"""The store's tests run on SQLite and on PostgreSQL, as the web's do (`postgres_support`)."""

from __future__ import annotations

from postgres_support import database, database_said, on_both_databases

pytest_generate_tests = on_both_databases
database = database  # the URL of an empty database, on both databases where asked
database_said = database_said  # autouse: a test on SQLite only says so
