"""Mens erger je niet (`ludo`): the rules.

Seed: `shared/seeds/003_0915efaf0de0def8.txt`; rulings: `shared/rules/ludo.md`; the rules page
is `docs/games/ludo.md`. Each colour's pawns are kept as *progress* values counted from its own
circle A: -1 in reserve ("verzameling"), 0..L-1 on the track, L..L+3 on goal circles a-d.

Actions name the circle a pawn moves from, so they mean the same in every position:
0..L-1 a track circle, L..L+3 the mover's goal circles a-d, L+4 bringing a pawn in on A.
Chance actions are the die's face (1-6) and, before the first turn, the starting seat.
"""

from __future__ import annotations

from typing import Any

from ludoteca.core.api import CHANCE, JSON, TERMINAL, Game, State
from ludoteca.core.errors import InvalidOptionError, NotationError, StateFormatError
from ludoteca.core.options import Option
from ludoteca.games.ludo.board import Board, load_board
from ludoteca.i18n import N_, NP_

RESERVE = -1
START, ROLL, MOVE, OVER = range(4)
PHASES = ("start", "roll", "move", "over")
GOAL_NAMES = "abcd"
DIE = [(face, 1 / 6) for face in range(1, 7)]
DIE_FACES = [face for face, _ in DIE]

OPTIONS = (
    Option(
        "start_pawn_on_a",
        True,
        N_("false: all four pawns start in reserve"),
        title=N_("Start with a pawn on A"),
        explain=N_("Each colour starts with one pawn on its circle A and three in reserve."),
    ),
    Option(
        "capture_own",
        True,
        N_(
            "false: a move may not end on an own pawn, and a 6 cannot bring a pawn in while an own"
            " pawn stands on A"
        ),
        title=N_("Capture your own pawns"),
        explain=N_("A move may end on your own pawn, which goes back to the reserve."),
    ),
    Option(
        "clear_start",
        False,
        N_("true: while pawns wait in reserve, an own pawn on A must be moved off A if it can be"),
        title=N_("Clear the start circle"),
        explain=N_("While pawns wait in reserve, a pawn on A must move off it if it can."),
    ),
    Option(
        "move_new_pawn",
        True,
        N_(
            "false: the roll after a bring-in may move any pawn (with clear_start, the new pawn"
            " must still leave A while pawns wait in reserve)"
        ),
        title=N_("Move the new pawn"),
        explain=N_("The roll after bringing a pawn in must move that pawn."),
    ),
    Option(
        "goal_bounce",
        True,
        N_("false: a roll that would pass d cannot be used by that pawn"),
        title=N_("Count back from d"),
        explain=N_("A roll that goes past the last goal circle counts back from it."),
    ),
    Option(
        "goal_jump",
        True,
        N_("false: pawns may not jump over pawns on goal circles"),
        title=N_("Jump in the goal"),
        explain=N_("Pawns may jump over pawns on the goal circles."),
    ),
    Option(
        "three_tries",
        False,
        N_(
            "true: with no pawn able to move on the track or in the goal, roll up to three times"
            " for a 6"
        ),
        title=N_("Three tries for a 6"),
        explain=N_("With no pawn able to move, roll up to three times for a 6."),
    ),
    Option(
        "must_capture",
        False,
        N_(
            "true: when a capture of another seat's pawn is possible, a capturing move must be"
            " chosen"
        ),
        title=N_("Capturing is compulsory"),
        explain=N_("When you can capture another player's pawn, you must."),
    ),
    Option(
        "play_out",
        False,
        N_("true: play on after the winner to rank every seat"),
        title=N_("Play on after the winner"),
        explain=N_("The game goes on until every player has a place."),
    ),
    Option(
        "board",
        None,
        N_(
            "4 or 6 colours; 6: the six-colour board (48 track circles, entry every 8) for 5-6"
            " players (default: 4 for 2-4 players, 6 for 5-6)"
        ),
        (4, 6),
        int,
        title=N_("Board size"),
        explain=N_(
            "The board for four colours, or the one for six colours (for up to six players)."
        ),
        labels=(
            (4, NP_("option value", "four colours")),
            (6, NP_("option value", "six colours")),
        ),
    ),
    Option(
        "colours_per_seat",
        None,
        N_(
            "colours each seat plays (default: 2 for 2 players on the four-colour board, 3 for 2"
            " and 2 for 3 players on the six-colour board, else 1)"
        ),
        (1, 2, 3),
        int,
        title=N_("Colours per player"),
        explain=N_("How many colours each player plays."),
    ),
    Option(
        "ruleset",
        "seed",
        N_(
            "schmidt: the official German rules as a preset (capture_own=false, clear_start=true,"
            " move_new_pawn=false, goal_bounce=false); explicit options given with it win"
        ),
        ("seed", "schmidt"),
        str,
        title=N_("Rule book"),
        explain=N_(
            "The Dutch rules of the original, or the official German rules of Mensch ärgere dich"
            " nicht."
        ),
        labels=(
            ("seed", NP_("option value", "Dutch (the original)")),
            ("schmidt", NP_("option value", "German (Schmidt)")),
        ),
    ),
)

