"""Game records: a versioned JSON document from which a game replays to the same state."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ludoteca.core.api import JSON, State
from ludoteca.core.errors import IllegalActionError, LudotecaError, StateFormatError
from ludoteca.core.registry import load

FORMAT = "ludoteca-record"
VERSION = 1


@dataclass
class Move:
    """One applied action: who made it (a seat, or -1 for chance), its id and its notation."""

    player: int
    action: int
    notation: str


@dataclass
class Record:
    """Everything needed to replay a game: game, options, seats, seed and every action."""

    game: str
    players: int
    options: dict[str, Any]
    seed: int
    seats: list[str]
    moves: list[Move] = field(default_factory=list)
    result: list[float] | None = None
    started: str = field(default_factory=lambda: datetime.now(UTC).isoformat(timespec="seconds"))

    @classmethod
    def of(cls, state: State, seats: list[str] | None = None) -> Record:
        """The record of `state`, rebuilt from its seed and history."""
        game = state.game
        replayed = game.new_initial_state(seed=state.seed)
        moves = []
        for action in state.history():
            player = replayed.current_player()
            moves.append(Move(player, action, replayed.action_to_string(action)))
            replayed.apply_action(action)
        return cls(
            game=game.id,
            players=game.num_players,
            options=dict(game.options),
            seed=state.seed,
            seats=list(seats) if seats else [f"seat {i}" for i in range(game.num_players)],
            moves=moves,
            result=state.returns() if state.is_terminal() else None,
        )

    def to_json(self) -> JSON:
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "seats": self.seats,
            "seed": self.seed,
            "started": self.started,
            "moves": [
                {"player": m.player, "action": m.action, "notation": m.notation} for m in self.moves
            ],
            "result": self.result,
        }

    @classmethod
    def from_json(cls, obj: Any) -> Record:
        if not isinstance(obj, dict) or obj.get("format") != FORMAT:
            raise StateFormatError(f'not a ludoteca record (expected "format": {FORMAT!r})')
        if obj.get("version") != VERSION:
            raise StateFormatError(
                f"record version {obj.get('version')!r} is not supported (this is {VERSION})"
            )
        try:
            return cls(
                game=str(obj["game"]),
                players=int(obj["players"]),
                options=dict(obj.get("options") or {}),
                seed=int(obj["seed"]),
                seats=[str(s) for s in obj["seats"]],
                moves=[
                    Move(int(m["player"]), int(m["action"]), str(m["notation"]))
                    for m in obj["moves"]
                ],
                result=obj.get("result"),
                started=str(obj.get("started", "")),
            )
        except KeyError as exc:
            raise StateFormatError(f"malformed record: it has no field {exc.args[0]!r}") from exc
        except (TypeError, ValueError, AttributeError) as exc:
            raise StateFormatError(f"malformed record: {exc}") from exc

    def save(self, path: str | Path) -> Path:
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")
        return target

    @classmethod
    def load(cls, path: str | Path) -> Record:
        try:
            obj = json.loads(Path(path).read_text(encoding="utf-8"))
        except OSError as exc:
            raise StateFormatError(f"cannot read {path}: {exc.strerror or exc}") from exc
        except UnicodeDecodeError as exc:
            raise StateFormatError(f"{path} is not a text file: {exc}") from exc
        except json.JSONDecodeError as exc:
            raise StateFormatError(f"{path} is not JSON: {exc}") from exc
        return cls.from_json(obj)

    def states(self) -> list[State]:
        """Every position of the game, from the start to the last move, checked as it goes."""
        try:
            game = load(self.game, players=self.players, **self.options)
        except LudotecaError as exc:
            raise StateFormatError(f"the record's game cannot be set up: {exc}") from exc
        state = game.new_initial_state(seed=self.seed)
        positions = [state.clone()]
        for index, move in enumerate(self.moves):
            try:
                if state.current_player() != move.player:
                    raise IllegalActionError(
                        f"move {index + 1}: the record says player {move.player} moved,"
                        f" but it was {state.current_player()}'s turn"
                    )
                notation = state.action_to_string(move.action)
                if notation != move.notation:
                    raise IllegalActionError(
                        f"move {index + 1}: action {move.action} reads {notation!r} here,"
                        f" the record says {move.notation!r}"
                    )
                state.apply_action(move.action)
            except LudotecaError as exc:
                raise StateFormatError(f"the record does not replay: {exc}") from exc
            positions.append(state.clone())
        if self.result is not None and state.is_terminal() and state.returns() != self.result:
            raise StateFormatError(
                f"the record's result {self.result} differs from the replay's {state.returns()}"
            )
        return positions

    def replay(self) -> State:
        """The final position, replayed and checked."""
        return self.states()[-1]
