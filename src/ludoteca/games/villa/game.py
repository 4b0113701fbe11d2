"""Villa Paletti (`villa`): the rules.

Seed: `shared/seeds/004_9e650fe5177797e2.txt`; rulings: `shared/rules/villa.md`; the rules page
is `docs/games/villa.md`. The physical villa and the static model that decides whether it
stands are in `villa.py`; the odds of the hands in `hands.py`; the notation in `notation.py`.

Actions (ints, the same meaning in every position of their phase):
  0..19            pull column c (columns 5k..5k+4 are colour k's 3 thin, hexagonal, thick)
  20, 21, 22       declare (no own column can be moved), protest, pass (no protest)
  23               decline the penalty after a failed protest (pull none of the protester's)
  100 + cell       place the column in hand at grid point `cell` of the top floor
  2000 + turn*CELLS + cell   lay the next floor with its centroid on `cell`, turned turn*15 deg
Chance actions: the set-up layout (0..999), the colour draw (a permutation, 0..23), a pull's
outcome (0 out, 1 noticed, 2 collapse) and a placement's slip (0 exact, 1..4 a direction).
"""

from __future__ import annotations

from ludoteca.core.api import CHANCE, JSON, TERMINAL, Game, State
from ludoteca.core.errors import InvalidOptionError, StateFormatError
from ludoteca.core.options import Option
from ludoteca.games.villa import hands, notation, record
from ludoteca.games.villa.constants import (
    COLOURS,
    DECLARE,
    DECLINE,
    FLOOR,
    FLOOR_BASE,
    LANDING,
    MAX_HAND_ERROR,
    OVER,
    PASS,
    PENALTY,
    PERMUTATIONS,
    PHASES,
    PLACE,
    PLACE_BASE,
    PROTEST,
    PROTEST_PULL,
    PROTESTING,
    PULL_KINDS,
    PULLING,
    SETUP,
    TURN,
)
from ludoteca.games.villa.layouts import COLUMNS, LAYOUTS, layout
from ludoteca.games.villa.parts import cell_count, cell_xy, load_parts
from ludoteca.games.villa.structure import HAND, OUT, FloorSpot, Villa
from ludoteca.i18n import N_, NP_

OPTIONS = (
    Option(
        "hands",
        "shaky",
        N_(
            "steady: no chance at all; a pull comes out exactly when the villa stands without the"
            " column (else it is noticed) and a column lands exactly where it is put"
        ),
        ("shaky", "steady"),
        str,
        title=N_("Hands"),
        explain=N_(
            "Shaky hands may topple the villa by chance; steady hands do exactly what is chosen."
        ),
        labels=(
            ("shaky", NP_("option value", "shaky")),
            ("steady", NP_("option value", "steady")),
        ),
    ),
    Option(
        "hand_error_mm",
        2,
        f"how far (mm, 0-{MAX_HAND_ERROR}) a placed column may slip from the chosen point;"
        " 0: perfect placement",
        kind=int,
        title=N_("Placing slip (mm)"),
        explain=N_("How far a placed column may slip from the chosen point (0: not at all)."),
    ),
    Option(
        "score_from",
        "blue",
        N_(
            "green: points on the top floor count only from the green floor on (the original);"
            " blue: the blue floor counts too"
        ),
        ("blue", "green"),
        str,
        title=N_("Points from which floor"),
        explain=N_(
            "The top floor scores from the blue floor on, or only from the green floor (the"
            " original)."
        ),
        labels=(
            ("blue", NP_("option value", "blue")),
            ("green", NP_("option value", "green (the original)")),
        ),
    ),
)