SCHMIDT = {"capture_own": False, "clear_start": True, "move_new_pawn": False, "goal_bounce": False}


class LudoGame(Game):
    """Mens erger je niet for 2-6 players on the four- or six-colour board."""

    id = "ludo"
    title = NP_("game title", "Mens erger je niet")
    summary = N_(
        "Race your four pawns round the board and home; landing on a pawn sends it back "
        "to the start."
    )
    min_players = 2
    max_players = 6
    default_players = 4
    option_specs = OPTIONS

    def __init__(self, players: int | None = None, **options: Any) -> None:
        self._explicit = {name for name, value in options.items() if value is not None}
        super().__init__(players, **options)

    def _configure(self) -> None:
        if self.options["ruleset"] == "schmidt":
            for name, value in SCHMIDT.items():
                if name not in self._explicit:
                    self.options[name] = value
        n = self.num_players
        size = int(self.options["board"] or (4 if n <= 4 else 6))
        self.options["board"] = size
        if n > size:
            raise InvalidOptionError(
                f"{n} players need the six-colour board (board=6); board={size} seats 2-{size}"
            )
        per_seat = self.options["colours_per_seat"]
        if per_seat is None:
            per_seat = {(4, 2): 2, (6, 2): 3, (6, 3): 2}.get((size, n), 1)
        per_seat = int(per_seat)
        if n * per_seat > size:
            raise InvalidOptionError(
                f"colours_per_seat={per_seat} with {n} players needs {n * per_seat} colours;"
                f" the board has {size}"
            )
        self.options["colours_per_seat"] = per_seat
        self.board: Board = load_board(size)
        used = n * per_seat
        # Colours in play, in track order, spread round the board; seat of the i-th is i mod n.
        self.colours: tuple[int, ...] = tuple(i * size // used for i in range(used))
        self.owner: list[int] = [-1] * size
        for i, colour in enumerate(self.colours):
            self.owner[colour] = i % n
        self.track_length = self.board.track_length
        self.entries = [self.board.entry(c) for c in range(size)]
        self.enter_action = self.track_length + 4
        track = self.track_length
        # Per colour: progress -> circle (track circle or goal id L..L+3), and back.
        self.square_of = [
            [(entry + p) % track if p < track else p for p in range(track + 4)]
            for entry in self.entries
        ]
        self.progress_of = [
            [(s - entry) % track if s < track else s for s in range(track + 4)]
            for entry in self.entries
        ]
        opts = self.options
        self.capture_own = bool(opts["capture_own"])
        self.clear_start = bool(opts["clear_start"])
        self.move_new_pawn = bool(opts["move_new_pawn"])
        self.goal_bounce = bool(opts["goal_bounce"])
        self.goal_jump = bool(opts["goal_jump"])
        self.three_tries = bool(opts["three_tries"])
        self.must_capture = bool(opts["must_capture"])
        self.play_out = bool(opts["play_out"])

    def seat_colours(self, seat: int) -> list[int]:
        return [c for c in self.colours if self.owner[c] == seat]

    def seat_name(self, seat: int) -> str:
        """The seat's colours: "red", or "red & yellow" for a seat with two."""
        return " & ".join(self.colour_name(c) for c in self.seat_colours(seat))

    def colour_name(self, colour: int) -> str:
        return self.board.colours[colour]

    def new_initial_state(self, seed: int | None = None) -> LudoState:
        return LudoState(self, seed)

    def _state_from_json(self, obj: JSON) -> LudoState:
        return LudoState.from_json(self, obj)


class LudoState(State):
    """A Mens erger je niet position."""

    game: LudoGame

    def __init__(self, game: LudoGame, seed: int | None) -> None:
        super().__init__(game, seed)
        first = 0 if game.options["start_pawn_on_a"] else RESERVE
        size = game.board.size
        self.pawns: list[list[int]] = [
            [first, RESERVE, RESERVE, RESERVE] if game.owner[c] >= 0 else [] for c in range(size)
        ]
        self.goal_mask = [0] * size
        self.occupant = [-1] * game.track_length
        if first == 0:
            for colour in game.colours:
                self.occupant[game.entries[colour]] = colour
        self.turn = 0  # index into game.colours
        self.phase = START
        self.die = 0
        self.must_move = -1  # track circle of a just-entered pawn that must use this roll
        self.tries = 0  # rolls without a 6 used so far under three_tries
        self.finished: list[int] = []
        self._position: JSON | None = None  # `position_json`, kept until the next action

    # -- the API ------------------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase == MOVE:
            return self.game.owner[self.game.colours[self.turn]]
        if phase == OVER:
            return TERMINAL
        return CHANCE

    def is_chance_node(self) -> bool:
        return self.phase < MOVE

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def _chance_actions(self) -> list[int]:
        return DIE_FACES if self.phase == ROLL else super()._chance_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase == ROLL:
            return list(DIE)
        if self.phase == START:
            n = self.game.num_players
            return [(seat, 1 / n) for seat in range(n)]
        return []

    def _legal_actions(self) -> list[int]:
        return self._moves(self.game.colours[self.turn], self.die)

    def _apply(self, action: int) -> None:
        self._position = None
        phase = self.phase
        if phase == ROLL:
            self._roll(action)
        elif phase == MOVE:
            self._move(action)
        else:  # START: the seat that rolled highest begins with its first colour
            game = self.game
            self.turn = game.colours.index(game.seat_colours(action)[0])
            self.phase = ROLL

    def returns(self) -> list[float]:
        n = self.game.num_players
        if self.phase != OVER:
            return [0.0] * n
        if self.game.play_out:
            values = [0.0] * n
            for rank, seat in enumerate(self.finished):
                values[seat] = 1 - 2 * rank / (n - 1)
            return values
        winner = self.finished[0]
        return [1.0 if seat == winner else -1 / (n - 1) for seat in range(n)]

    def clone(self) -> LudoState:
        other = LudoState.__new__(LudoState)
        other.game = self.game
        other.seed = self.seed
        other._history = self._history[:]
        other._legal = self._legal
        other.pawns = [p[:] for p in self.pawns]
        other.goal_mask = self.goal_mask[:]
        other.occupant = self.occupant[:]
        other.turn = self.turn
        other.phase = self.phase
        other.die = self.die
        other.must_move = self.must_move
        other.tries = self.tries
        other.finished = self.finished[:]
        other._position = self._position
        return other

    # -- rules --------------------------------------------------------------------------------
    def _target(self, colour: int, progress: int, die: int) -> int:
        """Where a pawn of `colour` at `progress` lands with `die`, or -1 if it cannot move."""
        game = self.game
        track = game.track_length
        last = track + 3  # goal circle d
        target = progress + die
        if target > last:
            if not game.goal_bounce:
                return -1
            target = 2 * last - target  # count back from d
            if target < track:
                return -1
        if target == progress:
            return -1
        if target >= track:
            mask = self.goal_mask[colour]
            if mask >> (target - track) & 1:
                return -1
            if not game.goal_jump and self._goal_path_blocked(colour, progress, die, target):
                return -1
            return target
        if not game.capture_own:
            square = (game.entries[colour] + target) % track
            if self.occupant[square] == colour:
                return -1
        return target

    def _goal_path_blocked(self, colour: int, progress: int, die: int, target: int) -> bool:
        track = self.game.track_length
        last = track + 3
        mask = self.goal_mask[colour]
        if progress >= track:
            mask &= ~(1 << (progress - track))
        passed = list(range(max(progress + 1, track), min(progress + die, last) + 1))
        if progress + die > last:
            passed += range(last - 1, target, -1)
        return any(mask >> (circle - track) & 1 for circle in passed if circle != target)

    def _square(self, colour: int, progress: int) -> int:
        """The action id (circle) of a pawn: its track circle, or its goal circle L..L+3."""
        return self.game.square_of[colour][progress]

    def _progress(self, colour: int, square: int) -> int:
        return self.game.progress_of[colour][square]

    def _moves(self, colour: int, die: int) -> list[int]:
        game = self.game
        pawns = self.pawns[colour]
        entry = game.entries[colour]
        if self.must_move >= 0:  # the roll after a bring-in belongs to the new pawn
            progress = self._progress(colour, self.must_move)
            return [self.must_move] if self._target(colour, progress, die) >= 0 else []
        waiting = RESERVE in pawns
        if die == 6 and waiting and (game.capture_own or self.occupant[entry] != colour):
            return [game.enter_action]
        square_of = game.square_of[colour]
        target = self._target
        moves = [square_of[p] for p in pawns if p >= 0 and target(colour, p, die) >= 0]
        if len(moves) > 1:
            if game.clear_start and waiting and entry in moves and self.occupant[entry] == colour:
                return [entry]
            if game.must_capture:
                captures = [m for m in moves if self._captures(colour, m, die)]
                if captures:
                    moves = captures
            moves.sort()
        return moves

    def _captures(self, colour: int, square: int, die: int) -> bool:
        """Whether moving the pawn on `square` by `die` captures a pawn of another seat."""
        game = self.game
        if square == game.enter_action:
            victim = self.occupant[game.entries[colour]]
        else:
            target = self._target(colour, self._progress(colour, square), die)
            if target >= game.track_length:
                return False
            victim = self.occupant[(game.entries[colour] + target) % game.track_length]
        return victim >= 0 and game.owner[victim] != game.owner[colour]

    def _stuck(self, colour: int) -> bool:
        """No pawn on the track and no goal pawn able to move with any roll but a 6."""
        track = self.game.track_length
        pawns = self.pawns[colour]
        if any(0 <= p < track for p in pawns):
            return False
        return all(self._target(colour, p, d) < 0 for p in pawns if p >= 0 for d in range(1, 6))

    def _roll(self, die: int) -> None:
        self.die = die
        colour = self.game.colours[self.turn]
        moves = self._moves(colour, die)
        if moves:
            self.phase = MOVE
            self._legal = moves
            return
        # The roll is lost; a 6 still earns another roll.
        self.must_move = -1
        if die == 6:
            self.tries = 0
        elif self.game.three_tries and self.tries < 2 and self._stuck(colour):
            self.tries += 1
        else:
            self._next_turn()

    def _move(self, action: int) -> None:
        game = self.game
        colour = game.colours[self.turn]
        track = game.track_length
        pawns = self.pawns[colour]
        self.phase = ROLL
        self.tries = 0
        if action == game.enter_action:
            pawns[pawns.index(RESERVE)] = 0
            entry = game.entries[colour]
            self._capture(entry)
            self.occupant[entry] = colour
            self.must_move = entry if game.move_new_pawn else -1
            return  # roll again, and (by default) move this pawn
        self.must_move = -1
        progress = self._progress(colour, action)
        target = self._target(colour, progress, self.die)
        pawns[pawns.index(progress)] = target
        if progress < track:
            self.occupant[action] = -1
        else:
            self.goal_mask[colour] &= ~(1 << (progress - track))
        if target < track:
            square = (game.entries[colour] + target) % track
            self._capture(square)
            self.occupant[square] = colour
            if self.die != 6:
                self._next_turn()
            return
        self.goal_mask[colour] |= 1 << (target - track)
        seat = game.owner[colour]
        if self.goal_mask[colour] == 15 and all(
            self.goal_mask[c] == 15 for c in game.seat_colours(seat)
        ):
            self.finished.append(seat)
            unfinished = [s for s in range(game.num_players) if s not in self.finished]
            if not game.play_out or len(unfinished) == 1:
                if game.play_out:
                    self.finished += unfinished
                self.phase = OVER
                self.die = 0
                return
            self._next_turn()
        elif self.die != 6 or self.goal_mask[colour] == 15:
            self._next_turn()  # a colour with every pawn home has nothing to roll for

    def _capture(self, square: int) -> None:
        victim = self.occupant[square]
        if victim >= 0:
            pawns = self.pawns[victim]
            pawns[pawns.index(self._progress(victim, square))] = RESERVE

    def _next_turn(self) -> None:
        game = self.game
        count = len(game.colours)
        turn = self.turn
        for _ in range(count):
            turn = (turn + 1) % count
            colour = game.colours[turn]
            if self.goal_mask[colour] != 15 and game.owner[colour] not in self.finished:
                break
        self.turn = turn
        self.phase = ROLL
        self.die = 0
        self.tries = 0
        self.must_move = -1

    # -- notation -----------------------------------------------------------------------------
    def action_to_string(self, action: int) -> str:
        phase = self.phase
        if phase == ROLL:
            if type(action) is int and 1 <= action <= 6:
                return str(action)
            raise NotationError(f"a die shows 1-6, not {action!r}")
        if phase == START:
            if type(action) is int and 0 <= action < self.game.num_players:
                return f"start:{action}"
            raise NotationError(f"the starting seat is 0-{self.game.num_players - 1}")
        game = self.game
        colour = game.colours[self.turn]
        if action == game.enter_action:
            victim = self.occupant[game.entries[colour]]
            return f"Rx{game.entries[colour]}" if victim >= 0 else f"R-{game.entries[colour]}"
        if type(action) is not int or not 0 <= action < game.enter_action:
            raise NotationError(f"{action!r} is not a ludo action")
        source = self.square_name(action)
        track = game.track_length
        own = (
            self.goal_mask[colour] >> (action - track) & 1
            if action >= track
            else self.occupant[action] == colour
        )
        target = self._target(colour, self._progress(colour, action), self.die) if own else -1
        if target < 0 or not self.die:
            return source
        if target >= game.track_length:
            return f"{source}-{GOAL_NAMES[target - game.track_length]}"
        square = (game.entries[colour] + target) % game.track_length
        return f"{source}{'x' if self.occupant[square] >= 0 else '-'}{square}"

    def square_name(self, square: int) -> str:
        """Track circles are numbered 0..L-1 (circle 10·k is colour k's A); goals are a-d."""
        track = self.game.track_length
        return GOAL_NAMES[square - track] if square >= track else str(square)

    def string_to_action(self, text: str) -> int:
        if not isinstance(text, str):
            raise NotationError(f"a move is text, not {type(text).__name__}")
        raw = text.strip().lower()
        if self.phase == ROLL:
            if raw in {"1", "2", "3", "4", "5", "6"}:
                return int(raw)
            raise NotationError(f"{text!r}: a die roll is written 1-6")
        if self.phase == START:
            seat = raw.removeprefix("start:")
            if seat.isdigit() and int(seat) < self.game.num_players:
                return int(seat)
            raise NotationError(f"{text!r}: the starting seat is written start:0 .. start:N-1")
        if self.phase == OVER:
            raise NotationError("the game is over")
        game = self.game
        source = raw.replace("x", "-").split("-")[0].strip()
        if source in {"r", "in"}:
            action = game.enter_action
        elif len(source) == 1 and source in GOAL_NAMES:
            action = game.track_length + GOAL_NAMES.index(source)
        elif source.isdigit() and int(source) < game.track_length:
            action = int(source)
        else:
            raise NotationError(
                f"{text!r} is not a ludo move: write the circle a pawn leaves (0-"
                f"{game.track_length - 1}, a-d, or R to bring a pawn in), e.g. 12-17, 38-b, R-0"
            )
        if raw != source and action in self.legal_actions():
            written = raw.replace("x", "-").split("-", 1)[1].strip()
            expected = self.action_to_string(action).replace("x", "-").split("-", 1)[1]
            if written != expected:
                raise NotationError(f"{text!r}: that pawn would land on {expected}, not {written}")
        return action

    # -- JSON ---------------------------------------------------------------------------------
    def _pawn_names(self, colour: int) -> list[str]:
        return [
            "R" if p == RESERVE else self.square_name(self._square(colour, p))
            for p in sorted(self.pawns[colour])
        ]

    def position_json(self) -> JSON:
        """Kept until the next action: a view's narration and drawing read it ten times over.
        Read it, never change it (`to_json` hands out fresh copies)."""
        if self._position is None:
            self._position = self._position_json()
        return self._position

    def _position_json(self) -> JSON:
        game = self.game
        return {
            "turn": game.colour_name(game.colours[self.turn]),
            "phase": PHASES[self.phase],
            "die": self.die or None,
            "must_move": self.must_move if self.must_move >= 0 else None,
            "tries": self.tries,
            "pawns": {game.colour_name(c): self._pawn_names(c) for c in game.colours},
            "finished": list(self.finished),
        }

    def observation(self, seat: int) -> JSON:
        """Everything is public except the seed, which would tell the dice to come."""
        self._check_seat(seat)
        game = self.game
        return {
            "game": game.id,
            "seat": seat,
            "colours": {game.colour_name(c): game.owner[c] for c in game.colours},
            **self._position_json(),
            "history": list(self._history),
        }

    @classmethod
    def from_json(cls, game: LudoGame, obj: JSON) -> LudoState:
        state = cls(game, obj.get("seed"))
        names = {game.colour_name(c): c for c in game.colours}
        track = game.track_length
        pawns = obj["pawns"]
        if set(pawns) != set(names):
            raise StateFormatError(f"pawns must list exactly the colours {sorted(names)}")
        state.occupant = [-1] * track
        for name, places in pawns.items():
            colour = names[name]
            if len(places) != 4:
                raise StateFormatError(f"{name} has {len(places)} pawns; every colour has 4")
            progress = []
            mask = 0
            for place in places:
                text = str(place).strip().lower()
                if text == "r":
                    progress.append(RESERVE)
                elif len(text) == 1 and text in GOAL_NAMES:
                    bit = 1 << GOAL_NAMES.index(text)
                    if mask & bit:
                        raise StateFormatError(f"two {name} pawns on goal circle {text}")
                    mask |= bit
                    progress.append(track + GOAL_NAMES.index(text))
                elif text.isdigit() and int(text) < track:
                    square = int(text)
                    if state.occupant[square] >= 0:
                        raise StateFormatError(f"two pawns on track circle {square}")
                    state.occupant[square] = colour
                    progress.append((square - game.entries[colour]) % track)
                else:
                    raise StateFormatError(
                        f"{name} pawn at {place!r}: write R, a track circle 0-{track - 1}, or a-d"
                    )
            state.pawns[colour] = progress
            state.goal_mask[colour] = mask
        turn = obj.get("turn", game.colour_name(game.colours[0]))
        if turn not in names:
            raise StateFormatError(f"turn {turn!r} is not a colour in play ({sorted(names)})")
        state.turn = game.colours.index(names[turn])
        phase = obj.get("phase", "roll")
        if phase not in PHASES:
            raise StateFormatError(f"phase {phase!r} is not one of {', '.join(PHASES)}")
        state.phase = PHASES.index(phase)
        die = obj.get("die") or 0
        if state.phase == MOVE and die not in range(1, 7):
            raise StateFormatError(f"a position in phase 'move' needs the die (1-6), not {die!r}")
        if die not in range(7):
            raise StateFormatError(f"die {die!r}: a die shows 1-6")
        state.die = die
        state.tries = int(obj.get("tries", 0))
        state.finished = [int(s) for s in obj.get("finished", [])]
        must_move = obj.get("must_move")
        state.must_move = -1 if must_move is None else int(must_move)
        colour = game.colours[state.turn]
        if state.must_move >= 0 and state.occupant[state.must_move] != colour:
            raise StateFormatError(f"must_move {must_move}: no {turn} pawn stands there")
        if state.phase == MOVE and not state._moves(colour, die):
            raise StateFormatError(f"{turn} has no legal move with a {die}: use phase 'roll'")
        state._history = [int(a) for a in obj.get("history", [])]
        return state
