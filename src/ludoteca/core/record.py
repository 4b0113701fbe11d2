"""Game records: a versioned JSON document from which a game replays to the same state.

Version 2 names the chance scheme (`core.chance`): 1 (seeded) and 2 (keyed, with the secret and
its commitment) are verified outcome by outcome on replay; 0 marks a game played with physical
dice, whose outcomes are taken as written. A version-1 record is a seeded one. A game with
takebacks lists where each went back to (`"chance": {"redraws": [...]}`): the outcomes after
each were drawn anew (`core.chance.Chance.redraws`).

A record may name its players (`"names"`, one per seat, as a table showed them: "Anna",
"Yellow (hard bot)"); it is optional, checks nothing and changes no version, so records without
it load as before and older readers pass over it.
"""

from __future__ import annotations

import json
import reprlib
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from ludoteca.core.api import CHANCE, JSON, TERMINAL, Game, State
from ludoteca.core.chance import KEYED, SCHEMES, SEEDED, Chance, commitment
from ludoteca.core.errors import IllegalActionError, LudotecaError, StateFormatError
from ludoteca.core.registry import load_stored

FORMAT = "ludoteca-record"
VERSION = 2
VERSIONS = (1, 2)
PHYSICAL = 0
"""The scheme of a game played with physical dice: its outcomes cannot be checked."""

MAX_MOVES = 25_000
"""The most moves a record may hold: the 20,000 actions after which the web app and the arena
stop a game, and some room. A longer record is refused before it is replayed (a replay keeps
every position, and each holds its history: the cost grows with the square)."""
MAX_BYTES = 16 * 1024 * 1024
"""The largest record file read (25,000 moves as a table writes them are about 2 MB); a larger
file is refused before it is parsed."""

_SHORT = reprlib.Repr()
_SHORT.maxlevel, _SHORT.maxstring, _SHORT.maxother, _SHORT.maxlist = 2, 40, 40, 4
_SHORT.maxdict = 4