class VillaGame(Game):
    """Villa Paletti for 2-4 players: pull own columns and stand them as high as possible."""

    id = "villa"
    title = NP_("game title", "Villa Paletti")
    summary = N_("Pull columns from below and build them up high, while the villa still stands.")
    min_players = 2
    max_players = 4
    default_players = 4
    option_specs = OPTIONS

    def _configure(self) -> None:
        error = int(self.options["hand_error_mm"])  # type: ignore[arg-type]
        if not 0 <= error <= MAX_HAND_ERROR:
            raise InvalidOptionError(f"hand_error_mm is 0-{MAX_HAND_ERROR} mm, not {error}")
        self.steady = self.options["hands"] == "steady"
        self.hand_error = 0.0 if self.steady else float(error)
        self.score_from_green = self.options["score_from"] == "green"
        self.parts = load_parts()
        self.cells = cell_count()

    def seat_colours(self, permutation: int) -> tuple[list[list[int]], int]:
        """Each seat's colours and the neutral colour (-1: none) for a colour draw."""
        order = PERMUTATIONS[permutation]
        n = self.num_players
        if n == 2:
            return [[order[0], order[2]], [order[1], order[3]]], -1
        if n == 3:
            return [[order[0]], [order[1]], [order[2]]], order[3]
        return [[colour] for colour in order], -1

    def new_initial_state(self, seed: int | None = None) -> VillaState:
        return VillaState(self, seed)

    def _state_from_json(self, obj: JSON) -> VillaState:
        state = record.read_position(VillaState(self, obj.get("seed")), obj)
        check_state(state)
        return state


