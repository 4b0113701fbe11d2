"""The `mcts` agent: wins in one in every game, max^n statistics, chance sampling, tree reuse,
reproducibility and its parameters.

Two toy games defined here have statistics that can be checked exactly:

- `Pick` (3 seats): seat 1 moves once and names the winner (action a: seat a wins).
- `Lottery` (2 seats): seat 0 plays (action 0) into a chance node with outcomes 0, 1, 2 of
  probabilities 0.6, 0.3, 0.1 (it wins on 0, loses otherwise) or stays (action 1): a draw.
"""

from __future__ import annotations

import math
import sys
import types
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ludoteca
from ludoteca import agents
from ludoteca.agents.mcts import MCTSAgent, game_defaults
from ludoteca.agents.mcts_tree import Node
from ludoteca.arena.match import play_game
from ludoteca.core.api import CHANCE, JSON, TERMINAL, Game, State
from ludoteca.core.chance import play_chance
from ludoteca.core.errors import InvalidOptionError
from ludoteca.games.museum.board import load_deck
from ludoteca.games.siege.search import evaluate as siege_evaluate

ODDS = [(0, 0.6), (1, 0.3), (2, 0.1)]


# -- toy games ---------------------------------------------------------------------------------
class ToyGame(Game):
    title = "toy"
    min_players = 2
    max_players = 3
    lottery = False

    def new_initial_state(self, seed: int | None = None) -> State:
        return ToyState(self, seed)

    def _state_from_json(self, obj: JSON) -> State:
        return ToyState(self, obj.get("seed"))


class PickGame(ToyGame):
    id = "toy_pick"
    default_players = 3


class LotteryGame(ToyGame):
    id = "toy_lottery"
    default_players = 2
    lottery = True


class ToyState(State):
    game: ToyGame

    def current_player(self) -> int:
        moves = self._history
        if not self.game.lottery:
            return 1 if not moves else TERMINAL
        if not moves:
            return 0
        return CHANCE if moves == [0] else TERMINAL

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return list(ODDS) if self.current_player() == CHANCE else []

    def _legal_actions(self) -> list[int]:
        return [0, 1] if self.game.lottery else list(range(self.game.num_players))

    def _apply(self, action: int) -> None:
        """The history (kept by `State`) is the whole position."""

    def returns(self) -> list[float]:
        n, moves = self.game.num_players, self._history
        if self.current_player() != TERMINAL or (moves == [1] and self.game.lottery):
            return [0.0] * n
        winner = moves[0] if not self.game.lottery else 0 if moves[1] == 0 else 1
        return [1.0 if seat == winner else -1 / (n - 1) for seat in range(n)]

    def action_to_string(self, action: int) -> str:
        return str(action)

    def string_to_action(self, text: str) -> int:
        return int(text)

    def clone(self) -> State:
        other = ToyState(self.game, self.seed)
        other._history = list(self._history)
        return other

    def _position_json(self) -> JSON:
        return {}

    def observation(self, seat: int) -> JSON:
        return self.to_json()


@pytest.fixture
def toy(monkeypatch: pytest.MonkeyPatch) -> None:
    """Empty stand-ins for the toy games' packages: looking up their optional modules
    (`search`) then finds none instead of failing on a package that does not exist."""
    for game in (PickGame, LotteryGame):
        name = f"ludoteca.games.{game.id}"
        monkeypatch.setitem(sys.modules, name, types.ModuleType(name))


def root_of(agent: agents.Agent) -> Node:
    assert isinstance(agent, MCTSAgent) and agent.tree is not None
    return agent.tree.root


# -- wins in one, one constructed position per game --------------------------------------------
def ludo_position() -> State:
    """Red (seat 0 of 4) rolled a 2: 39-b brings its last pawn home; d-b does not."""
    game = ludoteca.load("ludo", players=4)
    names = [game.colour_name(c) for c in game.colours]  # type: ignore[attr-defined]
    pawns = {name: ["R"] * 4 for name in names}
    pawns["red"] = ["39", "a", "c", "d"]
    obj = {"game": "ludo", "turn": "red", "phase": "move", "die": 2, "pawns": pawns}
    return game.state_from_json(obj)


