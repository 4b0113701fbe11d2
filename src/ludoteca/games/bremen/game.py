"""Bremer Stadtmusikanten (`bremen`): the rules.

Seed: `shared/seeds/000_eec07db6a3d04c0c.txt`; rulings: `shared/rules/bremen.md`; the rules page
is `docs/games/bremen.md`. Sixteen animals (id = 4·colour + kind, kind 0 donkey ... 3 rooster,
size 4 - kind) stand in stacks on the fields of `board.json`, biggest at the bottom.

A turn is a chance node (both dice) and then the player's decisions. Action ids are fixed by the
board data, so records stay valid:

- animal move: `(animal · F + destination) · 6 + steps - 1` (F fields, steps = the die used);
- robber walk: `ROBBER_BASE + i`, i an index into `Board.robber_paths()`;
- chance: the roll `10 · plain die + R-die` (R-die 1 stands for R), or the starting seat.
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import pairwise
from typing import Any

from ludoteca.core.api import CHANCE, JSON, TERMINAL, Game, State
from ludoteca.core.options import Option
from ludoteca.games.bremen import notation, position
from ludoteca.games.bremen.board import MAX_STEPS, Board, load_board
from ludoteca.games.bremen.constants import (
    ANIMALS,
    MOVE,
    NEUTRAL,
    OVER,
    R_FACE,
    ROBBER,
    ROLL,
    ROLL_ACTIONS,
    ROLLS,
    START,
    TARGET,
    TURBULENT_OFFSET,
    colour_of,
    size_of,
)
from ludoteca.i18n import N_, NP_

OPTIONS = (
    Option(
        "variant",
        "standard",
        N_(
            "harder: an extra roll only for landing on a bigger animal without sending any animal"
            " home; turbulent: mixed start pyramids; harder+turbulent: both"
        ),
        ("standard", "harder", "turbulent", "harder+turbulent"),
        str,
        title=N_("Variant"),
        explain=N_("Harder gives fewer extra rolls; turbulent mixes the start piles."),
        labels=(
            ("standard", NP_("option value", "standard")),
            ("harder", NP_("option value", "harder")),
            ("turbulent", NP_("option value", "turbulent")),
            ("harder+turbulent", NP_("option value", "harder and turbulent")),
        ),
    ),
)


class BremenGame(Game):
    """Bremer Stadtmusikanten for 2-4 players (2: two colours each; 3: one neutral colour)."""

    id = "bremen"
    title = NP_("game title", "Bremer Stadtmusikanten")
    summary = N_(
        "Stack your four town musicians, donkey, dog, cat and rooster, and bring them to "
        "the robbers' house."
    )
    min_players = 2
    max_players = 4
    default_players = 2
    option_specs = OPTIONS

    def _configure(self) -> None:
        n = self.num_players
        variant = str(self.options["variant"])
        self.harder = "harder" in variant
        self.turbulent = "turbulent" in variant
        self.board: Board = load_board()
        board = self.board
        # 2 players: diagonal colours (red & yellow, blue & green); 3: green is neutral.
        self.owner: tuple[int, ...] = {2: (0, 1, 0, 1), 3: (0, 1, 2, NEUTRAL)}.get(n, (0, 1, 2, 3))
        self.own_starts: tuple[frozenset[int], ...] = tuple(
            frozenset(board.starts[c] for c in range(4) if self.owner[c] == seat)
            for seat in range(n)
        )
        self.walls: tuple[int, ...] = tuple(
            sum(1 << board.starts[c] for c in range(4) if self.owner[c] != seat)
            for seat in range(n)
        )
        self.animal_owner: tuple[int, ...] = tuple(self.owner[a >> 2] for a in range(ANIMALS))
        self.home: tuple[int, ...] = tuple(
            board.starts[self._home_colour(a)] for a in range(ANIMALS)
        )
        self.fields = board.size
        self.robber_base = ANIMALS * board.size * MAX_STEPS
        paths = board.robber_paths()
        self.paths_from: dict[tuple[int, int], list[int]] = {}
        for index, path in enumerate(paths):
            self.paths_from.setdefault((path[0], len(path) - 1), []).append(index)
        self.path_index = {path: index for index, path in enumerate(paths)}

    def _home_colour(self, animal: int) -> int:
        colour = colour_of(animal)
        if not self.turbulent:
            return colour
        return (colour - TURBULENT_OFFSET[animal & 3]) % 4

    def seat_colours(self, seat: int) -> list[int]:
        return [c for c in range(4) if self.owner[c] == seat]

    def seat_name(self, seat: int) -> str:
        """The seat's colours: "red", or "red & yellow" with two players."""
        return " & ".join(self.board.colours[c] for c in self.seat_colours(seat))

    def move_action(self, animal: int, field: int, steps: int) -> int:
        return (animal * self.fields + field) * MAX_STEPS + steps - 1

    def split_move(self, action: int) -> tuple[int, int, int]:
        """(animal, destination, steps) of an animal-move action id."""
        rest, steps = divmod(action, MAX_STEPS)
        animal, field = divmod(rest, self.board.size)
        return animal, field, steps + 1

    def new_initial_state(self, seed: int | None = None) -> BremenState:
        return BremenState(self, seed)

    def _state_from_json(self, obj: JSON) -> BremenState:
        return position.read_position(BremenState(self, obj.get("seed")), obj)


