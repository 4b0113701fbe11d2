"""What a new WebSocket at a table is told beside the view, and what its leaving changes.

On connecting: the chat so far, the rematch offer and a takeback request if there are any,
and everyone gets the new presence. On leaving: everyone gets the presence again.
"""

from __future__ import annotations

import asyncio

from ludoteca.store.social import SocialStore
from ludoteca.web.live.manager import TableManager
from ludoteca.web.social.chat import history_message
from ludoteca.web.social.presence import announce, arrived
from ludoteca.web.social.rematch import offer, rematch_of
from ludoteca.web.social.takeback import ask_message, waiting_ask
from ludoteca.web.table.table import Connection, Table


async def greet(
    manager: TableManager, social: SocialStore, table: Table, connection: Connection
) -> None:
    lines = await asyncio.to_thread(social.lines, table.id)
    await connection.socket.send_json(history_message([line.to_json() for line in lines]))
    if not table.playing:
        new = await rematch_of(manager, social, table)
        if new is not None:
            await connection.socket.send_json(offer(table, new, connection.seat))
    ask = waiting_ask(table)
    if ask is not None:
        await connection.socket.send_json(ask_message(table, ask, "asked"))
    await arrived(manager, table, connection.seat)
    manager.workers.joined(table, connection.seat)


async def farewell(table: Table) -> None:
    await announce(table)
