"""Guided first games: a lesson is a short scripted game against a bot, replayed on the engine.

Each game keeps its lesson in its own folder, `ludoteca.games.<id>.lesson`, as a module-level
`LESSON`. A lesson names the game's configuration and seed, the actions that open the game
(who starts, the first roll: every chance outcome is written out, so the dice and cards are
known in advance), and then its steps. A step is one move the learner makes, in the game's
notation, with what to do (`say`) and why (`why`), and what follows it before the learner's next
turn (`then`: the bot's answer and the chance outcomes, also in notation).

`replay` plays a lesson on the real engine and raises `LessonError` at the first action that
is not legal or not where the lesson says, so a change of the rules that breaks a lesson fails
its test (tests/test_lessons.py). The web pages (`ludoteca.web.pages.lessons`) show the steps.
The texts are marked with `N_` where the lesson is written and translated where shown.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from ludoteca.core.api import State
from ludoteca.core.registry import game_class, game_module, games


class LessonError(ValueError):
    """A lesson that does not replay on the engine: an illegal action, or one out of turn."""


@dataclass(frozen=True)
class Step:
    """One move of the learner: `play` in notation, what to do and why, and what follows."""

    play: str
    say: str
    why: str
    then: tuple[str, ...] = ()


@dataclass(frozen=True)
class Lesson:
    """A guided first game: the configuration, the opening actions and the learner's steps."""

    game: str
    seed: int
    learner: int
    steps: tuple[Step, ...]
    end: str
    """The closing words, shown when the last step has been played."""
    players: int | None = None
    options: dict[str, Any] = field(default_factory=dict)
    opening: tuple[str, ...] = ()
    """Actions before the first step: the set-up's chance, the bot's first moves."""

    def new_state(self) -> State:
        return game_class(self.game)(self.players, **self.options).new_initial_state(self.seed)


@dataclass(frozen=True)
class Played:
    """One action of the replay: the position before it, the action and who made it."""

    before: State
    action: int
    player: int


@dataclass(frozen=True)
class Stage:
    """Where a lesson stands before step `index` (or, at `index == len(steps)`, at its end):
    the position, and the actions since the learner's previous move (its own move first)."""

    index: int
    state: State
    since: tuple[Played, ...]
    expected: int | None
    """The action the learner must play now; None at the end."""


def lesson_of(game_id: str) -> Lesson | None:
    """The lesson of a game, or None for a game that has none."""
    module = game_module(game_id, "lesson")
    lesson: Lesson | None = getattr(module, "LESSON", None)
    return lesson


def lesson_games() -> list[str]:
    """The ids of the games that have a lesson, in the registry's order."""
    return [info.id for info in games() if lesson_of(info.id) is not None]


def _apply(state: State, notation: str, where: str) -> Played:
    before = state.clone()
    try:
        action = state.string_to_action(notation)
        state.apply_action(action)
    except ValueError as exc:  # NotationError and IllegalActionError are ValueErrors
        raise LessonError(f"{where}: {notation!r} cannot be played: {exc}") from exc
    return Played(before, action, before.current_player())


def stages(lesson: Lesson) -> Iterator[Stage]:
    """Every stage of the lesson in order, checking each action on the engine as it goes."""
    state = lesson.new_state()
    since = [_apply(state, text, f"{lesson.game} opening") for text in lesson.opening]
    for index, step in enumerate(lesson.steps):
        where = f"{lesson.game} step {index + 1}"
        if state.current_player() != lesson.learner:
            raise LessonError(
                f"{where}: the learner (seat {lesson.learner}) is not to move"
                f" (the player to move is {state.current_player()})"
            )
        try:
            expected = state.string_to_action(step.play)
        except ValueError as exc:
            raise LessonError(f"{where}: {step.play!r} names no move: {exc}") from exc
        yield Stage(index, state.clone(), tuple(since), expected)
        since = [_apply(state, step.play, where)]
        for text in step.then:
            if state.current_player() == lesson.learner:
                raise LessonError(f"{where}: {text!r} is in the learner's turn")
            since.append(_apply(state, text, f"{where}, then"))
    yield Stage(len(lesson.steps), state.clone(), tuple(since), None)


def stage(lesson: Lesson, index: int) -> Stage:
    """The stage before step `index` (0-based; `len(lesson.steps)`: the end)."""
    if not 0 <= index <= len(lesson.steps):
        raise IndexError(f"the {lesson.game} lesson has steps 0 to {len(lesson.steps)}")
    for found in stages(lesson):
        if found.index == index:
            return found
    raise AssertionError("unreachable: stages yields every index")


def replay(lesson: Lesson) -> State:
    """The lesson played to its end on the engine (raises `LessonError` where it breaks)."""
    *_, last = stages(lesson)
    return last.state
