"""Belagerung (`siege`): the rules.

Seed: `shared/seeds/002_f7076ac2b65614b9.txt`; rulings: `shared/rules/siege.md`; the rules page
is `docs/games/siege.md`. Seat 0 is the attacker with four knights ("ridders te paard"), seat 1
the defender with four soldiers ("landsknechten") and the lord ("burchtheer"). No chance: the
seed is kept only because every state has one.

An action is `from * 64 + to` with fields numbered `row * 8 + column` (see `board.py`), so it
means the same in every position; the notation is `Nb0-c2`, `Sd5xc6`, `Ld6-f4`.
"""

from __future__ import annotations

import re

from ludoteca.core.api import JSON, TERMINAL, Game, State
from ludoteca.core.errors import InvalidOptionError, NotationError, StateFormatError
from ludoteca.core.options import Option
from ludoteca.games.siege.board import Board, load_board
from ludoteca.i18n import N_, NP_

ATTACKER, DEFENDER = 0, 1
SIDES = ("attacker", "defender")
EMPTY, KNIGHT, SOLDIER, LORD = range(4)
LETTERS = {KNIGHT: "N", SOLDIER: "S", LORD: "L"}
PIECE_NAMES = {KNIGHT: "knight", SOLDIER: "soldier", LORD: "lord"}
SPAN = 64
"""Actions are `from * SPAN + to`."""
OPENING_MOVES = 4
"""The defender's first four moves open the castle ("in zijn eerste vier zetten")."""

OPTIONS = (
    Option(
        "opening_rule",
        True,
        N_("false: no opening exception; the defender moves freely from the first move"),
        title=N_("Opening rule"),
        explain=N_("The defender's first moves must open the castle."),
    ),
    Option(
        "lord_start",
        "d6",
        N_("the crown field the lord starts on"),
        ("d6", "e6"),
        str,
        title=N_("Where the lord starts"),
        explain=N_("The crown field the lord stands on at the start."),
    ),
    Option(
        "max_quiet_moves",
        200,
        N_("the game is drawn on this move (both sides counted) without a capture; 0: never"),
        kind=int,
        title=N_("Draw after moves without a capture"),
        explain=N_("The game is drawn after this many moves without a capture (0: never)."),
    ),
)

_NOTATION = re.compile(
    r"^(?P<piece>[nsl])?(?P<source>[a-h][0-6])(?P<sep>[-x]?)(?P<target>[a-h][0-6])$"
)


class SiegeGame(Game):
    """Belagerung for two: the attacker (knights) against the defender (soldiers and lord)."""

    id = "siege"
    title = NP_("game title", "Belagerung")
    summary = N_(
        "Four knights storm the castle to capture its lord; the defenders try to capture "
        "every knight."
    )
    min_players = 2
    max_players = 2
    default_players = 2
    option_specs = OPTIONS
    has_chance = False

    def _configure(self) -> None:
        quiet = int(self.options["max_quiet_moves"] or 0)
        if quiet < 0:
            raise InvalidOptionError(f"max_quiet_moves is 0 (never) or more, not {quiet}")
        self.board: Board = load_board()
        self.opening_rule = bool(self.options["opening_rule"])
        self.max_quiet = quiet
        self.lord_start = self.board.field(str(self.options["lord_start"]))

    def seat_name(self, seat: int) -> str:
        return SIDES[seat]

    def new_initial_state(self, seed: int | None = None) -> SiegeState:
        return SiegeState(self, seed)

    def _state_from_json(self, obj: JSON) -> SiegeState:
        return SiegeState.from_json(self, obj)


