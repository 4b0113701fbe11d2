"""The expectimax agent: exact values on a toy game, a win in one, seeds, legal play everywhere.

The toy game (seat 0 moves first; leaves marked with returns or with their evaluation):

    root (seat 0) --0--> chance --1/4--> over [+1, -1]
                 |              \\-3/4--> seat 1 --0--> over [+1, -1]
                 |                              \\-1--> over [-1, +1]
                 \\--1--> seat 1 --0--> quiet "x" (evaluates +0.4 for seat 0)
                                 \\-1--> quiet "y" (evaluates -0.2 for seat 0)

Seat 1 maximises its own value, so after 0/chance it takes 1 and after 1 it takes "y".
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import ludoteca
from ludoteca import agents
from ludoteca.agents import expectimax
from ludoteca.agents.expectimax import WIN, Expectimax, ExpectimaxAgent
from ludoteca.core.api import CHANCE, JSON, TERMINAL, Game, State
from ludoteca.core.chance import play_chance
from ludoteca.core.errors import InvalidOptionError

RESULTS = {"win0": [1.0, -1.0], "win1": [-1.0, 1.0], "draw": [0.0, 0.0]}
EVALUATION = {"x": 0.4, "y": -0.2}

TREE: dict[str, dict[int, str]] = {
    "root": {0: "chance", 1: "choose1"},
    "chance": {0: "win0", 1: "reply"},
    "reply": {0: "win0", 1: "win1"},
    "choose1": {0: "x", 1: "y"},
    "x": {0: "draw"},
    "y": {0: "draw"},
}
MOVER = {"root": 0, "chance": CHANCE, "reply": 1, "choose1": 1, "x": 0, "y": 0}


class ToyGame(Game):
    id = "toy"
    title = "Toy"
    min_players = max_players = default_players = 2

    def new_initial_state(self, seed: int | None = None) -> ToyState:
        return ToyState(self, "root")

    def _state_from_json(self, obj: JSON) -> ToyState:
        return ToyState(self, obj["node"])


class ToyState(State):
    """A node of the tree in the module docstring, named by the path to it."""

    def __init__(self, game: Game, node: str) -> None:
        super().__init__(game, 0)
        self.node = node

    def current_player(self) -> int:
        return MOVER.get(self.node, TERMINAL)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(0, 0.25), (1, 0.75)] if self.node == "chance" else []

    def _legal_actions(self) -> list[int]:
        return sorted(TREE[self.node])

    def _apply(self, action: int) -> None:
        self.node = TREE[self.node][action]

    def returns(self) -> list[float]:
        return list(RESULTS.get(self.node, [0.0, 0.0]))

    def action_to_string(self, action: int) -> str:
        return str(action)

    def string_to_action(self, text: str) -> int:
        return int(text)

    def clone(self) -> ToyState:
        other = ToyState(self.game, self.node)
        other._history = self.history()
        return other

    def _position_json(self) -> JSON:
        return {"node": self.node}

    def observation(self, seat: int) -> JSON:
        return self._position_json()


def toy_evaluate(state: State, seat: int) -> float:
    assert isinstance(state, ToyState)
    value = EVALUATION.get(state.node, 0.0)
    return value if seat == 0 else -value


def search(**params: Any) -> Expectimax:
    settings = {"width": 0, "samples": 0, **params}
    return Expectimax(toy_evaluate, 2, rng=random.Random(0), **settings)


def after(*actions: int) -> ToyState:
    state = ToyGame().new_initial_state()
    for action in actions:
        state.apply_action(action)
    return state


def test_chance_node_is_the_probability_weighted_mean_of_max_n_replies() -> None:
    """1/4 x win + 3/4 x (seat 1 picks its own win) = -WIN/2 for seat 0."""
    assert search().value(after(0), depth=1) == [-WIN / 2, WIN / 2]


def test_decision_node_maximises_the_movers_own_value() -> None:
    """Seat 1 picks "y" (+0.2 for it) over "x" (-0.4 for it)."""
    assert search().value(after(1), depth=1) == pytest.approx([-0.2, 0.2])


def test_depth_limit_evaluates_instead_of_searching() -> None:
    assert search().value(after(1, 0), depth=0) == pytest.approx([0.4, -0.4])
    assert search().value(after(1, 0), depth=1) == [0.0, 0.0]  # the draw behind it


def test_width_searches_only_the_best_moves_by_one_ply_evaluation() -> None:
    """With width 1, seat 1 only looks at the move its one-ply evaluation likes best."""
    assert search(width=1).value(after(1), depth=1) == pytest.approx([-0.2, 0.2])
    chosen = search(width=1).candidates(after(1), [0, 1])
    assert [action for action, _ in chosen] == [1]


def test_sampled_chance_node_averages_drawn_outcomes() -> None:
    values = search(samples=1).value(after(0), depth=1)
    assert values in ([WIN, -WIN], [-WIN, WIN])


def test_agent_avoids_the_gamble_on_the_toy_game(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(expectimax, "evaluation_of", lambda game: toy_evaluate)
    for seed in range(5):
        agent = ExpectimaxAgent(ToyGame(), seed=seed, depth=2)
        assert agent.act(after()) == 1


# -- real games ------------------------------------------------------------------------------
def test_finds_a_win_in_one_in_ludo() -> None:
    """Red (goal b, c, d filled) rolls 4: 36 -> a wins; c -> a (jumping) is the other move."""
    game = ludoteca.load("ludo", players=4)
    state = game.state_from_json(
        {
            "game": "ludo",
            "players": 4,
            "phase": "move",
            "turn": "red",
            "die": 4,
            "pawns": {
                "red": ["36", "b", "c", "d"],
                "blue": ["R", "R", "R", "R"],
                "yellow": ["R", "R", "R", "R"],
                "green": ["38", "R", "R", "R"],
            },
        }
    )
    assert state.legal_actions() == [36, 42]
    for seed in range(4):
        assert agents.load("expectimax", game, seed=seed).act(state) == 36


def test_same_seed_same_game() -> None:
    game = ludoteca.load("ludo", players=2)

    def history() -> list[int]:
        state = game.new_initial_state(seed=7)
        bots = [agents.load("expectimax:depth=1", game, seed=s) for s in range(2)]
        while len(state.history()) < 120:
            play_chance(state)
            if state.is_terminal():
                break
            state.apply_action(bots[state.current_player()].act(state))
        return state.history()

    assert history() == history()


@pytest.mark.parametrize(
    ("game_id", "players", "spec", "steps"),
    [
        ("ludo", 4, "expectimax", 60),
        ("bremen", 2, "expectimax:depth=1", 30),
        ("museum", 2, "expectimax:depth=1", 30),
        ("villa", 2, "expectimax:depth=1,width=2", 16),
        ("siege", 2, "expectimax:depth=1", 20),
    ],
)
def test_plays_legal_moves_in_random_positions(
    game_id: str, players: int, spec: str, steps: int
) -> None:
    game = ludoteca.load(game_id, players=players)
    rng = random.Random(3)
    agent = agents.load(spec, game, seed=1)
    state = game.new_initial_state(seed=5)
    for _ in range(steps):
        play_chance(state)
        if state.is_terminal():
            break
        legal = state.legal_actions()
        if rng.random() < 0.3:
            assert agent.act(state.clone()) in legal
        state.apply_action(rng.choice(legal))


def test_parameters_are_checked() -> None:
    game = ludoteca.load("ludo", players=2)
    with pytest.raises(InvalidOptionError, match="expectimax needs depth >= 1, not 0"):
        agents.load("expectimax:depth=0", game)
    for name in ("width", "samples"):  # 0: every move, every outcome; less is refused
        with pytest.raises(InvalidOptionError, match=f"expectimax needs {name} >= 0, not -1"):
            agents.load(f"expectimax:{name}=-1", game)
        assert getattr(agents.load(f"expectimax:{name}=0", game).search, name) == 0
    with pytest.raises(InvalidOptionError, match="takes depth, width, samples"):
        agents.load("expectimax:time=3", game)


def test_plays_only_games_with_an_evaluation(monkeypatch: pytest.MonkeyPatch) -> None:
    game = ludoteca.load("ludo", players=2)
    assert ExpectimaxAgent.plays(game)
    monkeypatch.setattr(expectimax, "game_module", lambda game_id, name: None)
    assert not ExpectimaxAgent.plays(game)
    with pytest.raises(ValueError, match="needs a position evaluation"):
        ExpectimaxAgent(game)