def bremen_position() -> State:
    """Red (seat 0 of 4) has 6 points; the donkey taking the robber on 26 makes the seventh."""
    game = ludoteca.load("bremen", players=4)
    stacks = {"25": ["rD", "rH", "rC", "rR"]}
    for colour, home in {"b": "6", "y": "12", "g": "18"}.items():
        stacks[home] = [colour + kind for kind in "DHCR"]
    obj = {"game": "bremen", "stacks": stacks, "phase": "move", "dice": [1, 5], "robber": "26"}
    return game.state_from_json({**obj, "scores": [6, 0, 0, 0]})


def museum_position() -> State:
    """The last round, blue (seat 1) moves last: 9000 banked, back on the roof (+5000) it
    beats red's 8000 + 5000; anywhere else the game goes on."""
    game = ludoteca.load("museum", players=2)
    deck = [kind.name for kind in load_deck().kinds for _ in range(kind.count)]
    markers = {"red": {"banked": [1]}, "blue": {"banked": [20, 8]}}
    obj = {"game": "museum", "phase": "move", "start_player": "red", "turn": "blue"}
    return game.state_from_json(
        {**obj, "discard": deck, "thieves": {"blue": "23"}, "markers": markers}
    )


def siege_position() -> State:
    """
    6  ~ . # L ^ # . ~
    5  ~ . # S S # . ~
    4  ~ . N S # # . ~      the knight on c4 takes the lord on d6 (or a soldier)
    """
    obj = {"knights": ["c4", "g1"], "soldiers": ["d4", "d5", "e5"], "lord": "d6"}
    return ludoteca.load("siege").state_from_json({"game": "siege", **obj, "turn": "attacker"})


def villa_position() -> State:
    """Seat 1 declared; seat 0 holds the seal, everyone else has declared since the last floor
    and no floor can be laid: passing ends the game with seat 0's win, protesting does not."""
    columns = {
        "W1": (-60.0, 20.0),
        "K1": (60.0, 20.0),
        "P1": (0.0, -60.0),
        "C1": (-40.0, -20.0),
        "W2": (55.0, 5.0),
        "K2": (-20.0, -50.0),
        "P2": (30.0, -50.0),
        "C2": (-55.0, 5.0),
    }
    obj: dict[str, Any] = {
        "game": "villa",
        "floors": [{"x": 0.0, "y": 0.0, "turn": 0}],
        "columns": {name: {"level": 0, "x": x, "y": y} for name, (x, y) in columns.items()},
        "phase": "protest",
        "turn": 1,
        "declarer": 1,
        "asked": 0,
        "idle": 1,
        "seal": {"holder": 0, "previous": None},
    }
    return ludoteca.load("villa", players=2).state_from_json(obj)


def wins_at_once(state: State, action: int) -> bool:
    after = state.clone()
    after.apply_action(action)
    return after.is_terminal() and after.returns()[state.current_player()] == 1.0


POSITIONS: dict[str, Callable[[], State]] = {
    "ludo": ludo_position,
    "bremen": bremen_position,
    "museum": museum_position,
    "siege": siege_position,
    "villa": villa_position,
}


@pytest.mark.parametrize("game_id", POSITIONS)
def test_mcts_takes_a_win_in_one(game_id: str) -> None:
    state = POSITIONS[game_id]()
    winning = {a for a in state.legal_actions() if wins_at_once(state, a)}
    assert winning and winning != set(state.legal_actions())  # a real choice
    for seed in range(3):
        bot = agents.load("mcts:iterations=150", state.game, seed=seed)
        assert bot.act(state.clone()) in winning


# -- statistics --------------------------------------------------------------------------------
def test_each_seat_maximises_its_own_return(toy: None) -> None:
    """Seat 1 of 3 names itself the winner; each child's totals are exact per seat."""
    game = PickGame()
    bot = MCTSAgent(game, seed=1, iterations=300)
    assert bot.act(game.new_initial_state(seed=1)) == 1
    root = root_of(bot)
    assert root.visits == 300 and sum(c.visits for c in root.children.values()) == 300
    for winner, child in root.children.items():
        expected = [child.visits if seat == winner else -child.visits / 2 for seat in range(3)]
        assert child.totals == pytest.approx(expected)
    assert root.children[1].visits > root.children[0].visits + root.children[2].visits


