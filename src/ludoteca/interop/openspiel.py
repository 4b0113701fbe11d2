"""Every ludoteca game as an OpenSpiel Python game: `pyspiel.load_game("ludoteca_ludo")`.

Importing this module registers each game as ``ludoteca_<id>``; its parameters are `players`,
`max_length` (0: the game's own bound or cap, see `spaces`) and the game's options
(`pyspiel.load_game("ludoteca_ludo(players=2,three_tries=True)")`; an option whose ludoteca
default depends on others, like ludo's `board`, takes 0 for that default).

The game type: sequential, perfect information, zero-sum, terminal rewards in [-1, 1]; chance
is explicit stochastic (OpenSpiel picks each die roll or card from `chance_outcomes`), except
for siege, which is deterministic. A game reaching its `max_length` actions (chance included)
without ending is over there for OpenSpiel: terminal, with all returns 0. States serialize as
ludoteca JSON (the same `to_json` the web tables store) and clone through the engine's own
`clone`.

Observations: `state.observation_tensor(seat)` is the game's documented tensor
(`ludoteca.games.<id>.tensor`, flattened); `observation_string` and `str(state)` are the
position as one line of JSON, the same for every seat since nothing is hidden.
"""

from __future__ import annotations

import json
import math
from typing import Any

import numpy as np

from ludoteca import agents
from ludoteca.core.api import CHANCE, TERMINAL, Game, State
from ludoteca.core.errors import InvalidOptionError, LudotecaError
from ludoteca.core.options import Option, OptionValue
from ludoteca.core.registry import game_class, game_module, games, load
from ludoteca.interop import require
from ludoteca.interop.spaces import Bounds, ObservationTensor, bounds, supported

require("pyspiel")
import pyspiel  # noqa: E402  (after the check that names the missing extra)

PREFIX = "ludoteca_"
"""OpenSpiel's name of game `id` is PREFIX + id."""

_DEFAULT_BY_KIND: dict[type, OptionValue] = {int: 0, str: ""}
"""Stand-ins for options whose default is None: OpenSpiel parameters cannot be None."""


def short_name(game_id: str) -> str:
    return PREFIX + game_id


def _parameter_default(option: Option) -> OptionValue:
    if option.default is not None:
        return option.default
    return _DEFAULT_BY_KIND[option.kind]


def _game_type(cls: type[Game]) -> Any:
    modes = pyspiel.GameType.ChanceMode
    has_tensor = game_module(cls.id, "tensor") is not None
    parameters: dict[str, OptionValue] = {"players": cls.default_players, "max_length": 0}
    parameters.update({spec.name: _parameter_default(spec) for spec in cls.option_specs})
    return pyspiel.GameType(
        short_name=short_name(cls.id),
        long_name=f"ludoteca {cls.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=modes.EXPLICIT_STOCHASTIC if cls.has_chance else modes.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=cls.max_players,
        min_num_players=cls.min_players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=has_tensor,
        parameter_specification=parameters,
    )


def _ludoteca_game(cls: type[Game], params: dict[str, Any]) -> Game:
    """The ludoteca game for OpenSpiel parameters (stand-ins for None dropped)."""
    players = int(params.get("players", cls.default_players))
    options: dict[str, Any] = {}
    for spec in cls.option_specs:
        if spec.name not in params:
            continue
        value = params[spec.name]
        if spec.default is None and value == _DEFAULT_BY_KIND[spec.kind]:
            continue
        options[spec.name] = value
    return load(cls.id, players=players, **options)


class OpenSpielGame(pyspiel.Game):  # type: ignore[misc]
    """A configured ludoteca game seen by OpenSpiel (one subclass per game id)."""

    game_id: str = ""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        game_type = _GAME_TYPES[self.game_id]
        params = dict(params or {})
        self.ludoteca: Game = _ludoteca_game(game_class(self.game_id), params)
        self.bounds: Bounds = bounds(self.ludoteca, int(params.get("max_length", 0)) or None)
        info = pyspiel.GameInfo(
            num_distinct_actions=self.bounds.num_actions,
            max_chance_outcomes=self.bounds.num_chance_outcomes,
            num_players=self.ludoteca.num_players,
            min_utility=self.bounds.min_utility,
            max_utility=self.bounds.max_utility,
            utility_sum=0.0,
            max_game_length=self.bounds.max_length,
        )
        super().__init__(game_type, info, params)

    def new_initial_state(self) -> OpenSpielState:
        # The seed only drives chance when ludoteca resolves it; OpenSpiel picks outcomes itself.
        return OpenSpielState(self, _Position(self.ludoteca.new_initial_state(seed=0)))

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> Observer:
        if params:
            raise ValueError(f"ludoteca observers take no parameters, not {params}")
        return Observer(self.ludoteca)


class _Position:
    """The engine state inside an OpenSpiel state, pickled as JSON and copied by `clone`.

    OpenSpiel serializes a Python state by pickling its attributes and clones it with a deep
    copy; routing both through the engine keeps them fast and independent of its internals.
    """

    def __init__(self, state: State) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Position:
        return _Position(self.state.clone())

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        game = self.state.game
        options = dict(game.options)
        return (_position_from_json, (game.id, game.num_players, options, self.state.to_json()))


def _position_from_json(
    game_id: str, players: int, options: dict[str, Any], obj: dict[str, Any]
) -> _Position:
    return _Position(load(game_id, players=players, **options).state_from_json(obj))