class VillaState(State):
    """A Villa Paletti position: the villa, whose turn, the seal and any pending pull."""

    game: VillaGame

    def __init__(self, game: VillaGame, seed: int | None) -> None:
        super().__init__(game, seed)
        n = game.num_players
        self.villa = Villa()
        self.frozen = [False] * COLUMNS
        self.colours, self.neutral = game.seat_colours(0)
        self.phase = SETUP
        self.turn = 0  # whose turn it is (a protest does not change it)
        self.mover = 0  # the seat acting now
        self.declarer = -1
        self.asked = -1
        self.protester = -1
        self.pulled = -1
        self.pull_kind = 0
        self.cell = -1
        self.owes_neutral = [game.num_players == 3] * n
        self.holder = -1
        self.previous = -1
        self.idle = 0
        self.culprit = -1
        self.last_column = -1
        self.last_outcome = -1

    # -- the API ------------------------------------------------------------------------------
    def current_player(self) -> int:
        phase = self.phase
        if phase == OVER:
            return TERMINAL
        if phase in {SETUP, COLOURS, PULLING, LANDING}:
            return CHANCE
        if phase == PROTESTING:
            return self.asked
        return self.mover

    def chance_outcomes(self) -> list[tuple[int, float]]:
        phase = self.phase
        if phase == SETUP:
            return [(i, 1 / LAYOUTS) for i in range(LAYOUTS)]
        if phase == COLOURS:
            return [(i, 1 / len(PERMUTATIONS)) for i in range(len(PERMUTATIONS))]
        if phase == PULLING:
            return hands.pull_odds(self.villa.margin_without(self.pulled))
        if phase == LANDING:
            return hands.landing_odds([self._fits(point) for point in self._landing_points()])
        return []

    def _legal_actions(self) -> list[int]:
        phase = self.phase
        if phase == TURN:
            return [*self.pullable_for_turn(), DECLARE]
        if phase == PLACE:
            return [PLACE_BASE + cell for cell in self.villa.place_cells(self.pulled)]
        if phase == PROTESTING:
            return [PROTEST, PASS]
        if phase == PROTEST_PULL:
            return self.pullable(self.colours[self.declarer])
        if phase == PENALTY:  # the penalty is the declarer's to take or decline ("mag")
            return [*self.pullable(self.colours[self.protester]), DECLINE]
        cells = self.game.cells
        return sorted(FLOOR_BASE + turn * cells + cell for turn, cell in self.villa.floor_spots())

    def _apply(self, action: int) -> None:
        phase = self.phase
        if phase == SETUP:
            self.villa = layout(action)
            self.phase = COLOURS
        elif phase == COLOURS:
            self.colours, self.neutral = self.game.seat_colours(action)
            self.phase = TURN
        elif phase == PULLING:
            self._pulled(action)
        elif phase == LANDING:
            x, y = self._landing_points()[action]
            self._land(x, y)
        elif phase == PLACE:
            self._place(action - PLACE_BASE)
        elif phase == PROTESTING:
            self._answer(action)
        elif phase == FLOOR:
            self._lay_floor(action - FLOOR_BASE)
        elif action == DECLINE:  # PENALTY, declined: the declaration stands
            self._after_declaration()
        else:  # TURN, PROTEST_PULL, PENALTY
            self._act_in_turn(action)

    def returns(self) -> list[float]:
        n = self.game.num_players
        winner = self.winner()
        if self.phase != OVER or winner < 0:
            return [0.0] * n
        return [1.0 if seat == winner else -1 / (n - 1) for seat in range(n)]

    def winner(self) -> int:
        """The seal's holder, or its previous holder if the holder brought the villa down."""
        if self.phase != OVER:
            return -1
        return self.previous if self.culprit >= 0 and self.culprit == self.holder else self.holder

    def clone(self) -> VillaState:
        other = VillaState.__new__(VillaState)
        other.__dict__.update(self.__dict__)
        other._history = self._history[:]
        other.villa = self.villa.clone()
        other.frozen = self.frozen[:]
        other.colours = [c[:] for c in self.colours]
        other.owes_neutral = self.owes_neutral[:]
        return other

    # -- who may pull what ----------------------------------------------------------------------
    def colour_of(self, column: int) -> int:
        return column // len(self.game.parts.column_kinds)

    def pullable(self, colours: list[int]) -> list[int]:
        """Columns of `colours` that may be pulled: in the villa below the top floor, not
        frozen, and with room for them on the top floor."""
        villa = self.villa
        top = villa.top
        return [
            column
            for column in range(COLUMNS)
            if self.colour_of(column) in colours
            and 0 <= villa.level[column] < top
            and not self.frozen[column]
            and villa.place_cells(column)
        ]

    def pullable_for_turn(self) -> list[int]:
        """The mover's own columns, or neutral ones while it owes a neutral move (3 players)."""
        if self.neutral >= 0 and self.owes_neutral[self.mover]:
            neutral = [c for c in self.pullable([self.neutral]) if self._neutral_may_leave(c)]
            if neutral:
                return neutral
        return self.pullable(self.colours[self.mover])

    def _neutral_may_leave(self, column: int) -> bool:
        """At least one neutral column must stay on every floor (the base plate included)."""
        level = self.villa.level[column]
        here = [c for c in self.villa.on_level(level) if self.colour_of(c) == self.neutral]
        return len(here) >= 2

    # -- turns ----------------------------------------------------------------------------------
    def _act_in_turn(self, action: int) -> None:
        if action == DECLARE:
            self._declare()
            return
        self.pulled = action
        self.pull_kind = {TURN: 0, PROTEST_PULL: 1, PENALTY: 2}[self.phase]
        if self.game.steady:
            self._pulled(hands.steady_pull(self.villa.margin_without(action)))
        else:
            self.phase = PULLING

    def _pulled(self, outcome: int) -> None:
        """The pull of `self.pulled` ended with `outcome`."""
        column = self.pulled
        kind = PULL_KINDS[self.pull_kind]
        self.last_column, self.last_outcome = column, outcome
        if outcome == hands.COLLAPSE:
            self._collapse()
        elif outcome == hands.OUT:
            self.villa.level[column] = HAND
            if kind == "penalty":
                self.villa.level[column] = OUT
                self._done_pulling()
                self._after_declaration()
            else:
                self.phase = PLACE
        else:  # noticed: put back, frozen for the rest of the game
            self.frozen[column] = True
            self._done_pulling()
            if kind == "turn":
                self.idle = 0
                self._next_turn()
            elif kind == "protest" and self.pullable(self.colours[self.protester]):
                self.phase = PENALTY
                self.mover = self.declarer
            else:
                self._after_declaration()

    def _done_pulling(self) -> None:
        self.pulled = -1
        self.pull_kind = 0
        self.cell = -1

    def _place(self, cell: int) -> None:
        if self.game.hand_error > 0:
            self.cell = cell
            self.phase = LANDING
        else:
            self._land(*cell_xy(cell))

    def _landing_points(self) -> list[tuple[float, float]]:
        x, y = cell_xy(self.cell)
        error = self.game.hand_error
        return [(x + dx * error, y + dy * error) for dx, dy in hands.DIRECTIONS]

    def _fits(self, point: tuple[float, float]) -> bool:
        return self.villa.fits(self.pulled, *point) is not None

    def _land(self, x: float, y: float) -> None:
        villa = self.villa
        column = self.pulled
        support = villa.fits(column, x, y)
        assert support is not None, "only allowed landing points are offered"
        villa.level[column], villa.x[column], villa.y[column] = villa.top, x, y
        villa.on[column] = support
        if not villa.stands():
            self._collapse()
            return
        kind = PULL_KINDS[self.pull_kind]
        self._done_pulling()
        self.idle = 0
        if kind == "protest":  # the protest succeeded: the column leaves the game
            villa.level[column], villa.on[column] = OUT, -1
            if not villa.stands():
                self._collapse()
                return
        else:
            if self.colour_of(column) == self.neutral:
                self.owes_neutral[self.mover] = False
            self._award_seal()
        self._next_turn()

    # -- declaring and protesting ---------------------------------------------------------------
    def _declare(self) -> None:
        self.declarer = self.mover
        if self.pullable(self.colours[self.declarer]):
            self.phase = PROTESTING
            self.asked = (self.declarer + 1) % self.game.num_players
        else:
            self._after_declaration()

    def _answer(self, action: int) -> None:
        if action == PROTEST:
            self.protester = self.asked
            self.mover = self.asked
            self.asked = -1
            self.phase = PROTEST_PULL
            return
        self.asked = (self.asked + 1) % self.game.num_players
        if self.asked == self.declarer:
            self.asked = -1
            self._after_declaration()

    def _after_declaration(self) -> None:
        """The declaration stands: the declarer lays the next floor if one can be laid."""
        self.mover = self.declarer
        if self.villa.floor_spots():
            self.phase = FLOOR
            return
        self.idle += 1
        if self.idle >= self.game.num_players:
            self._end()
        else:
            self._next_turn()

    def _lay_floor(self, code: int) -> None:
        turn, cell = divmod(code, self.game.cells)
        self.villa.floors.append(FloorSpot(*cell_xy(cell), turn))
        self.idle = 0
        if self.neutral >= 0:
            self.owes_neutral = [True] * self.game.num_players
        if not self.villa.stands():
            self._collapse()
        else:
            self._next_turn()

    def _next_turn(self) -> None:
        self.turn = (self.turn + 1) % self.game.num_players
        self.mover = self.turn
        self.phase = TURN
        self.declarer = self.protester = self.asked = -1

    # -- the seal and the end -------------------------------------------------------------------
    def points(self, seat: int) -> int:
        """The values of the seat's columns on the top floor (bouwmeesterzegel points)."""
        villa = self.villa
        if self.game.score_from_green and villa.top <= 1:
            return 0
        parts = self.game.parts
        return sum(
            parts.kind_of(c).value
            for c in villa.on_level(villa.top)
            if self.colour_of(c) in self.colours[seat]
        )

    def _award_seal(self) -> None:
        """A seat with strictly more points on the top floor than the holder takes the seal."""
        n = self.game.num_players
        best = self.points(self.holder) if self.holder >= 0 else 0
        for seat in [(self.mover + i) % n for i in range(n)]:
            if seat != self.holder and self.points(seat) > best:
                self.previous, self.holder = self.holder, seat
                return

    def _collapse(self) -> None:
        self.culprit = self.mover
        self._end()

    def _end(self) -> None:
        self.phase = OVER
        self.asked = -1

    # -- notation, JSON -------------------------------------------------------------------------
    def action_to_string(self, action: int) -> str:
        return notation.action_to_string(self, action)

    def string_to_action(self, text: str) -> int:
        return notation.string_to_action(self, text)

    def _position_json(self) -> JSON:
        return record.position_json(self)

    def observation(self, seat: int) -> JSON:
        """Everything is public except the seed, which would tell the hands' luck to come."""
        self._check_seat(seat)
        position = self.to_json()
        del position["seed"]
        return {**position, "seat": seat}


def check_state(state: VillaState) -> None:
    """Raise StateFormatError for a position the rules cannot reach in its phase."""
    if state.phase in {PULLING, PLACE, LANDING} and state.pulled < 0:
        raise StateFormatError(f"phase {PHASES[state.phase]!r} needs the column being moved")
    if state.phase == LANDING and state.cell < 0:
        raise StateFormatError("phase 'landing' needs the cell the column was put on")
    if state.phase in {PROTESTING, PROTEST_PULL, PENALTY, FLOOR} and state.declarer < 0:
        raise StateFormatError(f"phase {PHASES[state.phase]!r} needs the declarer")
    if state.phase in {PROTEST_PULL, PENALTY} and state.protester < 0:
        raise StateFormatError(f"phase {PHASES[state.phase]!r} needs the protester")