def test_chance_outcomes_are_visited_by_their_probabilities(toy: None) -> None:
    game = LotteryGame()
    bot = MCTSAgent(game, seed=4, iterations=3000, c=10)  # wide: "play" is sampled often
    assert bot.act(game.new_initial_state(seed=1)) == 0  # worth 0.6 - 0.4 = 0.2 > 0
    chance = root_of(bot).children[0]
    assert chance.player == CHANCE and chance.visits > 1000
    for outcome, probability in ODDS:
        assert chance.children[outcome].visits / chance.visits == pytest.approx(
            probability, abs=0.04
        )
    assert chance.mean(0) == pytest.approx(0.2, abs=0.08)


def test_chance_is_drawn_from_the_agents_generator_not_the_games_seed(toy: None) -> None:
    game = LotteryGame()
    visits = []
    for game_seed in (1, 2):
        bot = MCTSAgent(game, seed=4, iterations=200)
        bot.act(game.new_initial_state(seed=game_seed))
        chance = root_of(bot).children[0]
        visits.append(sorted((a, c.visits) for a, c in chance.children.items()))
    assert visits[0] == visits[1]


def test_rollouts_draw_chance_from_the_agents_generator_not_the_games_seed(toy: None) -> None:
    """A simulation that meets a chance node below the tree draws its outcome from the agent's
    generator too: rollouts from the lottery's chance node win at its odds (0.6), and the same
    agent seed plays the same rollouts under any game seed."""
    game = LotteryGame()
    runs = []
    for game_seed in (1, 2, 3):
        state = game.new_initial_state(seed=game_seed)
        state.apply_action(0)  # play: the lottery's chance node
        bot = MCTSAgent(game, seed=4)
        runs.append([bot._simulate(state.clone())[0] for _ in range(400)])
    assert runs[0] == runs[1] == runs[2]
    assert runs[0].count(1.0) / 400 == pytest.approx(0.6, abs=0.07)


@settings(max_examples=30, deadline=None)
@given(game_id=st.sampled_from(["ludo", "museum", "siege"]), seed=st.integers(0, 10_000))
def test_tree_statistics_add_up(game_id: str, seed: int) -> None:
    """Visits: a node's children share its visits (a decision node's root); zero-sum returns
    keep every node's per-seat totals summing to 0; means stay within [-1, 1]."""
    game = ludoteca.load(game_id, players=3 if game_id == "ludo" else 2)
    state = game.new_initial_state(seed=seed)
    play_chance(state)
    bot = MCTSAgent(game, seed=seed, iterations=40, reuse="false", kernel="off")
    if len(state.legal_actions()) == 1:
        return
    bot.act(state)
    root = root_of(bot)
    assert root.visits == 40 == sum(c.visits for c in root.children.values())
    stack = [root]
    while stack:
        node = stack.pop()
        assert sum(node.totals) == pytest.approx(0, abs=1e-6)
        assert all(-1 - 1e-9 <= node.mean(s) <= 1 + 1e-9 for s in range(game.num_players))
        if node.children and node.player != TERMINAL:
            assert sum(c.visits for c in node.children.values()) <= node.visits
        stack.extend(node.children.values())


# -- tree reuse --------------------------------------------------------------------------------
def test_the_subtree_reached_is_reused_across_chance_and_opponent_moves() -> None:
    """Ludo, 2 seats: after our move, a die roll and the other seat's move, the search goes on
    from the node the tree already had there, its visits kept."""
    game = ludoteca.load("ludo", players=2)
    state = game.new_initial_state(seed=8)
    bot = MCTSAgent(game, seed=8, iterations=300, kernel="off")  # the Python tree
    other = agents.load("random", game, seed=1)
    while True:  # into the middle game, where most rolls give a choice
        play_chance(state)
        chooses = state.current_player() == 0 and len(state.legal_actions()) > 1
        if len(state.history()) > 80 and chooses:
            break
        state.apply_action(other.act(state))
    state.apply_action(bot.act(state))
    after_move = root_of(bot).children[state.history()[-1]]
    assert after_move.player == CHANCE  # the next die roll
    path, node = next_choice(after_move, seat=0)
    for action in path:
        state.apply_action(action)
    assert len(state.legal_actions()) > 1
    kept = node.visits
    assert kept > 0
    bot.act(state)
    assert root_of(bot) is node and node.visits == kept + 300