def shown(value: Any) -> str:
    """A value quoted in a message: short, however long or deeply nested it is."""
    return _SHORT.repr(value)


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
    scheme: int = SEEDED
    secret: str | None = None
    names: list[str] | None = None
    """The players' names, one per seat, where the record was made at a table that had them."""
    redraws: list[int] = field(default_factory=list)
    """Where each takeback that drew the chance after it anew went back to (`Chance.redraws`):
    `"chance": {"redraws": [...]}`, absent when there were none."""

    def chance(self) -> Chance | None:
        """Where the record's chance outcomes come from; None for physical dice."""
        if self.scheme == PHYSICAL:
            return None
        try:
            return Chance(self.scheme, self.seed, self.secret, tuple(self.redraws))
        except ValueError as exc:
            raise StateFormatError(f"malformed record: {exc}") from exc

    def chance_json(self) -> JSON:
        redraws = {"redraws": list(self.redraws)} if self.redraws else {}
        if self.scheme == KEYED and self.secret is not None:
            secret = {"secret": self.secret, "commitment": commitment(self.secret)}
            return {"scheme": KEYED, **secret, **redraws}
        return {"scheme": self.scheme, **redraws}

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
        """The record as JSON. A keyed record (scheme 2) has no `"seed"`: its outcomes come from
        the secret alone, so a seed there would be a field nothing checks."""
        names = {"names": list(self.names)} if self.names is not None else {}
        seed = {} if self.scheme == KEYED else {"seed": self.seed}
        return {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game,
            "players": self.players,
            "options": self.options,
            "seats": self.seats,
            **names,
            **seed,
            "chance": self.chance_json(),
            "started": self.started,
            "moves": [
                {"player": m.player, "action": m.action, "notation": m.notation} for m in self.moves
            ],
            "result": self.result,
        }

    @classmethod
    def from_json(cls, obj: Any) -> Record:
        """The record in `obj`, every field checked; a mistake is one readable sentence."""
        if not isinstance(obj, dict) or obj.get("format") != FORMAT:
            raise StateFormatError(f'not a ludoteca record (expected "format": {FORMAT!r})')
        version = obj.get("version")
        if version not in VERSIONS:
            raise StateFormatError(
                f"record version {shown(version)} is not supported (this is {VERSION})"
            )
        moves = obj.get("moves")
        if isinstance(moves, list) and len(moves) > MAX_MOVES:
            raise StateFormatError(
                f"the record has {len(moves):,} moves: a record holds at most {MAX_MOVES:,}"
            )
        try:
            record = cls(
                game=_field(obj, "game", str),
                players=_field(obj, "players", int),
                options=_options(obj.get("options")),
                seed=_seed(obj, version),
                seats=[_text(s, "seats") for s in _field(obj, "seats", list)],
                moves=[_move(m, i) for i, m in enumerate(_field(obj, "moves", list))],
                result=_result(obj.get("result")),
                started=_text(obj.get("started", ""), "started"),
            )
        except KeyError as exc:
            raise StateFormatError(f"malformed record: it has no field {exc.args[0]!r}") from exc
        if len(record.seats) != record.players:
            raise StateFormatError(
                f"malformed record: {record.players} players need {record.players} seats,"
                f" not {len(record.seats)}"
            )
        if version == 2:
            record.scheme, record.secret, record.redraws = _chance(obj, len(record.moves))
        record.names = _names(obj.get("names"), record.players)
        return record

    def save(self, path: str | Path) -> Path:
        target = Path(path)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(self.to_json(), indent=1) + "\n", encoding="utf-8")
        return target

    @classmethod
    def load(cls, path: str | Path) -> Record:
        """The record in the file `path`; any file, however made, is a record or one readable
        `StateFormatError` (too large, not text, not JSON, nested too deeply, malformed)."""
        try:
            size = Path(path).stat().st_size
            if size > MAX_BYTES:
                raise StateFormatError(
                    f"{path} is {size / 2**20:.0f} MB: a record is at most {MAX_BYTES // 2**20} MB"
                )
            obj = json.loads(Path(path).read_text(encoding="utf-8"))
        except OSError as exc:
            raise StateFormatError(f"cannot read {path}: {exc.strerror or exc}") from exc
        except UnicodeDecodeError as exc:
            raise StateFormatError(f"{path} is not a text file: {exc}") from exc
        except json.JSONDecodeError as exc:
            raise StateFormatError(f"{path} is not JSON: {exc}") from exc
        except RecursionError as exc:
            raise StateFormatError(
                f"{path} is not a record: its JSON is nested too deeply"
            ) from exc
        return cls.from_json(obj)

    def states(self) -> list[State]:
        """Every position of the game, from the start to the last move, checked as it goes."""
        try:
            game = load_stored(self.game, self.players, self.options)
        except LudotecaError as exc:
            raise StateFormatError(f"the record's game cannot be set up: {exc}") from exc
        if game.num_players != self.players:
            raise StateFormatError(f"the record's game has {game.num_players} players")
        chance = self.chance()
        state = game.new_initial_state(seed=self.seed)
        positions = [state.clone()]
        for index, move in enumerate(self.moves):
            try:
                if (
                    chance is not None
                    and move.player == CHANCE
                    and state.is_chance_node()
                    and move.action in state.legal_actions()  # else: the game says why
                ):
                    drawn = chance.draw(state)
                    if drawn != move.action:
                        raise IllegalActionError(
                            f"move {index + 1}: the record says {shown(move.notation)}, but its"
                            f" {'secret' if self.scheme == KEYED else 'seed'} gives"
                            f" {state.action_to_string(drawn)!r}"
                        )
                if state.current_player() != move.player:
                    raise IllegalActionError(
                        f"move {index + 1}: the record says {_who(game, move.player)} moved,"
                        f" but {_whose_turn(game, state.current_player())}"
                    )
                notation = state.action_to_string(move.action)
                if notation != move.notation:
                    raise IllegalActionError(
                        f"move {index + 1}: the record's move reads {notation!r} here,"
                        f" the record says {shown(move.notation)}"
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


def _field(obj: dict[str, Any], name: str, kind: type) -> Any:
    value = obj[name]
    if kind is int and (type(value) is not int):
        raise StateFormatError(f"malformed record: {name!r} is a whole number, not {shown(value)}")
    if not isinstance(value, kind):
        raise StateFormatError(
            f"malformed record: {name!r} is a {kind.__name__}, not {shown(value)}"
        )
    return value


def _seed(obj: dict[str, Any], version: int) -> int:
    """The seed of a seeded or physical record; a keyed one (scheme 2) has none, or the 0 its
    tables wrote before: any other seed there would change nothing, so it is refused."""
    chance = obj.get("chance")
    keyed = version == 2 and isinstance(chance, dict) and chance.get("scheme") == KEYED
    if not keyed:
        seed: int = _field(obj, "seed", int)
        return seed
    if obj.get("seed", 0) != 0:
        raise StateFormatError(
            "malformed record: a keyed record (chance scheme 2) has no seed: its outcomes come"
            f" from its secret, so its seed {shown(obj['seed'])} would mean nothing"
        )
    return 0


def _text(value: Any, name: str) -> str:
    if not isinstance(value, str):
        raise StateFormatError(f"malformed record: {name!r} holds text, not {shown(value)}")
    return value


def _move(obj: Any, index: int) -> Move:
    if not isinstance(obj, dict):
        raise StateFormatError(f"malformed record: move {index + 1} is not an object")
    where = f"move {index + 1}"
    player, action = obj.get("player"), obj.get("action")
    if type(player) is not int or type(action) is not int:
        raise StateFormatError(f"malformed record: {where} needs whole-number player and action")
    return Move(player, action, _text(obj.get("notation"), f"{where} notation"))


def _options(value: Any) -> dict[str, Any]:
    """The options: names with a plain value each (a number, a text, true or false)."""
    if value is None:
        return {}
    if not isinstance(value, dict) or not all(
        isinstance(v, bool | int | float | str) or v is None for v in value.values()
    ):
        raise StateFormatError(
            f"malformed record: 'options' maps names to plain values, not {shown(value)}"
        )
    return value


def _who(game: Game, player: int) -> str:
    """A player as a message names it: "Red", "seat 2", "chance"."""
    if player == CHANCE:
        return "chance"
    if 0 <= player < game.num_players:
        return game.seat_name(player) or f"seat {player + 1}"
    return f"a player this game does not have ({player})"


def _whose_turn(game: Game, current: int) -> str:
    if current == TERMINAL:
        return "the game was over"
    if current == CHANCE:
        return "a die, a card or a draw was due (chance)"
    return f"it was {_who(game, current)}'s turn"


def _names(value: Any, players: int) -> list[str] | None:
    if value is None:
        return None
    if not isinstance(value, list) or len(value) != players:
        raise StateFormatError(
            f"malformed record: 'names' is a list of {players} names, one per seat,"
            f" not {shown(value)}"
        )
    return [_text(name, "names") for name in value]


def _result(value: Any) -> list[float] | None:
    if value is None:
        return None
    if not isinstance(value, list) or not all(
        isinstance(v, int | float) and not isinstance(v, bool) for v in value
    ):
        raise StateFormatError(
            f"malformed record: 'result' is a list of numbers, not {shown(value)}"
        )
    return [float(v) for v in value]


def _chance(obj: dict[str, Any], moves: int) -> tuple[int, str | None, list[int]]:
    """The scheme, secret and redraws of a version-2 record; a keyed secret must match its
    commitment."""
    chance = obj.get("chance")
    if not isinstance(chance, dict) or chance.get("scheme") not in (PHYSICAL, *SCHEMES):
        raise StateFormatError(
            'malformed record: "chance" is {"scheme": 0 (physical dice), 1 (seeded) or 2 (keyed)}'
        )
    scheme: int = chance["scheme"]
    redraws = chance.get("redraws", [])
    if not isinstance(redraws, list) or not all(
        type(at) is int and 0 <= at <= moves for at in redraws
    ):
        raise StateFormatError(
            'malformed record: "redraws" lists where takebacks went back to, as move counts'
            f" from 0 to {moves}"
        )
    if scheme != KEYED:
        return scheme, None, redraws
    secret = chance.get("secret")
    try:
        Chance(KEYED, 0, secret)
    except ValueError as exc:
        raise StateFormatError(f"malformed record: {exc}") from exc
    assert isinstance(secret, str)
    if chance.get("commitment") != commitment(secret):
        raise StateFormatError("the record's secret does not match its published commitment")
    return scheme, secret, redraws