class BremenState(State):
    """A Bremer Stadtmusikanten position: the stacks, the robber, the dice and the turn."""

    game: BremenGame

    def __init__(self, game: BremenGame, seed: int | None) -> None:
        super().__init__(game, seed)
        board = game.board
        self.stacks: list[list[int]] = [[] for _ in range(board.size)]
        self.at: list[int] = [0] * ANIMALS
        for animal in sorted(range(ANIMALS), key=lambda a: -size_of(a)):
            self._put(animal, game.home[animal])
        self.robber = board.house
        self.scores = [0] * game.num_players
        self.turn = 0
        self.phase = START
        self.dice = (0, 0)
        self.left: list[int] = []
        self.moved = -1
        self.must_leave = -1
        self.on_top = False
        self.winner = -1

    # -- the API ------------------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase in (ROBBER, MOVE):
            return self.turn
        return TERMINAL if phase == OVER else CHANCE

    def chance_outcomes(self) -> list[tuple[int, float]]:
        if self.phase == ROLL:
            return list(ROLLS)
        if self.phase == START:
            n = self.game.num_players
            return [(seat, 1 / n) for seat in range(n)]
        return []

    def _chance_actions(self) -> list[int]:
        return ROLL_ACTIONS if self.phase == ROLL else super()._chance_actions()

    def _legal_actions(self) -> list[int]:
        if self.phase == ROBBER:
            return self.robber_moves()
        return self.animal_moves()

    def _apply(self, action: int) -> None:
        phase = self.phase
        if phase == ROLL:
            self._roll(action)
        elif phase == MOVE:
            self._move(*self.game.split_move(action))
        elif phase == ROBBER:
            self._rob(self.game.board.robber_paths()[action - self.game.robber_base])
        else:
            self.turn = action
            self.phase = ROLL

    def returns(self) -> list[float]:
        n = self.game.num_players
        if self.phase != OVER:
            return [0.0] * n
        return [1.0 if seat == self.winner else -1 / (n - 1) for seat in range(n)]

    def clone(self) -> BremenState:
        other = BremenState.__new__(BremenState)
        other.__dict__.update(self.__dict__)
        other._history = self._history[:]
        other.stacks = [stack[:] for stack in self.stacks]
        other.at = self.at[:]
        other.scores = self.scores[:]
        other.left = self.left[:]
        return other

    # -- stacks -------------------------------------------------------------------------------
    def _put(self, animal: int, field: int) -> None:
        """Place one animal on a field at its place by size (home fields are restacked)."""
        stack = self.stacks[field]
        place = 0
        while place < len(stack) and size_of(stack[place]) > size_of(animal):
            place += 1
        assert place == len(stack) or size_of(stack[place]) < size_of(animal), "size clash"
        stack.insert(place, animal)
        self.at[animal] = field

    stranded = False
    """Set on a trial copy when an animal sent home found no start field where the turbulent
    set-up rule holds: the move that did it is not legal (`home_field`)."""

    def _send_home(self, animal: int) -> None:
        field = self.home_field(animal)
        if field is None:  # only on a trial copy: such moves are not legal
            self.stranded = True
            game = self.game
            field = next(f for f in game.board.starts if self._free_for(animal, f))
        self._put(animal, field)

    def home_field(self, animal: int) -> int | None:
        """Where the animal goes when sent home now.

        Standard: its colour's start field. Turbulent (the seed: "moeten ze zodanig
        teruggeplaatst worden dat ze deze regel niet overtreden"): the start field it began on
        if the set-up rule then holds there, else the first start field clockwise from it where
        it holds; None if it holds on none of them. Ruling: a move that would send an animal
        home then is not legal (`_strands`), so the rule always holds.
        """
        game = self.game
        home = game.home[animal]
        if not game.turbulent:
            return home
        starts = game.board.starts
        first = starts.index(home)
        order = [starts[(first + i) % 4] for i in range(4)]
        return next(
            (f for f in order if self._free_for(animal, f) and self._keeps_setup_rule(animal, f)),
            None,
        )

    def _free_for(self, animal: int, field: int) -> bool:
        """Whether `field` has no animal of `animal`'s size."""
        return all(size_of(a) != size_of(animal) for a in self.stacks[field])

    def _strands(self, play: Callable[[BremenState, Any], object], what: Any) -> bool:
        """Whether `play(copy, what)`, done on a copy, sends an animal home where the rule holds
        on no start field."""
        if not self.game.turbulent:
            return False
        trial = self.clone()
        play(trial, what)
        return trial.stranded

    def _keeps_setup_rule(self, animal: int, field: int) -> bool:
        """Whether the start field's stack, with `animal` put in by size, obeys the set-up rule:
        its bottom animal is not of the field's colour, and no animal sits on one of its own."""
        stack = sorted([*self.stacks[field], animal], key=lambda a: -size_of(a))
        if colour_of(stack[0]) == self.game.board.starts.index(field):
            return False
        return all(colour_of(a) != colour_of(b) for a, b in pairwise(stack))

    def owner(self, animal: int) -> int:
        """The seat that owns the animal, or NEUTRAL."""
        return self.game.owner[colour_of(animal)]

    def carried(self, animal: int) -> list[int]:
        """The animal and everything on top of it: what moves when it moves."""
        stack = self.stacks[self.at[animal]]
        return stack[stack.index(animal) :]

    def arrival(self, animal: int, field: int) -> tuple[list[int], list[int]]:
        """(stay, sent): the animals on `field` bigger than `animal`, and those sent home."""
        size = size_of(animal)
        stack = self.stacks[field]
        stay = [a for a in stack if size_of(a) > size]
        return stay, stack[len(stay) :]

    # -- legal moves --------------------------------------------------------------------------
    def animal_moves(self) -> list[int]:
        """Every legal animal move with each die still to use (sorted action ids)."""
        moves: set[int] = set()
        for steps in set(self.left):
            moves.update(self._moves_with(steps))
        return sorted(moves)

    def _moves_with(self, steps: int) -> list[int]:
        """The legal moves with one die value (the hot loop of every playout: kept flat)."""
        game = self.game
        board = game.board
        turn = self.turn
        walls = game.walls[turn]
        owners = game.animal_owner
        own_starts = game.own_starts[turn]
        stacks = self.stacks
        goals = (board.house, self.robber)
        bridges = board.bridge_mask
        moves = []
        for animal in range(ANIMALS):
            own = owners[animal] == turn
            if animal == self.moved or not (own or animal & 3) or not self._may_move(animal):
                continue  # a foreign donkey can end on nothing, so never moves
            field = self.at[animal]
            stack = stacks[field]
            height = len(stack) - stack.index(animal)
            size = size_of(animal)
            for end in board.reach(field, steps, walls, height == 1):
                if bridges >> end & 1 and stacks[end]:
                    continue  # an animal on a bridge stands alone
                if end in goals:  # storm the house or chase the robber: pyramids only
                    if (
                        own
                        and height == 4
                        and not (end == board.house and self._strands(BremenState._storm, animal))
                    ):
                        moves.append(game.move_action(animal, end, steps))
                    continue
                target = stacks[end]
                stay = 0
                while stay < len(target) and size_of(target[stay]) > size:
                    stay += 1
                if not own and not (stay and owners[target[stay - 1]] == turn):
                    continue  # a foreign animal moves only to sit on an own animal
                if target[stay:] and self._sends_back(animal, end):
                    continue  # nobody is sent "home" onto the field it is sent from
                if end in own_starts and not self._may_land_on_own_start(animal, end, steps):
                    continue
                moves.append(game.move_action(animal, end, steps))
        return moves

    def _sends_back(self, animal: int, end: int) -> bool:
        """Whether landing `animal` on `end` would send an animal "home" onto `end` itself, or
        (turbulent) where the set-up rule holds on no start field."""
        if not self.game.turbulent:
            sent = self.arrival(animal, end)[1]
            return any(self.game.home[a] == end for a in sent)
        trial = self.clone()
        sent = trial._lift_and_land(animal, end)[1]
        return trial.stranded or any(trial.at[a] == end for a in sent)

    def _may_move(self, animal: int) -> bool:
        """After a landing on an own start field only an animal carrying it off may move."""
        if self.must_leave < 0:
            return True
        field = self.at[self.must_leave]
        if self.at[animal] != field:
            return False
        stack = self.stacks[field]
        return stack.index(animal) <= stack.index(self.must_leave)

    def _may_land_on_own_start(self, animal: int, end: int, steps: int) -> bool:
        """First move only, sending no own animal home, and the other die carries it off."""
        sent = self.arrival(animal, end)[1]
        if self.moved >= 0 or any(self.owner(a) == self.turn for a in sent):
            return False
        return self._can_leave(animal, end, steps)

    def _can_leave(self, animal: int, end: int, steps: int) -> bool:
        """Whether, after landing on an own start field, the other die can carry it off."""
        other = self.left[:]
        other.remove(steps)
        trial = self.clone()
        trial._lift_and_land(animal, end)
        trial.moved = trial.must_leave = animal
        trial.left = other
        return bool(trial._moves_with(other[0]))

    def robber_moves(self) -> list[int]:
        """One walk per distinct effect: where the robber ends and whom he sends home."""
        game = self.game
        paths = game.board.robber_paths()
        seen: set[tuple[int, ...]] = set()
        moves = []
        for index in game.paths_from[(self.robber, self.dice[0])]:
            key = self._robber_effect(paths[index])
            if key not in seen:
                seen.add(key)
                if not self._strands(BremenState._send_all_home, paths[index]):
                    moves.append(game.robber_base + index)
        return moves

    def _robber_effect(self, path: tuple[int, ...]) -> tuple[int, ...]:
        """The end field, then the occupied fields entered: two walks alike here are one move."""
        return (path[-1], *sorted(f for f in path[1:] if self.stacks[f]))

    # -- carrying out -------------------------------------------------------------------------
    def _roll(self, action: int) -> None:
        plain, rdie = divmod(action, 10)
        self.dice = (plain, rdie)
        self.on_top = False
        self.moved = self.must_leave = -1
        if rdie == R_FACE:
            self.phase = ROBBER
            if self.game.turbulent and not self.robber_moves():
                self._end_turn()  # every walk would strand an animal: the roll is lost
            return
        self.left = [plain, rdie]
        self.phase = MOVE
        moves = self.animal_moves()
        if moves:
            self._legal = moves
        else:
            self._end_turn()

    def _rob(self, path: tuple[int, ...]) -> None:
        self._send_all_home(path)
        self.robber = path[-1]
        self._end_turn()

    def _send_all_home(self, path: tuple[int, ...]) -> None:
        """Every animal on every field the robber enters goes home, bottom first."""
        for field in path[1:]:
            for animal in self.stacks[field][:]:
                self.stacks[field].remove(animal)
                self._send_home(animal)

    def _lift_and_land(self, animal: int, end: int) -> tuple[list[int], list[int]]:
        """Move the animal with its riders onto `end`; returns (stay, sent) at `end`."""
        source = self.stacks[self.at[animal]]
        riders = source[source.index(animal) :]
        del source[source.index(animal) :]
        stay, sent = self.arrival(animal, end)
        self.stacks[end] = stay + riders
        for rider in riders:
            self.at[rider] = end
        for victim in sent:
            self._send_home(victim)
        return stay, sent

    def _move(self, animal: int, end: int, steps: int) -> None:
        game = self.game
        board = game.board
        self.left.remove(steps)
        self.moved = animal
        self.must_leave = -1
        if end == board.house:
            self._storm(animal)
            return
        stay, sent = self._lift_and_land(animal, end)
        if end == self.robber:
            self.robber = board.house
            self._score(self.turn, 1)
        elif stay and not (game.harder and sent):
            self.on_top = True
        if end in game.own_starts[self.turn]:
            self.must_leave = animal
        if self.phase == OVER:
            return
        if self.left:
            moves = self.animal_moves()
            if moves:
                self._legal = moves
                return
        self._end_turn()

    def _storm(self, donkey: int) -> None:
        """Each animal's owner scores 1, the donkey's owner 1 more if the robber is home."""
        game = self.game
        pyramid = self.carried(donkey)
        del self.stacks[self.at[donkey]][:]
        for animal in pyramid:
            self._send_home(animal)
        bonus = self.robber == game.board.house
        self.robber = game.board.house
        for animal in pyramid:
            self._score(self.owner(animal), 1)
        if bonus:
            self._score(self.owner(donkey), 1)
        if self.phase != OVER:
            self.on_top = False
            self._end_turn()

    def _score(self, seat: int, points: int) -> None:
        if seat == NEUTRAL:
            return
        self.scores[seat] += points
        self._check_end()

    def _check_end(self) -> None:
        """Seven points end the game; most points wins, then whoever moved most recently."""
        n = self.game.num_players
        reached = [s for s in range(n) if self.scores[s] >= TARGET]
        if not reached:
            return
        best = max(self.scores[s] for s in reached)
        recent = [(self.turn - back) % n for back in range(n)]
        self.winner = next(s for s in recent if s in reached and self.scores[s] == best)
        self.phase = OVER
        self.left = []
        self.moved = self.must_leave = -1
        self.on_top = False

    def _end_turn(self) -> None:
        if self.phase == OVER:
            return
        if not self.on_top:
            self.turn = (self.turn + 1) % self.game.num_players
        self.phase = ROLL
        self.dice = (0, 0)
        self.left = []
        self.moved = self.must_leave = -1
        self.on_top = False

    # -- notation, JSON -------------------------------------------------------------------------
    def action_to_string(self, action: int) -> str:
        return notation.action_to_string(self, action)

    def string_to_action(self, text: str) -> int:
        return notation.string_to_action(self, text)

    def _position_json(self) -> JSON:
        return position.position_json(self)

    def observation(self, seat: int) -> JSON:
        """Everything is public except the seed, which would tell the dice to come."""
        self._check_seat(seat)
        game = self.game
        return {
            "game": game.id,
            "seat": seat,
            **position.position_json(self),
            "history": self.history(),
        }
