"""The game-folder contract: which modules a game's folder has, and what each offers.

A game is one folder, `games/<id>/`, registered by one line in `games/__init__.py`; the rest
of ludoteca finds its modules by name (`registry.game_module`) and asks each for what this
module says it has. The protocols below are the modules' shapes (a module satisfies one when
it has the names, as `isinstance(module, TextModule)` checks and mypy checks statically);
`MODULES` lists them, required or optional, and `OPTIONAL_HOOKS` the names a module may have
beyond its protocol, each used where present. The conformance suite
(`tests/core/test_conformance.py`) checks every registered game against all of it, and
docs/api.md writes it out in full.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol, runtime_checkable

from ludoteca.core.bounds import Bounds

# -- required modules ---------------------------------------------------------------------------


@runtime_checkable
class TextModule(Protocol):
    """`text.py`: the position as text (the terminal, `str(state)`)."""

    def render_text(self, state: Any) -> str: ...

    def render_rich(self, state: Any, marks: Mapping[int, str] | None = None) -> Any: ...


@runtime_checkable
class SvgModule(Protocol):
    """`svg.py`: the board as SVG (the browser, replays, the rules pages)."""

    def render_svg(self, state: Any, seat: int | None = None, interactive: bool = False) -> str: ...


@runtime_checkable
class BotsModule(Protocol):
    """`bots.py`: the game's own bots beside the general ones, and its three strengths."""

    AGENTS: Mapping[str, type]
    STRENGTHS: Mapping[str, Any]


@runtime_checkable
class SearchModule(Protocol):
    """`search.py`: a position's value for the searching agents."""

    MCTS_DEFAULTS: Mapping[str, str]

    def evaluate(self, state: Any, seat: int) -> float: ...


@runtime_checkable
class TensorModule(Protocol):
    """`tensor.py`: the observation tensor and the sizes of the RL interfaces."""

    def shape(self, game: Any) -> tuple[int, ...]: ...

    def encode(self, state: Any, seat: int) -> Any: ...

    def describe(self, game: Any) -> list[str]: ...

    def bounds(self, game: Any) -> Bounds: ...


@runtime_checkable
class EventsModule(Protocol):
    """`events.py`: what the balance reports count, and the final scores."""

    def events(self, before: Any, action: int, after: Any) -> Sequence[str]: ...

    def scores(self, state: Any) -> Mapping[str, float]: ...


# -- optional modules ---------------------------------------------------------------------------


@runtime_checkable
class DescribeModule(Protocol):
    """`describe.py`: moves and seats in words, in the active language (the move log, screen
    readers, reviews); without it a move reads as its notation."""

    def describe_action(self, state: Any, action: int, names: Sequence[str]) -> str: ...

    def player_name(self, game: Any, seat: int) -> str: ...


@runtime_checkable
class PanelModule(Protocol):
    """`panel.py`: side information (cards, accounts, the columns in hand) as HTML the page
    shows after the board and can reflow."""

    def panel_html(
        self, state: Any, *, seat: int | None = None, interactive: bool = False
    ) -> str: ...


@runtime_checkable
class BoardDataModule(Protocol):
    """`board_data.py` with `static/board.js`: a board of the game's own in the browser (the
    villa's 3D), drawn from the data this module gives."""

    def board_data(self, state: Any) -> dict[str, Any]: ...


@runtime_checkable
class LessonModule(Protocol):
    """`lesson.py`: the guided first game at `/learn/<id>`, a `ludoteca.lessons.Lesson` that
    `tests/test_lessons.py` replays on the engine."""

    LESSON: Any


@runtime_checkable
class FastSearchModule(Protocol):
    """`fast_search.py`: the `mcts` agent's rollouts (`rollout(game)`) or whole search
    (`Search`) compiled over the kernel (numba, the `fast` extra)."""


@runtime_checkable
class SolveModule(Protocol):
    """`solve.py`: `ludoteca solve <id>`."""

    def run(self, console: Any, **settings: Any) -> Any: ...


@runtime_checkable
class KernelModule(Protocol):
    """`fast.py`: the rules compiled with numba on flat integer arrays (the `fast` extra), one
    row per game; `fast_batch.py` comes with it."""

    S_STEP: int
    """The row's column holding the history's length."""

    def row_values(self, state: Any) -> list[int]: ...

    def to_state(
        self, game: Any, rows: Any, i: int, seed: int, history: list[int] | None = None
    ) -> Any: ...

    def observation_size(self, game: Any) -> int: ...


