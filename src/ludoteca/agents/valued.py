"""`learned`: plays by the learned value, the win probabilities that reviews and hints use.

The value (`review.net.base_value`: the game's shipped network where one is shipped, else its
fitted softmax model; without the calibration map reviews apply, which rescales the chances but
is fitted for their calibration, not for play) gives each seat's chance of winning a decision
position. As TD-Gammon
chose its moves, the agent values every legal move by where it leads, its *afterstate*, for the
seat to move:

- a finished game is scored exactly (its win shares);
- a decision position is valued by the model;
- a chance node (the next roll, a card turned, a pull's outcome) is the expectation over its
  outcomes, weighted by `chance_outcomes()`; an outcome that is a chance node again (a lost
  roll in ludo) is expanded in turn, up to `CHAIN` chance nodes in a row, and the last is read
  by the model directly. A chance node of more than `samples` outcomes (with `samples` set) is
  replaced by that many outcomes drawn from the agent's seeded generator.

All the positions of one move are valued in one model call. With `depth=2` the agent looks one
decision further (max^n expectimax): the `width` moves that were best at depth 1 are searched
again, each decision position they lead to valued by the best reply of the seat that moves
there, by the same value (at most `SCAN` replies, drawn by the seeded generator where there are
more, and at most `REPLY_SAMPLES` outcomes of each chance node after a reply).

With `net=selfplay` the values are instead the game's network trained by self-play
(`ludoteca train --method td`, `learn.td`; shipped as `review/nets/selfplay/GAME-Np.npz`;
`LearnedAgent.playing` gives the agent of a network not shipped, a candidate in training).
Those networks value *afterstates*, the position right after a move before its dice or
cards, as they were trained to, so the agent reads each move's afterstate by the network
without expanding its chance nodes. With `depth=2` (TD-Gammon's two-ply search) the `width`
best moves' afterstates are expanded over their dice or cards after all, as the review value's
are, and each decision position reached is valued by the afterstate of the best reply of the
seat to move there.

The agent reads only what it is handed (a clone under a fresh seed) and draws from its own
generator; ties are broken by that generator, so the same seed replays the same game.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np
import numpy.typing as npt

from ludoteca.agents.base import Agent, child_of
from ludoteca.core.api import Game, State
from ludoteca.i18n import N_
from ludoteca.review.net import NETS, Model, NetModel, base_value, net_path
from ludoteca.review.value import NoValueFunctionError, params_path, win_shares

DEFAULTS: dict[str, int] = {"depth": 1, "width": 4, "samples": 0}
DEPTHS = (1, 2)
"""The depths the agent searches: its own move (1), and the reply after it (2)."""
CHAIN = 3
"""Chance nodes in a row that are expanded; the next one is read by the model."""
SCAN = 64
"""The most replies of one decision looked at with `depth=2` (villa lays a floor in 190 ways)."""
REPLY_SAMPLES = 6
"""The most outcomes of a chance node after a reply (`depth=2`; bremen rolls 36 ways)."""
SELFPLAY = NETS / "selfplay"
"""Where the networks trained by self-play on afterstates are shipped (`net=selfplay`)."""
AFTERSTATES = "afterstates"
"""The `values` of a weight file whose network values afterstates (`learn.td`)."""

Array = npt.NDArray[np.float64]
Leaves = list[tuple[float, State]]
"""Positions a move leads to, each with the probability of reaching it."""

_MODELS: dict[str, Model] = {}


def _key(game: Game) -> str:
    return json.dumps([game.id, game.num_players, game.options], sort_keys=True, default=str)


def value_of(game: Game) -> Model:
    """The game's shipped value without its calibration map, read once per game, player count
    and options."""
    key = _key(game)
    if key not in _MODELS:
        _MODELS[key] = base_value(game)
    return _MODELS[key]


NETS_BY_NAME = ("review", "selfplay")
"""The values `net` names: the review value (`value_of`), the shipped self-play network."""


def selfplay_value(game: Game, directory: Path | None = None) -> NetModel:
    """The game's shipped self-play network (in `directory`, by default `SELFPLAY`): refused
    (NoValueFunctionError) where none is shipped or the file is not an afterstate network."""
    path = net_path(game, directory or SELFPLAY)
    if not path.exists():
        raise NoValueFunctionError(
            f"no self-play network is shipped for {game.id} with {game.num_players} players"
        )
    key = f"{path.resolve()}|{_key(game)}|{path.stat().st_mtime_ns}"
    if key not in _MODELS:
        model = NetModel.read(game, path)
        if model.about.get("values") != AFTERSTATES:
            raise NoValueFunctionError(f"{path.name} is not a network of afterstate values")
        _MODELS[key] = model
    found = _MODELS[key]
    assert isinstance(found, NetModel)
    return found


def _has_value(game: Game) -> bool:
    """Whether a value is shipped for `game` at its options (without reading the weights)."""
    if net_path(game).exists() and _net_options(game) == dict(game.options):
        return True
    path = params_path(game)
    if not path.exists():
        return False
    fitted = json.loads(path.read_text(encoding="utf-8")).get("options")
    return bool(fitted == dict(game.options))


def _net_options(game: Game) -> Any:
    with np.load(net_path(game), allow_pickle=False) as data:
        return json.loads(str(data["meta"])).get("options")


_PLAYS: dict[str, bool] = {}


class LearnedAgent(Agent):
    """Chooses the move whose afterstate the learned value likes best; see the module docstring."""

    name = "learned"
    description = N_("plays by the learned win chances, averaging over dice and cards")

    def __init__(self, game: Game, seed: int | None = None, **params: Any) -> None:
        unknown = sorted(set(params) - {*DEFAULTS, "net"})
        if unknown:
            raise ValueError(f"learned takes depth, width, samples, net; not {', '.join(unknown)}")
        super().__init__(game, seed, **params)
        self.depth = int(params.get("depth", DEFAULTS["depth"]))
        if self.depth not in DEPTHS:
            raise ValueError(
                f"learned looks 1 or 2 decisions ahead (depth=1 or 2), not {self.depth}"
            )
        self.width = self.count(params, DEFAULTS, "width", 1)
        self.samples = self.count(params, DEFAULTS, "samples", 0)
        net = str(params.get("net", "review"))
        if net not in NETS_BY_NAME:
            raise ValueError(f"learned plays by net=review or net=selfplay, not {net!r}")
        try:
            model = value_of(game) if net == "review" else selfplay_value(game)
        except NoValueFunctionError as exc:
            raise ValueError(f"learned needs a learned value: {exc}") from exc
        self._use(model)

    def _use(self, model: Model) -> None:
        self.model = model
        self.chain = CHAIN
        if isinstance(model, NetModel) and model.about.get("values") == AFTERSTATES:
            self.chain = 0  # the network reads afterstates, chance nodes and all

    @classmethod
    def playing(
        cls, game: Game, model: Model, seed: int | None = None, **params: Any
    ) -> LearnedAgent:
        """The agent of a value not shipped (a candidate in training, or the value it would
        replace), with the agent's other parameters (`depth`, `width`, `samples`)."""
        agent = cls(game, seed, **params)
        agent._use(model)
        return agent

    @classmethod
    def plays(cls, game: Game) -> bool:
        """Games (and player counts and options) that ship a learned value."""
        key = _key(game)
        if key not in _PLAYS:
            _PLAYS[key] = _has_value(game)
        return _PLAYS[key]

    def act(self, state: State) -> int:
        legal = state.legal_actions()
        if len(legal) == 1:
            return legal[0]
        mover = state.current_player()
        actions = self.rng.sample(legal, len(legal))
        leaves = [self.leaves(child_of(state, action), self.samples) for action in actions]
        valued = self.valued(leaves)
        scores = np.array(
            [_mean(group, rows)[mover] for group, rows in zip(leaves, valued, strict=True)]
        )
        if self.depth == 2:
            if self.chain != CHAIN:  # afterstates: the replies come after the dice or cards
                chosen = [int(i) for i in np.argsort(-scores, kind="stable")[: self.width]]
                expanded = [
                    self.leaves(child_of(state, actions[move]), self.samples, 0, CHAIN)
                    for move in chosen
                ]
                for move, group, rows in zip(chosen, expanded, self.valued(expanded), strict=True):
                    leaves[move], valued[move] = group, rows
            scores = self._deeper(leaves, valued, scores, mover)
        return actions[int(np.argmax(scores))]  # the first of equals in the seeded order

    def leaves(
        self, state: State, samples: int, chain: int = 0, limit: int | None = None
    ) -> Leaves:
        """The decision or finished positions `state` stands for, with their probabilities
        (chance nodes past `limit` in a row, by default `self.chain`, stay as they are, for the
        model to read)."""
        limit = self.chain if limit is None else limit
        if not state.is_chance_node() or chain >= limit:
            return [(1.0, state)]
        outcomes = state.chance_outcomes()
        if samples and len(outcomes) > samples:
            drawn = self.rng.choices(
                [action for action, _ in outcomes],
                [probability for _, probability in outcomes],
                k=samples,
            )
            outcomes = [(action, 1 / samples) for action in drawn]
        found: Leaves = []
        for action, probability in outcomes:
            for weight, leaf in self.leaves(child_of(state, action), samples, chain + 1, limit):
                found.append((probability * weight, leaf))
        return found

    def valued(self, groups: Sequence[Leaves]) -> list[Array]:
        """Each group's positions' win probabilities, (len(group), players) per group: a
        finished game its win shares, any other position the model's, in one model call."""
        asked = [leaf for group in groups for _, leaf in group if not leaf.is_terminal()]
        modelled = iter(self.model(asked))
        return [
            np.array(
                [win_shares(leaf) if leaf.is_terminal() else next(modelled) for _, leaf in group]
            ).reshape(len(group), self.game.num_players)
            for group in groups
        ]

    def _deeper(
        self, leaves: list[Leaves], valued: list[Array], scores: Array, mover: int
    ) -> Array:
        """The mover's value of each move with the replies after it (max^n): the `width` best
        moves at depth 1 are searched, each decision position they lead to valued by the best
        reply of the seat to move there; the other moves keep their depth-1 value, put below
        every searched one."""
        chosen = [int(i) for i in np.argsort(-scores, kind="stable")[: self.width]]
        replies: list[tuple[int, int, int, list[int]]] = []
        groups: list[Leaves] = []
        for move in chosen:
            for index, (_, leaf) in enumerate(leaves[move]):
                if leaf.is_terminal() or leaf.is_chance_node():
                    continue
                legal = leaf.legal_actions()
                if len(legal) > SCAN:
                    legal = self.rng.sample(legal, SCAN)
                replies.append((move, index, leaf.current_player(), legal))
                groups += [self.leaves(child_of(leaf, a), REPLY_SAMPLES) for a in legal]
        after = iter(
            _mean(group, rows) for group, rows in zip(groups, self.valued(groups), strict=True)
        )
        deeper = {move: valued[move].copy() for move in chosen}
        for move, index, seat, legal in replies:
            rows = [next(after) for _ in legal]
            deeper[move][index] = rows[int(np.argmax([row[seat] for row in rows]))]
        searched = scores - 2.0  # win probabilities lie in [0, 1]
        for move in chosen:
            searched[move] = _mean(leaves[move], deeper[move])[mover]
        return searched


def _mean(group: Leaves, rows: Array) -> Array:
    """The expected win probabilities over a group's positions."""
    weights = np.array([weight for weight, _ in group])
    result: Array = weights @ rows
    return result