def next_choice(start: Node, seat: int) -> tuple[list[int], Node]:
    """The actions from `start` to the nearest node where `seat` has a choice (breadth first)."""
    frontier: list[tuple[list[int], Node]] = [([], start)]
    while frontier:
        path, node = frontier.pop(0)
        if path and node.player == seat and len(node.children) + len(node.untried) > 1:
            return path, node
        frontier.extend(([*path, a], child) for a, child in node.children.items())
    raise AssertionError(f"the tree holds no choice of seat {seat}")


def test_without_reuse_every_move_starts_a_fresh_tree() -> None:
    state = siege_position()
    bot = MCTSAgent(state.game, seed=2, iterations=60, reuse="false")
    bot.act(state)
    child = next(iter(root_of(bot).children))
    state.apply_action(child)
    state.apply_action(state.legal_actions()[0])
    bot.act(state)
    assert root_of(bot).visits == 60


# -- reproducibility, budgets, parameters ------------------------------------------------------
@pytest.mark.slow
@pytest.mark.parametrize("game_id", ["ludo", "bremen", "museum", "siege", "villa"])
def test_the_same_seed_gives_the_same_game(game_id: str) -> None:
    game = ludoteca.load(game_id, players=2)
    specs = ["mcts:iterations=10", "mcts:iterations=4,rollout=greedy,depth=2"]
    limit = 16 if game_id == "villa" else 50
    first = play_game(game, specs, seed=5, max_actions=limit)
    again = play_game(game, specs, seed=5, max_actions=limit)
    assert first.actions == again.actions and sum(first.decisions) > 3


def test_a_time_budget_alone_plays_a_legal_move() -> None:
    state = siege_position()
    bot = agents.load("mcts:seconds=0.05", state.game, seed=1)
    assert bot.act(state) in state.legal_actions()
    assert root_of(bot).visits >= 1


def test_the_cut_off_scores_each_seat_with_the_games_evaluation() -> None:
    state = siege_position()
    bot = MCTSAgent(state.game, seed=1, depth=3)
    expected = [math.tanh(siege_evaluate(state, seat)) for seat in (0, 1)]  # type: ignore[arg-type]
    assert bot._cut_off(state) == pytest.approx(expected)
    assert bot._simulate(state.clone()) != [0.0, 0.0]


def test_defaults_differ_per_game_and_parameters_override_them() -> None:
    villa = MCTSAgent(ludoteca.load("villa"), seed=1)
    expected = game_defaults(ludoteca.load("villa"))
    assert (villa.iterations, villa.depth) == (int(expected["iterations"]), int(expected["depth"]))
    siege = ludoteca.load("siege")
    bot = MCTSAgent(siege, seed=1, iterations="77", c="0.5", reuse="False", depth="0")
    assert (bot.iterations, bot.exploration, bot.reuse, bot.depth) == (77, 0.5, False, 0)


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        (
            "mcts:width=3",
            "mcts takes iterations, seconds, c, rollout, depth, reuse, kernel, guide, widen; not",
        ),
        ("mcts:kernel=gpu", "kernel must be one of auto, rollout, off"),
        ("mcts:iterations=0", "iterations must be a whole number >= 1, not '0'"),
        ("mcts:iterations=many", "iterations must be a whole number >= 1"),
        ("mcts:seconds=-1", "seconds must be a number >= 0"),
        ("mcts:c=-0.1", "c must be a number >= 0"),
        ("mcts:c=nan", "c must be a number >= 0"),
        ("mcts:depth=-2", "depth must be a whole number >= 0"),
        ("mcts:rollout=smart", "rollout must be one of random, greedy"),
        ("mcts:reuse=maybe", "reuse must be one of true, false"),
    ],
)
def test_bad_parameters_are_refused_with_the_reason(spec: str, message: str) -> None:
    with pytest.raises(InvalidOptionError, match=message.replace("(", r"\(")):
        agents.load(spec, ludoteca.load("siege"), seed=1)


def test_greedy_rollouts_need_a_greedy_bot(toy: None) -> None:
    with pytest.raises(ValueError, match="toy_pick has no greedy bot"):
        MCTSAgent(PickGame(), rollout="greedy")