@runtime_checkable
class BatchHooks(Protocol):
    """`fast_batch.py`: what the batch engine (`vector.engine`) must know of the kernel beyond
    its functions, and those of its functions whose signature differs from `BatchKernel`'s
    (the engine takes each name from here first, then from `fast.py`)."""

    HAS_CHANCE: bool
    ROWS_BY_LENGTH: bool
    """True where the rows depend on the length cap (siege's repetition table): then
    `config(game, max_length)`, `new_rows(cfg, batch)`, `to_row(state, cfg, rows, i)`; else
    `config(game)`, `new_rows(batch)`, `to_row(state, rows, i)`."""
    MAX_OUTCOMES: int
    """Room for the outcomes of any one chance node (0 without chance)."""


@runtime_checkable
class BatchKernel(Protocol):
    """A kernel as the batch engine calls it (`vector.engine.Kernel`: `fast_batch.py`'s names,
    then `fast.py`'s). `cfg` is the configuration array, `s` the rows, `i` a row, `out` a
    buffer of `MAX_LEGAL` action ids and `scratch` whatever `new_scratch()` makes; the functions
    from `new_scratch` on are numba functions."""

    MAX_LEGAL: int
    """Room for the legal actions of any one decision."""
    S_STEP: int

    def num_actions(self, game: Any) -> int: ...

    def observation_size(self, game: Any) -> int: ...

    def new_scratch(self) -> Any: ...

    def initial(self, cfg: Any, s: Any, i: int) -> None: ...

    def current_player(self, cfg: Any, s: Any, i: int) -> int: ...

    def legal_actions(self, cfg: Any, s: Any, i: int, out: Any, scratch: Any) -> int: ...

    def apply(self, cfg: Any, s: Any, i: int, action: int, out: Any, scratch: Any) -> int:
        """Play `action`; returns how many legal actions of the position reached it wrote into
        `out`, or 0 (the engine then works them out)."""
        ...

    def returns(self, cfg: Any, s: Any, i: int, out: Any) -> None: ...

    def encode(self, cfg: Any, s: Any, i: int, seat: int, out: Any) -> None: ...


CHANCE_HOOKS = ("resolve_chance", "chance_outcome", "chance_outcomes")
"""What a `BatchKernel` with chance also has: `resolve_chance(cfg, s, seeds, i, max_length,
scratch)` draws chance from the seed until a seat acts, `chance_outcome(cfg, s, i, u)` the
outcome a uniform draw gives, `chance_outcomes(cfg, s, i, ids, probs)` the whole table (for
the equality check)."""


@runtime_checkable
class CheckPlan(Protocol):
    """`fast_check.py`: what `python -m ludoteca.vector.check <id>` runs the kernel through:
    game `k` of a run takes option set `k`. Optional: `policy(game, seed, rng)` (the decisions;
    default uniformly random) and `cut_off(game)` (compare games up to that many actions)."""

    def option_sets(self) -> list[dict[str, Any]]: ...


# -- the table ------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Part:
    """One module of a game folder: its name, its protocol, and whether every game has it."""

    name: str
    protocol: type
    required: bool
    needs: str = ""
    """The extra its import needs ("numba"), where it needs one."""


MODULES: tuple[Part, ...] = (
    Part("text", TextModule, True),
    Part("svg", SvgModule, True),
    Part("bots", BotsModule, True),
    Part("search", SearchModule, True),
    Part("tensor", TensorModule, True),
    Part("events", EventsModule, True),
    Part("describe", DescribeModule, False),
    Part("panel", PanelModule, False),
    Part("board_data", BoardDataModule, False),
    Part("lesson", LessonModule, False),
    Part("solve", SolveModule, False),
    Part("fast_search", FastSearchModule, False, needs="numba"),
    Part("fast_batch", BatchHooks, False, needs="numba"),
    Part("fast", KernelModule, False, needs="numba"),
    Part("fast_check", CheckPlan, False),
)
"""Every module of a game folder the rest of ludoteca looks for (besides `game.py`)."""

OPTIONAL_HOOKS: Mapping[str, tuple[str, ...]] = {
    "text": ("side_label", "describe_chance"),
    "svg": ("click_path", "move_mark", "write_docs_pictures"),
    "search": ("zobrist", "order", "noisy", "compiled"),
    "describe": ("describe_position", "score_text", "standing"),
    "fast_search": ("rollout", "Search"),
    "fast_check": ("policy", "cut_off"),
}
"""Names a module may offer beyond its protocol; each is used where a game has it."""
