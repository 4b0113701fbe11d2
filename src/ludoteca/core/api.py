"""The game API shared by every ludoteca game, modelled on OpenSpiel's Game and State.

A `Game` holds the rules configuration (player count, validated options); a `State` is one
position with its history. Concrete games implement the underscored hooks; the public methods
here do the checking, so every game reports illegal actions the same way and an illegal action
never changes a state.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any, ClassVar

from ludoteca.core.chance import new_seed
from ludoteca.core.errors import (
    IllegalActionError,
    InvalidOptionError,
    StateFormatError,
    WrongPlayerError,
)
from ludoteca.core.modules import game_module
from ludoteca.core.options import Option, OptionValue, stored_options, validate_options

CHANCE = -1
"""`current_player()` at a chance node (a die roll, a card turn, a random set-up)."""
TERMINAL = -4
"""`current_player()` once the game is over (the same constants as OpenSpiel)."""

JSON = dict[str, Any]


class Game(ABC):
    """A game with its player count and options fixed; makes states."""

    id: ClassVar[str]
    title: ClassVar[str]
    """The game's original name, marked `NP_("game title", ...)`; shown through `game_title`."""
    summary: ClassVar[str] = ""
    """One line saying what the game is about, marked `N_` (the lobby shows it translated)."""
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    default_players: ClassVar[int]
    option_specs: ClassVar[tuple[Option, ...]] = ()
    has_chance: ClassVar[bool] = True
    """Whether positions can be chance nodes (dice, cards, a random set-up): search agents
    that assume a deterministic game (alphabeta) refuse games that have them."""

    def __init__(self, players: int | None = None, **options: Any) -> None:
        count = self.default_players if players is None else players
        if isinstance(count, str) and count.strip().isdigit():
            count = int(count)
        if (
            isinstance(count, bool)
            or not isinstance(count, int)
            or not self.min_players <= count <= self.max_players
        ):
            raise InvalidOptionError(
                f"{self.id} is played by {self.min_players} to {self.max_players} players,"
                f" not {count!r}"
            )
        self.num_players: int = count
        self.options: dict[str, OptionValue | None] = validate_options(self.option_specs, options)
        self._configure()

    def _configure(self) -> None:  # noqa: B027 (optional hook: most games need nothing here)
        """Resolve options that depend on each other or on the player count; raise if invalid."""

    def seat_name(self, seat: int) -> str | None:
        """What the game calls a seat (a colour, a side), or None when it has no such name."""
        return None

    @abstractmethod
    def new_initial_state(self, seed: int | None = None) -> State:
        """The position before the first action; `seed` drives the game's own chance events."""

    def state_from_json(self, obj: JSON) -> State:
        """Set up any position from its JSON form (see `State.to_json`).

        JSON for another game, player count or options, or with fields that do not fit, raises
        `StateFormatError` saying why, never a bare Python error.
        """
        self._check_json_header(obj)
        try:
            return self._state_from_json(obj)
        except StateFormatError:
            raise
        except (KeyError, TypeError, ValueError, AttributeError, IndexError) as exc:
            raise StateFormatError(f"malformed {self.id} state: {exc!r}") from exc

    @abstractmethod
    def _state_from_json(self, obj: JSON) -> State:
        """The position of `obj`, whose game, player count and options have been checked."""

    def describe(self) -> JSON:
        """Id, title, players and options as JSON (for the lobby and the docs)."""
        return {
            "id": self.id,
            "title": self.title,
            "players": self.num_players,
            "options": dict(self.options),
        }

    def __eq__(self, other: object) -> bool:
        return (
            isinstance(other, Game)
            and other.id == self.id
            and other.num_players == self.num_players
            and other.options == self.options
        )

    def __hash__(self) -> int:
        return hash((self.id, self.num_players, tuple(sorted(self.options.items()))))

    def __repr__(self) -> str:
        opts = ", ".join(f"{k}={v!r}" for k, v in self.options.items())
        return f"<{type(self).__name__} {self.id} players={self.num_players} {opts}>"

    def _check_json_header(self, obj: Any) -> None:
        """Reject JSON meant for another game or another configuration, with the reason."""
        if not isinstance(obj, dict):
            raise StateFormatError(f"a {self.id} state is a JSON object, not {type(obj).__name__}")
        if obj.get("game") != self.id:
            raise StateFormatError(f"this JSON is for game {obj.get('game')!r}, not {self.id!r}")
        if obj.get("players", self.num_players) != self.num_players:
            raise StateFormatError(
                f"this JSON has {obj.get('players')} players; the game has {self.num_players}"
            )
        options = obj.get("options")
        if options is not None:
            options = stored_options(self.option_specs, options)
        if options is not None and options != self.options:
            raise StateFormatError(f"the state's options {options} differ from {self.options}")


