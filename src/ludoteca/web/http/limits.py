"""Bounds on what one request may ask of the server, checked before any work is done.

A request body is cut off at `MAX_BODY` bytes; a bot may think at most `BotLimits.seconds` per
move and search at most the sizes below. Each ceiling is per server (`create_app(bot_limits=)`)
and a spec beyond one is refused with a message naming the limit.
"""

from __future__ import annotations

import json
from collections.abc import Awaitable, Callable, MutableMapping
from dataclasses import dataclass
from typing import Any

from ludoteca.agents.alphabeta import AlphaBetaAgent, MinimaxAgent
from ludoteca.agents.base import Agent
from ludoteca.agents.expectimax import ExpectimaxAgent
from ludoteca.agents.mcts import MCTSAgent
from ludoteca.agents.valued import LearnedAgent

MAX_BODY = 64 * 1024
"""Bytes of a request body; a table request or a move is far smaller."""

MAX_SEATS = 16
"""Seats a request may list (more than any game has), checked before any list is built."""

MAX_SPEC = 200
"""Characters of one seat's agent spec."""

MAX_MESSAGE = 4096
"""Characters of one WebSocket message (a move is a few dozen)."""

Scope = MutableMapping[str, Any]
Message = MutableMapping[str, Any]
Receive = Callable[[], Awaitable[Message]]
Send = Callable[[Message], Awaitable[None]]
ASGIApp = Callable[[Scope, Receive, Send], Awaitable[None]]


@dataclass(frozen=True)
class BotLimits:
    """The most a bot of this server may think per move, and the largest searches it may run."""

    seconds: float = 10.0
    iterations: int = 200_000
    depth: int = 8
    minimax_depth: int = 4
    rollout_depth: int = 1000
    width: int = 64
    samples: int = 64
    quiescence: int = 8

    def breach(self, agent: Agent) -> str | None:
        """What in `agent`'s set-up exceeds a ceiling (a sentence), or None when all fit."""
        checks: list[tuple[str, float, float]] = []
        if isinstance(agent, MCTSAgent):
            if not agent.iterations and not agent.seconds:
                return f"mcts needs iterations (at most {self.iterations}) or seconds"
            checks += [
                ("seconds", agent.seconds, self.seconds),
                ("iterations", agent.iterations, self.iterations),
                ("depth", agent.depth, self.rollout_depth),
            ]
        elif isinstance(agent, AlphaBetaAgent):
            checks += [
                ("time", agent.seconds, self.seconds),
                ("depth", agent.depth, self.depth),
                ("quiescence", agent.engine.quiescence, self.quiescence),
            ]
        elif isinstance(agent, MinimaxAgent):
            checks.append(("depth", agent.depth, self.minimax_depth))
        elif isinstance(agent, ExpectimaxAgent):
            checks += [
                ("depth", agent.depth, self.depth),
                ("width", agent.search.width, self.width),
                ("samples", agent.search.samples, self.samples),
            ]
        elif isinstance(agent, LearnedAgent):  # its depth is 1 or 2 by itself
            checks += [("width", agent.width, self.width), ("samples", agent.samples, self.samples)]
        for name, value, ceiling in checks:
            if value > ceiling:
                return (
                    f"{agent.name} {name}={_number(value)} is over"
                    f" this server's limit of {_number(ceiling)}"
                )
        return None


def _number(value: float) -> str:
    """1e9 as 1000000000, 2.5 as 2.5: as a person would write it in a spec."""
    return str(int(value)) if float(value).is_integer() else f"{value:g}"


class BodyLimit:
    """ASGI middleware: a request body over `limit` bytes is answered 413 without reading on."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = dict(scope.get("headers") or []).get(b"content-length")
        if declared is not None and (not declared.isdigit() or int(declared) > self.limit):
            await self._refuse(send)
            return
        seen = 0
        refused = False

        async def counted() -> Message:
            nonlocal seen, refused
            message = await receive()
            if message["type"] == "http.request" and not refused:
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    refused = True
                    await self._refuse(send)
                    return {"type": "http.disconnect"}
            return message

        async def watched(message: Message) -> None:
            if not refused:  # once refused, the app's own answer is dropped
                await send(message)

        await self.app(scope, counted, watched)

    async def _refuse(self, send: Send) -> None:
        answer = {
            "detail": f"the request body is over {self.limit} bytes",
            "code": "too_large",
            "params": {"limit": self.limit},
        }
        body = json.dumps(answer).encode()
        await send(
            {
                "type": "http.response.start",
                "status": 413,
                "headers": [
                    (b"content-type", b"application/json"),
                    (b"content-length", str(len(body)).encode()),
                ],
            }
        )
        await send({"type": "http.response.body", "body": body})
