"""The core API around the games: registry, options, errors, the State contract, chance, records.

Game-specific rules are tested under `tests/games/`; here ludo serves as the registered game,
and a tiny coin-flip race checks the registry with a game of our own.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import ludoteca
from ludoteca.core import registry
from ludoteca.core.api import CHANCE, JSON, TERMINAL, Game, State
from ludoteca.core.chance import (
    SEED_BITS,
    new_seed,
    pick,
    play_chance,
    sample_outcome,
    seeded_uniform,
)
from ludoteca.core.errors import (
    IllegalActionError,
    InvalidOptionError,
    LudotecaError,
    NotationError,
    StateFormatError,
    UnknownAgentError,
    UnknownGameError,
    WrongPlayerError,
)
from ludoteca.core.options import Option, stored_options, validate_options
from ludoteca.core.record import FORMAT, VERSION, Record


# -- a game of our own: first to 3 heads wins ---------------------------------------------------
class CoinRace(Game):
    """Players take turns: flip (a chance node) or stop; the first to 3 heads wins."""

    id = "coinrace"
    title = "Coin race"
    min_players = 2
    max_players = 3
    default_players = 2
    option_specs = (Option("target", 3, "heads needed to win", (2, 3, 4), int),)

    def new_initial_state(self, seed: int | None = None) -> CoinState:
        return CoinState(self, seed)

    def _state_from_json(self, obj: JSON) -> CoinState:
        state = CoinState(self, obj.get("seed"))
        state.heads, state.turn, state.flipping = obj["heads"], obj["turn"], obj["flipping"]
        state._history = list(obj["history"])
        return state


class CoinState(State):
    game: CoinRace

    def __init__(self, game: CoinRace, seed: int | None) -> None:
        super().__init__(game, seed)
        self.heads = [0] * game.num_players
        self.turn = 0
        self.flipping = False

    def _winner(self) -> int:
        return next((i for i, h in enumerate(self.heads) if h >= self.game.options["target"]), -1)

    def current_player(self) -> int:
        if self._winner() >= 0:
            return TERMINAL
        return CHANCE if self.flipping else self.turn

    def chance_outcomes(self) -> list[tuple[int, float]]:
        return [(0, 0.5), (1, 0.5)] if self.flipping and self._winner() < 0 else []

    def _legal_actions(self) -> list[int]:
        return [0]  # flip

    def _apply(self, action: int) -> None:
        if self.flipping:
            self.heads[self.turn] += action
            self.turn = (self.turn + 1) % self.game.num_players
        self.flipping = not self.flipping

    def returns(self) -> list[float]:
        winner = self._winner()
        if winner < 0:
            return [0.0] * self.game.num_players
        return [1.0 if i == winner else -1.0 for i in range(self.game.num_players)]

    def action_to_string(self, action: int) -> str:
        if self.flipping:
            return "heads" if action else "tails"
        return "flip"

    def string_to_action(self, text: str) -> int:
        table = {"heads": 1, "tails": 0} if self.flipping else {"flip": 0}
        if text not in table:
            raise NotationError(f"{text!r}: write one of {', '.join(table)}")
        return table[text]

    def clone(self) -> CoinState:
        return self.game.state_from_json(self.to_json())

    def _position_json(self) -> JSON:
        return {"heads": list(self.heads), "turn": self.turn, "flipping": self.flipping}

    def observation(self, seat: int) -> JSON:
        return {"heads": list(self.heads), "turn": self.turn}


@pytest.fixture
def coinrace(monkeypatch: pytest.MonkeyPatch) -> None:
    """Register CoinRace for one test (the catalogue is loaded first so ludo stays in it)."""
    registry.games()
    monkeypatch.setitem(registry._CATALOGUE, "coinrace", f"{__name__}:CoinRace")


# -- registry ----------------------------------------------------------------------------------
def test_games_lists_ludo() -> None:
    infos = registry.games()
    ludo = next(info for info in infos if info.id == "ludo")
    assert ludo == registry.GameInfo("ludo", "Mens erger je niet", 2, 6, 4)
    assert str(ludo) == "ludo: Mens erger je niet (2-6 players)"


def test_top_level_games_stays_callable_after_a_game_is_loaded() -> None:
    """`ludoteca.games()` is the documented entry point; importing the `ludoteca.games` package
    (which `load` does) must not replace it with the package module.
    """
    ludoteca.load("ludo")
    assert callable(ludoteca.games)
    assert [info.id for info in ludoteca.games()] == [info.id for info in registry.games()]


def test_unknown_game_names_the_valid_ones() -> None:
    with pytest.raises(
        UnknownGameError, match=r"unknown game 'chess'; valid games: .*ludo"
    ) as info:
        ludoteca.load("chess")
    assert isinstance(info.value, KeyError) and isinstance(info.value, LudotecaError)
    assert str(info.value).startswith("unknown game 'chess'")  # not quoted like a KeyError
    with pytest.raises(UnknownGameError):
        registry.game_class("chess")


def test_register_adds_a_game_to_the_catalogue(coinrace: None) -> None:
    ids = [info.id for info in registry.games()]
    assert "ludo" in ids and "coinrace" in ids
    game = ludoteca.load("coinrace", players=3, target="2")
    assert (game.num_players, game.options) == (3, {"target": 2})
    assert registry.game_class("coinrace") is CoinRace
    assert game.describe() == {
        "id": "coinrace",
        "title": "Coin race",
        "players": 3,
        "options": {"target": 2},
    }


def test_a_registered_game_plays_through_the_shared_api(coinrace: None) -> None:
    game = ludoteca.load("coinrace", target=2)
    state = game.new_initial_state(seed=4)
    assert state.current_player() == 0 and state.legal_actions() == [0]
    with pytest.raises(WrongPlayerError, match="it is seat 0's turn, not seat 1's"):
        state.apply_action(0, player=1)
    with pytest.raises(IllegalActionError, match="is not a legal action here; legal: flip"):
        state.apply_action(1)
    state.apply_notation("flip", player=0)
    assert state.is_chance_node()
    while not state.is_terminal():
        play_chance(state)
        if not state.is_terminal():
            state.apply_action(0)
    assert sorted(state.returns()) == [-1.0, 1.0]
    with pytest.raises(IllegalActionError, match="the game is over"):
        state.apply_action(0)


# -- the Game and State contract ---------------------------------------------------------------
def test_games_compare_by_id_players_and_options() -> None:
    a = ludoteca.load("ludo", players=3, play_out=True)
    b = ludoteca.load("ludo", players="3", play_out="true")
    assert a == b and hash(a) == hash(b)
    assert a != ludoteca.load("ludo", players=3)
    assert a != ludoteca.load("ludo", players=4, play_out=True)
    assert "ludo players=3" in repr(a) and "play_out=True" in repr(a)
    assert json.dumps(a.describe())


def test_state_basics() -> None:
    game = ludoteca.load("ludo")
    state = game.new_initial_state(seed=42)
    assert state.game is game and state.seed == 42
    assert isinstance(game.new_initial_state().seed, int)
    history = state.history()
    history.append(3)
    assert state.history() == []  # a copy
    legal = state.legal_actions()
    legal.clear()
    assert state.legal_actions() == [0, 1, 2, 3]  # a copy
    assert state == game.new_initial_state(seed=42)
    assert state != game.new_initial_state(seed=43)
    with pytest.raises(TypeError):
        hash(state)
    assert state.apply_notation("start:1") == 1
    assert state.history() == [1]


def test_observation_hides_the_seed_and_checks_the_seat() -> None:
    """Rules summary: "observation(seat) (what that seat may see: for ludo everything except
    the seed)" - the seed would tell the dice to come.
    """
    state = ludoteca.load("ludo").new_initial_state(seed=987654)
    play_chance(state)
    obs = state.observation(1)
    assert "seed" not in obs and "987654" not in json.dumps(obs)
    assert obs["pawns"] == state.to_json()["pawns"]
    assert obs["history"] == state.history()
    for seat in (-1, 4):
        with pytest.raises(ValueError, match="seat"):
            state.observation(seat)


# -- options -----------------------------------------------------------------------------------
SPECS = (
    Option("fast", False, "play fast"),
    Option("size", 4, "board size", (4, 6), int),
    Option("depth", 2, "search depth", kind=int),
    Option("mode", "plain", "mode", ("plain", "fancy"), str),
)


def test_validate_options_fills_defaults() -> None:
    assert validate_options(SPECS, {}) == {"fast": False, "size": 4, "depth": 2, "mode": "plain"}
    assert validate_options(SPECS, {"size": None})["size"] == 4


@pytest.mark.parametrize(
    ("given", "expected"),
    [
        ({"fast": "yes"}, ("fast", True)),
        ({"fast": "OFF"}, ("fast", False)),
        ({"fast": " true "}, ("fast", True)),
        ({"size": "6"}, ("size", 6)),
        ({"depth": "11"}, ("depth", 11)),
        ({"mode": "fancy"}, ("mode", "fancy")),
    ],
)
def test_validate_options_reads_text_values(given: dict[str, Any], expected: tuple) -> None:
    name, value = expected
    resolved = validate_options(SPECS, given)
    assert resolved[name] == value and type(resolved[name]) is type(value)


@pytest.mark.parametrize(
    ("given", "match"),
    [
        ({"speed": 1}, "unknown option speed; valid options: fast, size, depth, mode"),
        ({"speed": 1, "zoom": 2}, "unknown options speed, zoom; valid options: fast, size"),
        ({"fast": "perhaps"}, "option 'fast' takes true or false, not 'perhaps'"),
        ({"fast": 0}, "option 'fast' takes true or false, not 0"),
        ({"size": 5}, "option 'size' takes one of 4, 6, not 5"),
        ({"size": "five"}, "option 'size' takes one of 4, 6, not 'five'"),
        ({"size": "5"}, "option 'size' takes one of 4, 6, not '5'"),
        ({"size": False}, "option 'size' takes one of 4, 6, not False"),
        ({"depth": "deep"}, "option 'depth' takes a whole number, not 'deep'"),
        ({"depth": 2.5}, "option 'depth' takes a whole number, not 2.5"),
        ({"mode": "odd"}, "option 'mode' takes one of plain, fancy, not 'odd'"),
        ({"mode": 3}, "option 'mode' takes one of plain, fancy, not 3"),
    ],
)
def test_validate_options_names_what_is_valid(given: dict[str, Any], match: str) -> None:
    with pytest.raises(InvalidOptionError, match=match):
        validate_options(SPECS, given)


def test_option_describe_is_json_for_forms() -> None:
    assert SPECS[0].describe() == {
        "name": "fast",
        "default": False,
        "doc": "play fast",
        "choices": [True, False],
        "kind": "bool",
        "title": "fast",  # without a title or an explanation: the name and the doc
        "explain": "play fast",
        "labels": {},
    }
    assert SPECS[1].describe()["choices"] == [4, 6]
    assert SPECS[2].describe()["choices"] == []
    json.dumps([spec.describe() for spec in SPECS])


# -- errors ------------------------------------------------------------------------------------
def test_error_hierarchy() -> None:
    """Callers catch one base (LudotecaError) or the specific case; ValueError/KeyError stay."""
    assert issubclass(WrongPlayerError, IllegalActionError)
    assert issubclass(NotationError, IllegalActionError)
    for error in (IllegalActionError, InvalidOptionError, StateFormatError):
        assert issubclass(error, LudotecaError) and issubclass(error, ValueError)
    for error in (UnknownGameError, UnknownAgentError):
        assert issubclass(error, LudotecaError) and issubclass(error, KeyError)
        assert str(error("no such thing")) == "no such thing"
        assert str(error()) == ""


# -- chance ------------------------------------------------------------------------------------
def test_seeded_uniform_is_a_pure_function_of_seed_and_step() -> None:
    values = [seeded_uniform(5, step) for step in range(2000)]
    assert values == [seeded_uniform(5, step) for step in range(2000)]
    assert all(0.0 <= u < 1.0 for u in values)
    assert len(set(values)) == len(values)
    assert values != [seeded_uniform(6, step) for step in range(2000)]
    assert 0.45 < sum(values) / len(values) < 0.55


def test_pick_uses_cumulative_probabilities() -> None:
    outcomes = [(1, 0.25), (2, 0.5), (3, 0.25)]
    assert [pick(outcomes, u) for u in (0.0, 0.2499, 0.25, 0.7499, 0.75, 0.9999)] == [
        1,
        1,
        2,
        2,
        3,
        3,
    ]
    assert pick([(1, 0.5), (2, 0.4999999)], 0.99999999) == 2  # rounding never falls off the end


def test_seeded_dice_are_fair() -> None:
    """Each die face comes up about one time in six (from the seed, at many history steps)."""
    state = ludoteca.load("ludo").new_initial_state(seed=77)
    state.apply_action(0)
    die = state.chance_outcomes()
    counts = [0] * 7
    for step in range(6000):
        counts[pick(die, seeded_uniform(77, step))] += 1
    assert counts[0] == 0
    assert all(880 < c < 1120 for c in counts[1:]), counts


def test_new_seed_fits_in_48_bits() -> None:
    assert all(0 <= new_seed() < 1 << SEED_BITS for _ in range(200))
    assert len({new_seed() for _ in range(50)}) > 45


def test_play_chance_resolves_until_a_player_acts() -> None:
    state = ludoteca.load("ludo").new_initial_state(seed=3)
    drawn = play_chance(state)
    assert drawn and drawn == state.history()
    assert state.current_player() >= 0 or state.is_terminal()
    assert play_chance(state) == []  # nothing to resolve at a player's node


def test_play_chance_from_the_seed_is_reproducible_and_survives_a_reload() -> None:
    """Chance module: "a game reloaded from its record (or a server restarted mid-game) draws
    exactly the dice it would have drawn".
    """
    game = ludoteca.load("ludo")
    one, two = game.new_initial_state(seed=99), game.new_initial_state(seed=99)
    for _ in range(30):
        play_chance(one)
        play_chance(two)
        assert one.history() == two.history()
        if one.is_terminal():
            break
        action = one.legal_actions()[-1]
        one.apply_action(action)
        two.apply_action(action)
        reloaded = game.state_from_json(json.loads(json.dumps(two.to_json())))
        play_chance(reloaded)
        probe = two.clone()
        play_chance(probe)
        assert reloaded.history() == probe.history()


def test_sample_outcome_with_an_rng_uses_the_rng() -> None:
    state = ludoteca.load("ludo").new_initial_state(seed=1)
    state.apply_action(0)
    draws = [sample_outcome(state, random.Random(n)) for n in range(60)]
    assert draws == [sample_outcome(state, random.Random(n)) for n in range(60)]
    assert set(draws) == {1, 2, 3, 4, 5, 6}
    assert state.history() == [0]  # sampling does not apply


# -- records -----------------------------------------------------------------------------------
def finished_game(seed: int = 21, **options: Any) -> State:
    game = ludoteca.load("ludo", **options)
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        play_chance(state)
        if not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_record_of_a_finished_game() -> None:
    state = finished_game(players=3)
    obj = Record.of(state, seats=["ann", "bot:greedy", "bot:random"]).to_json()
    assert set(obj) == {
        "format",
        "version",
        "game",
        "players",
        "options",
        "seats",
        "seed",
        "chance",
        "started",
        "moves",
        "result",
    }
    assert obj["chance"] == {"scheme": 1}  # drawn from the seed
    assert (obj["format"], obj["version"], obj["game"], obj["players"]) == (
        FORMAT,
        VERSION,
        "ludo",
        3,
    )
    assert obj["options"] == state.game.options
    assert obj["seats"] == ["ann", "bot:greedy", "bot:random"]
    assert obj["seed"] == 21 and obj["result"] == state.returns()
    assert [m["action"] for m in obj["moves"]] == state.history()
    assert obj["moves"][0] == {
        "player": CHANCE,
        "action": state.history()[0],
        "notation": f"start:{state.history()[0]}",
    }
    assert {m["player"] for m in obj["moves"]} <= {CHANCE, 0, 1, 2}
    assert json.loads(json.dumps(obj)) == obj


def test_record_of_an_unfinished_game_has_no_result_and_default_seats() -> None:
    state = ludoteca.load("ludo").new_initial_state(seed=2)
    play_chance(state)
    record = Record.of(state)
    assert record.result is None
    assert record.seats == ["seat 0", "seat 1", "seat 2", "seat 3"]
    assert record.replay().to_json() == state.to_json()


def test_record_save_and_load(tmp_path) -> None:
    state = finished_game()
    record = Record.of(state, seats=["a", "b", "c", "d"])
    path = record.save(tmp_path / "games" / "one.json")
    assert path.exists()
    loaded = Record.load(path)
    assert loaded == record
    assert loaded.replay().to_json() == state.to_json()
    states = loaded.states()
    assert len(states) == len(state.history()) + 1
    assert states[0].history() == [] and states[-1].to_json() == state.to_json()
    states[0].apply_action(1)  # positions are independent copies
    assert states[1].history() == state.history()[:1]


def test_record_load_rejects_a_file_that_is_not_json(tmp_path) -> None:
    path = tmp_path / "bad.json"
    path.write_text("{not json", encoding="utf-8")
    with pytest.raises(StateFormatError, match="is not JSON"):
        Record.load(path)


@pytest.mark.parametrize(
    ("change", "match"),
    [
        (lambda o: o.pop("format"), "not a ludoteca record"),
        (lambda o: o.update(version=99), "record version 99 is not supported"),
        (lambda o: o.pop("seed"), "malformed record"),
        (lambda o: o["moves"][0].pop("notation"), "malformed record"),
        (lambda o: o.update(players="many"), "malformed record"),
    ],
)
def test_record_from_json_rejects_malformed_documents(change, match: str) -> None:
    obj = Record.of(finished_game()).to_json()
    change(obj)
    with pytest.raises(StateFormatError, match=match):
        Record.from_json(obj)


def test_record_from_json_rejects_non_objects() -> None:
    for obj in ([], "record", None):
        with pytest.raises(StateFormatError, match="not a ludoteca record"):
            Record.from_json(obj)


def _tamper_last_move(obj: JSON, **fields: Any) -> None:
    last = next(m for m in reversed(obj["moves"]) if m["player"] >= 0)
    last.update(fields)


@pytest.mark.parametrize(
    ("change", "match"),
    [
        (lambda o: _tamper_last_move(o, notation="0-99"), "reads .* here, the record says '0-99'"),
        (lambda o: _tamper_last_move(o, player=-1), "the record says chance moved"),
        (lambda o: o["moves"][1].update(action=9, notation="9"), "does not replay: a die"),
        (lambda o: o.update(result=[0.0, 0.0, 0.0, 0.0]), "result .* differs from the replay"),
        (lambda o: o.update(options={"board": 5}), "option 'board'"),
    ],
)
def test_record_that_does_not_replay_is_rejected(change, match: str) -> None:
    obj = Record.of(finished_game()).to_json()
    change(obj)
    record = Record.from_json(obj)
    with pytest.raises((StateFormatError, InvalidOptionError), match=match):
        record.replay()


# -- options added after games were stored ------------------------------------------------------
def test_stored_options_give_a_missing_option_its_legacy_value() -> None:
    specs = (
        Option("check", "on_turn", "check", ("on_turn", "after_move"), str, legacy="after_move"),
        Option("fast", False, "play fast"),
    )
    assert stored_options(specs, {"fast": True}) == {"fast": True, "check": "after_move"}
    assert stored_options(specs, {"check": "on_turn"}) == {"check": "on_turn"}


def museum_game_played(elevator_check: str, seed: int) -> State:
    """A museum game of random moves to its end (seeded, so it is reproducible)."""
    game = ludoteca.load("museum", players=3, elevator_check=elevator_check)
    state = game.new_initial_state(seed=seed)
    rng = random.Random(seed)
    while not state.is_terminal():
        play_chance(state)
        if not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
    return state


def test_a_record_from_before_an_option_existed_replays_under_the_rule_it_was_played_by() -> None:
    """Museum records from before `elevator_check` lack it; they were played with the check
    after movement, so they replay with `after_move`, not today's default `on_turn`."""
    played = museum_game_played("after_move", seed=5)
    old = Record.of(played).to_json()
    del old["options"]["elevator_check"]
    replayed = Record.from_json(old).replay()
    assert replayed.game.options["elevator_check"] == "after_move"
    assert replayed.to_json() == played.to_json()
    # The same moves do not make the same game under the new default: the choice matters.
    old["options"]["elevator_check"] = "on_turn"
    with pytest.raises(StateFormatError):
        Record.from_json(old).replay()


def test_a_position_from_before_an_option_existed_loads_under_its_legacy_value() -> None:
    obj = {"game": "museum", "players": 4, "options": {"roof_banks": True}, "phase": "draw"}
    assert ludoteca.load("museum", elevator_check="after_move").state_from_json(obj)
    with pytest.raises(StateFormatError, match="options"):
        ludoteca.load("museum").state_from_json(obj)