class State(ABC):
    """One position of a game, with everything needed to continue and to replay it."""

    def __init__(self, game: Game, seed: int | None) -> None:
        self.game = game
        self.seed: int = new_seed() if seed is None else int(seed)
        self._history: list[int] = []
        self._legal: list[int] | None = None

    # -- hooks for each game ------------------------------------------------------------------
    @abstractmethod
    def current_player(self) -> int:
        """The seat to act, or `CHANCE`, or `TERMINAL`."""

    @abstractmethod
    def chance_outcomes(self) -> list[tuple[int, float]]:
        """`(action, probability)` pairs at a chance node; empty elsewhere."""

    @abstractmethod
    def _legal_actions(self) -> list[int]:
        """Sorted legal actions of the player to move (not called at chance or terminal nodes)."""

    @abstractmethod
    def _apply(self, action: int) -> None:
        """Carry out an action already checked to be legal."""

    @abstractmethod
    def returns(self) -> list[float]:
        """One value per seat; all zero until the game ends."""

    @abstractmethod
    def action_to_string(self, action: int) -> str:
        """The action in the game's human notation, as seen from this state."""

    @abstractmethod
    def string_to_action(self, text: str) -> int:
        """Read a move in notation; raise `NotationError` for text that names no action."""

    @abstractmethod
    def clone(self) -> State:
        """An independent copy (history included)."""

    def clone_for_agent(self) -> State:
        """A clone to hand an agent: the same position and history under a fresh seed.

        The seed fixes every chance event to come (`core.chance`), so an agent given it could
        rebuild the future dice and cards. Every place that asks an agent to act hands it this
        clone instead; its chance cannot be predicted from anything in it. The blinding lives
        here alone, so a change to how seeds are kept secret is made in one place.
        """
        other = self.clone()
        other.seed = new_seed()
        return other

    @abstractmethod
    def _position_json(self) -> JSON:
        """The game's own part of `to_json`: where everything stands and whose turn it is."""

    @abstractmethod
    def observation(self, seat: int) -> JSON:
        """What `seat` may see of this position."""

    def position_json(self) -> JSON:
        """`to_json` without the game, seed and history: what narrators and renderers read,
        made at every step (the history's copy grows with the game)."""
        return self._position_json()

    def __str__(self) -> str:
        """The text board: the game's `text.render_text` (every game has one)."""
        text = game_module(self.game.id, "text")
        assert text is not None, f"{self.game.id} has no text.py"
        board: str = text.render_text(self)
        return board

    def to_json(self) -> JSON:
        """The complete position as JSON: `game.state_from_json` rebuilds an equal state."""
        game = self.game
        return {
            "game": game.id,
            "players": game.num_players,
            "options": dict(game.options),
            "seed": self.seed,
            **self._position_json(),
            "history": list(self._history),
        }

    def _check_seat(self, seat: int) -> None:
        """Refuse a seat that is not at this table (for `observation`)."""
        n = self.game.num_players
        if not 0 <= seat < n:
            raise ValueError(f"seat {seat} is not at this table (0-{n - 1})")

    # -- shared behaviour ---------------------------------------------------------------------
    def is_chance_node(self) -> bool:
        return self.current_player() == CHANCE

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def legal_actions(self) -> list[int]:
        """Sorted legal actions; at a chance node the possible outcomes; empty when over."""
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        return list(legal)

    def _compute_legal(self) -> list[int]:
        player = self.current_player()
        if player == TERMINAL:
            return []
        if player == CHANCE:
            return self._chance_actions()
        return self._legal_actions()

    def _chance_actions(self) -> list[int]:
        """The outcomes' actions; a game may return a shared constant list (never mutated)."""
        return [action for action, _ in self.chance_outcomes()]

    def apply_action(self, action: int, player: int | None = None) -> None:
        """Apply `action`; with `player`, also check that it is that seat's turn.

        Raises `IllegalActionError` (or its subclass `WrongPlayerError`) and leaves the state as
        it was when the action is not allowed.
        """
        current = self.current_player()
        if current == TERMINAL:
            raise IllegalActionError("the game is over: no more actions can be applied")
        if player is not None and player != current:
            whose = "a chance event's" if current == CHANCE else f"seat {current}'s"
            raise WrongPlayerError(f"it is {whose} turn, not seat {player}'s")
        legal = self._legal
        if legal is None:
            legal = self._legal = self._compute_legal()
        if type(action) is not int or action not in legal:
            raise IllegalActionError(self._illegal_message(action, legal))
        self._legal = None  # `_apply` may set the next node's legal actions itself
        self._apply(action)
        self._history.append(action)

    def apply_notation(self, text: str, player: int | None = None) -> int:
        """Read `text` as a move and apply it; returns the action."""
        action = self.string_to_action(text)
        self.apply_action(action, player)
        return action

    def _illegal_message(self, action: object, legal: list[int]) -> str:
        shown = ", ".join(self.action_to_string(a) for a in legal) or "none"
        try:
            named = (
                f"{self.action_to_string(action)!r} ({action})"
                if type(action) is int
                else repr(action)
            )
        except (LookupError, ValueError):
            named = repr(action)
        return f"{named} is not a legal action here; legal: {shown}"

    def history(self) -> list[int]:
        """Every action applied so far, chance outcomes included."""
        return list(self._history)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and self.to_json() == other.to_json()

    __hash__ = None  # type: ignore[assignment]