class SiegeState(State):
    """A Belagerung position: the pieces, the side to move, the opening and draw counters."""

    game: SiegeGame

    def __init__(self, game: SiegeGame, seed: int | None) -> None:
        super().__init__(game, seed)
        board = game.board
        self.cells = [EMPTY] * SPAN
        for field in board.knight_starts:
            self.cells[field] = KNIGHT
        for field in board.soldier_starts:
            self.cells[field] = SOLDIER
        self.cells[game.lord_start] = LORD
        self.turn = ATTACKER
        self.opening_moves = 0 if game.opening_rule else OPENING_MOVES
        self.unmoved = set(board.soldier_starts) if game.opening_rule else set()
        self.quiet = 0
        self.seen: dict[str, int] = {self.position_key(): 1}
        self.winner: int | None = None
        self.reason = ""

    # -- the API ------------------------------------------------------------------------------
    def current_player(self) -> int:
        return TERMINAL if self.reason else self.turn

    def is_terminal(self) -> bool:
        return bool(self.reason)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return []

    def _legal_actions(self) -> list[int]:
        return self.moves()

    def returns(self) -> list[float]:
        if not self.reason or self.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == ATTACKER else [-1.0, 1.0]

    def clone(self) -> SiegeState:
        other = SiegeState.__new__(SiegeState)
        other.game = self.game
        other.seed = self.seed
        other._history = self._history[:]
        other._legal = self._legal
        other.cells = self.cells[:]
        other.turn = self.turn
        other.opening_moves = self.opening_moves
        other.unmoved = set(self.unmoved)
        other.quiet = self.quiet
        other.seen = dict(self.seen)
        other.winner = self.winner
        other.reason = self.reason
        return other

    # -- moves --------------------------------------------------------------------------------
    def moves(self) -> list[int]:
        """The legal actions of the side to move, the opening exception applied."""
        if self.turn == ATTACKER:
            return sorted(self.knight_moves())
        free = self.defender_moves()
        if not self.opening_applies():
            return sorted(free)
        starts = self.game.board.soldier_starts
        opening = [a for a in free if a // SPAN in self.unmoved and a % SPAN not in starts]
        # Our ruling: when no soldier can open the castle, the defender moves freely.
        return sorted(opening or free)

    def knight_moves(self) -> list[int]:
        """Each knight's jumps onto an empty field or onto a soldier or the lord (a capture)."""
        cells = self.cells
        jumps = self.game.board.knight_jumps
        return [
            field * SPAN + target
            for field in range(SPAN)
            if cells[field] == KNIGHT
            for target in jumps[field]
            if cells[target] != KNIGHT
        ]

    def defender_moves(self) -> list[int]:
        """Soldiers' steps and captures and the lord's moves, without the opening exception.

        A knight on the moat cannot be captured ("mogen niet gevangen genomen worden"), and
        none is: no soldier step and no move of the lord reaches a moat field (the board's move
        tables), so no capture needs checking for it."""
        cells = self.cells
        board = self.game.board
        moves = []
        for field in range(SPAN):
            piece = cells[field]
            if piece == SOLDIER:
                for target, diagonal in board.soldier_steps[field]:
                    landing = cells[target]
                    if landing == EMPTY or (diagonal and landing == KNIGHT):
                        moves.append(field * SPAN + target)
            elif piece == LORD:
                moves += [field * SPAN + target for target in self.lord_targets(field)]
        return moves

    def lord_targets(self, field: int) -> list[int]:
        """Diagonal 1-3 castle fields over empty ones, and the step between the crown fields."""
        cells = self.cells
        board = self.game.board
        targets = []
        for ray in board.lord_rays[field]:
            for target in ray:
                if cells[target] == EMPTY:
                    targets.append(target)
                    continue
                if cells[target] == KNIGHT:
                    targets.append(target)
                break
        if field in board.crowns:
            other = board.crowns[1] if field == board.crowns[0] else board.crowns[0]
            if cells[other] in (EMPTY, KNIGHT):
                targets.append(other)
        return targets

    def opening_applies(self) -> bool:
        """In the defender's first four moves, unless some piece of either side can be taken."""
        if self.opening_moves >= OPENING_MOVES or self.turn != DEFENDER:
            return False
        return not self.capture_possible()

    def capture_possible(self) -> bool:
        """Whether either side has a capture in this position (whoever is to move)."""
        cells = self.cells
        if any(cells[a % SPAN] == KNIGHT for a in self.defender_moves()):
            return True
        return any(cells[a % SPAN] != EMPTY for a in self.knight_moves())

    # -- playing ------------------------------------------------------------------------------
    def _apply(self, action: int) -> None:
        source, target = divmod(action, SPAN)
        cells = self.cells
        piece, taken = cells[source], cells[target]
        cells[target], cells[source] = piece, EMPTY
        irreversible = taken != EMPTY
        if piece == KNIGHT and source not in self.game.board.castle:
            irreversible = True  # outside the castle knights only go forward
        self.unmoved.discard(source)
        self.unmoved.discard(target)
        if self.turn == DEFENDER and self.opening_moves < OPENING_MOVES:
            self.opening_moves += 1
            irreversible = True
        self.quiet = 0 if taken != EMPTY else self.quiet + 1
        self.turn = 1 - self.turn
        if irreversible:
            self.seen = {}
        key = self.position_key()
        self.seen[key] = self.seen.get(key, 0) + 1
        self._settle()

    def _settle(self) -> None:
        """Decide whether the position ends the game, in the order the rules page gives."""
        cells = self.cells
        if LORD not in cells:
            self._end(ATTACKER, "the lord is captured")
        elif KNIGHT not in cells:
            self._end(DEFENDER, "all four knights are captured")
        elif max(self.seen.values(), default=0) >= 3:
            self._end(None, "the position occurred three times")
        elif self.game.max_quiet and self.quiet >= self.game.max_quiet:
            self._end(None, f"{self.game.max_quiet} moves without a capture")
        else:
            moves = self.moves()
            if moves:
                self._legal = moves
            else:
                self._end(1 - self.turn, f"the {SIDES[self.turn]} has no move")

    def _end(self, winner: int | None, reason: str) -> None:
        self.winner = winner
        self.reason = reason
        self._legal = []

    # -- positions as text --------------------------------------------------------------------
    def fields_of(self, piece: int) -> list[str]:
        board = self.game.board
        return [board.name(f) for f in range(SPAN) if self.cells[f] == piece]

    def position_key(self) -> str:
        """The position for the repetition rule: pieces, side to move and the opening state."""
        board = self.game.board
        lord = self.fields_of(LORD)
        opening = (
            f"{self.opening_moves}:{','.join(board.name(f) for f in sorted(self.unmoved))}"
            if self.opening_moves < OPENING_MOVES
            else "-"
        )
        return (
            f"{SIDES[self.turn][0]} N{','.join(self.fields_of(KNIGHT))}"
            f" S{','.join(self.fields_of(SOLDIER))} L{''.join(lord)} {opening}"
        )

    # -- notation -----------------------------------------------------------------------------
    def action_to_string(self, action: int) -> str:
        if type(action) is not int or not 0 <= action < SPAN * SPAN:
            raise NotationError(f"{action!r} is not a siege action")
        board = self.game.board
        source, target = divmod(action, SPAN)
        if source not in board.fields or target not in board.fields:
            raise NotationError(f"action {action} names a field that is not on the board")
        letter = LETTERS.get(self.cells[source], "")
        sep = "x" if self.cells[target] != EMPTY and letter else "-"
        return f"{letter}{board.name(source)}{sep}{board.name(target)}"

    def string_to_action(self, text: str) -> int:
        if not isinstance(text, str):
            raise NotationError(f"a move is text, not {type(text).__name__}")
        match = _NOTATION.match(re.sub(r"\s+", "", text).lower())
        if match is None:
            raise NotationError(
                f"{text!r} is not a siege move: write piece, field left and field reached,"
                " e.g. Nb0-c2, Sd4-c3, Ld6xf4 (N knight, S soldier, L lord; x captures)"
            )
        board = self.game.board
        try:
            source, target = board.field(match["source"]), board.field(match["target"])
        except ValueError as exc:
            raise NotationError(f"{text!r}: {exc}") from exc
        piece = self.cells[source]
        letter = match["piece"]
        if letter and (piece == EMPTY or LETTERS[piece].lower() != letter):
            here = f"a {PIECE_NAMES[piece]}" if piece != EMPTY else "no piece"
            raise NotationError(f"{text!r}: {match['source']} holds {here}")
        if match["sep"] == "x" and self.cells[target] == EMPTY:
            raise NotationError(f"{text!r}: {match['target']} is empty, nothing to capture")
        return source * SPAN + target

    # -- JSON ---------------------------------------------------------------------------------
    def _position_json(self) -> JSON:
        board = self.game.board
        lord = self.fields_of(LORD)
        result = None
        if self.reason:
            winner = None if self.winner is None else SIDES[self.winner]
            result = {"winner": winner, "reason": self.reason}
        return {
            "turn": SIDES[self.turn],
            "knights": self.fields_of(KNIGHT),
            "soldiers": self.fields_of(SOLDIER),
            "lord": lord[0] if lord else None,
            "opening": {
                "moves": self.opening_moves,
                "unmoved": [board.name(f) for f in sorted(self.unmoved)],
            },
            "quiet": self.quiet,
            "seen": dict(sorted(self.seen.items())),
            "result": result,
        }

    def observation(self, seat: int) -> JSON:
        """Everything is public: the whole position and the moves so far."""
        if seat not in (ATTACKER, DEFENDER):
            raise ValueError(f"seat {seat} is not at this table (0 attacker, 1 defender)")
        return {
            "game": self.game.id,
            "seat": seat,
            "side": SIDES[seat],
            **self._position_json(),
            "history": list(self._history),
        }

    @classmethod
    def from_json(cls, game: SiegeGame, obj: JSON) -> SiegeState:
        """Set up a position; `opening`, `quiet`, `seen` and `history` may be left out."""
        state = cls(game, obj.get("seed"))
        board = game.board
        state.cells = [EMPTY] * SPAN
        lord = obj["lord"]
        placed = [(KNIGHT, f) for f in obj["knights"]] + [(SOLDIER, f) for f in obj["soldiers"]]
        placed += [(LORD, lord)] if lord is not None else []
        for piece, name in placed:
            field = board.field(str(name))
            state._place(piece, field)
        if len(obj["knights"]) > 4 or len(obj["soldiers"]) > 4:
            raise StateFormatError("the attacker has 4 knights and the defender 4 soldiers")
        turn = obj.get("turn", "attacker")
        if turn not in SIDES:
            raise StateFormatError(f"turn {turn!r} is 'attacker' or 'defender'")
        state.turn = SIDES.index(turn)
        opening = obj.get("opening") or {"moves": OPENING_MOVES, "unmoved": []}
        state.opening_moves = int(opening["moves"])
        if not 0 <= state.opening_moves <= OPENING_MOVES:
            raise StateFormatError(f"opening moves are 0-{OPENING_MOVES}, not {opening['moves']}")
        state.unmoved = {board.field(str(name)) for name in opening["unmoved"]}
        if any(f not in board.soldier_starts or state.cells[f] != SOLDIER for f in state.unmoved):
            raise StateFormatError("unmoved soldiers must stand on soldiers' start fields")
        state.quiet = int(obj.get("quiet", 0))
        seen = obj.get("seen")
        state.seen = {str(k): int(v) for k, v in seen.items()} if seen else {}
        if state.position_key() not in state.seen:
            state.seen[state.position_key()] = 1
        state._history = [int(a) for a in obj.get("history", [])]
        state._legal = None
        state._settle()
        result = obj.get("result")
        if result is not None and result != state._position_json()["result"]:
            raise StateFormatError(f"result {result} does not follow from the position")
        return state

    def _place(self, piece: int, field: int) -> None:
        board = self.game.board
        if self.cells[field] != EMPTY:
            raise StateFormatError(f"two pieces on {board.name(field)}")
        if piece != KNIGHT and not board.on_grid(field):
            raise StateFormatError(f"only knights stand on the start square {board.name(field)}")
        if piece == SOLDIER and field in board.moat:
            raise StateFormatError(f"a soldier cannot stand on the moat ({board.name(field)})")
        if piece == LORD and field not in board.castle:
            raise StateFormatError(f"the lord stays in the castle, not on {board.name(field)}")
        self.cells[field] = piece

    def __repr__(self) -> str:
        return f"<SiegeState {self.position_key()}>"