class OpenSpielState(pyspiel.State):  # type: ignore[misc]
    """A ludoteca position seen by OpenSpiel."""

    def __init__(self, game: OpenSpielGame, position: _Position) -> None:
        super().__init__(game)
        self._position = position
        self._max_length = game.bounds.max_length
        self._length = len(position.state.history())

    @property
    def ludoteca(self) -> State:
        """The engine's state (read it; acting on it directly bypasses OpenSpiel's history)."""
        return self._position.state

    def _cut_off(self) -> bool:
        return self._length >= self._max_length and not self._position.state.is_terminal()

    def current_player(self) -> int:
        player = self._position.state.current_player()
        if player == TERMINAL or self._cut_off():
            return int(pyspiel.PlayerId.TERMINAL)
        if player == CHANCE:
            return int(pyspiel.PlayerId.CHANCE)
        return player

    def is_terminal(self) -> bool:
        return self._position.state.is_terminal() or self._cut_off()

    def _legal_actions(self, player: int) -> list[int]:
        return self._position.state.legal_actions()

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return self._position.state.chance_outcomes()

    def _apply_action(self, action: int) -> None:
        self._position.state.apply_action(int(action))
        self._length += 1

    def _action_to_string(self, player: int, action: int) -> str:
        try:
            return self._position.state.action_to_string(int(action))
        except LudotecaError:
            return f"action {action}"

    def returns(self) -> list[float]:
        state = self._position.state
        if state.is_terminal():
            return [float(value) for value in state.returns()]
        return [0.0] * state.game.num_players

    def __str__(self) -> str:
        return position_text(self._position.state)


class Observer:
    """OpenSpiel's observer protocol over the game's documented tensor (`tensor` and `dict`)."""

    def __init__(self, game: Game) -> None:
        self._observation: ObservationTensor | None = None
        shape: tuple[int, ...] = (0,)
        if game_module(game.id, "tensor") is not None:
            self._observation = ObservationTensor(game)
            shape = self._observation.shape
        self.tensor = np.zeros(math.prod(shape), dtype=np.float32)
        self.dict = {"observation": self.tensor.reshape(shape)}

    def set_from(self, state: OpenSpielState, player: int) -> None:
        if self._observation is not None:
            self.tensor[:] = self._observation.encode(state.ludoteca, player).ravel()

    def string_from(self, state: OpenSpielState, player: int) -> str:
        return position_text(state.ludoteca)


def position_text(state: State) -> str:
    """The position as one line of JSON, without the seed and the history OpenSpiel keeps.

    (Compact and quick rather than pretty: OpenSpiel's checks print it at every step.
    `str(state.ludoteca)` is the game's text board.)
    """
    shown = {key: value for key, value in state.to_json().items() if key not in _NOT_SHOWN}
    return json.dumps(shown, separators=(",", ":"))


_NOT_SHOWN = frozenset({"game", "players", "options", "seed", "history"})


_GAME_TYPES: dict[str, Any] = {}
"""Each registered game's `pyspiel.GameType`, by ludoteca id."""


def _register() -> None:
    registered = set(pyspiel.registered_names())
    for info in games():
        if not supported(info.id) or short_name(info.id) in registered:
            continue
        _GAME_TYPES[info.id] = _game_type(game_class(info.id))
        # A subclass per game, not a closure: OpenSpiel's registry frees its constructors after
        # the interpreter has shut down, and a closure then crashes the process on exit.
        # It is a module attribute so that pickle finds it.
        name = f"OpenSpiel_{info.id}"
        constructor = type(name, (OpenSpielGame,), {"game_id": info.id, "__module__": __name__})
        globals()[name] = constructor
        pyspiel.register_game(_GAME_TYPES[info.id], constructor)


def load_game(game_id: str, **params: Any) -> Any:
    """`pyspiel.load_game` for a ludoteca game id: `load_game("ludo", players=2)`.

    Values may be text (from a command line): they are read as the option's type.
    """
    specs = {spec.name: spec for spec in game_class(game_id).option_specs}
    typed: dict[str, Any] = {}
    for name, value in params.items():
        if name in specs:
            typed[name] = specs[name].coerce(value)
        elif name in ("players", "max_length"):
            typed[name] = int(value)
        else:
            raise InvalidOptionError(
                f"{game_id} has no option {name!r}; it has players, max_length,"
                f" {', '.join(sorted(specs))}"
            )
    return pyspiel.load_game(short_name(game_id), typed)


class LudotecaBot(pyspiel.Bot):  # type: ignore[misc]
    """A ludoteca agent (e.g. ``"mcts:iterations=200"``) behind OpenSpiel's bot interface, so
    OpenSpiel's tools (`evaluate_bots`) can seat it against OpenSpiel's own bots."""

    def __init__(self, game: OpenSpielGame, spec: str, seed: int | None = None) -> None:
        super().__init__()
        self._agent = agents.load(spec, game.ludoteca, seed=seed)

    def step(self, state: OpenSpielState) -> int:
        return self._agent.act(state.ludoteca.clone_for_agent())

    def restart_at(self, state: OpenSpielState) -> None:
        """Nothing to reset: the agent reads the whole position (and history) at each step."""

    def inform_action(self, state: OpenSpielState, player: int, action: int) -> None:
        """Nothing to follow: see `restart_at`."""


_register()
