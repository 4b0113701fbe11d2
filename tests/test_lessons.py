"""Every game's guided first game (`games/<id>/lesson.py`) replays on the engine, in all three
languages, with every text translated: a change of the rules that breaks a lesson fails here."""

from __future__ import annotations

from dataclasses import replace

import pytest

from ludoteca import i18n
from ludoteca.core.registry import games
from ludoteca.i18n.catalog import translations
from ludoteca.lessons import Lesson, LessonError, lesson_games, lesson_of, replay, stage, stages

GAMES = [info.id for info in games()]
MOST_STEPS = 10
"""The issue's "at most about ten steps a game"."""


def lesson(game_id: str) -> Lesson:
    found = lesson_of(game_id)
    assert found is not None, f"{game_id} has no lesson"
    return found


def test_every_game_has_a_lesson() -> None:
    assert lesson_games() == GAMES


@pytest.mark.parametrize("game_id", GAMES)
def test_lesson_replays_on_the_engine(game_id: str) -> None:
    """Each step's move is legal where the lesson puts it, in the learner's turn, and what
    follows it (the bot's answer, the chance outcomes) is legal too."""
    found = lesson(game_id)
    assert found.game == game_id
    assert 3 <= len(found.steps) <= MOST_STEPS
    every = list(stages(found))
    assert [s.index for s in every] == list(range(len(found.steps) + 1))
    for at in every[:-1]:
        assert at.state.current_player() == found.learner
        assert at.expected in at.state.legal_actions()
    assert every[-1].expected is None
    assert replay(found) == every[-1].state


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("language", ["nl", "de"])
def test_lesson_texts_are_translated(game_id: str, language: str) -> None:
    catalog = translations(language)
    found = lesson(game_id)
    texts = [found.end] + [t for step in found.steps for t in (step.say, step.why)]
    missing = [t for t in texts if catalog.gettext(t) == t]
    assert not missing, f"{game_id} lesson texts without a {language} translation: {missing}"


@pytest.mark.parametrize("language", i18n.LANGUAGES)
def test_lessons_play_in_every_language(language: str) -> None:
    """The web's step view of every step of every lesson, in each language (what the pages
    show: the move in words, what happened, the board)."""
    from ludoteca.web.pages.lessons import step_view

    with i18n.use(language):
        for game_id in GAMES:
            found = lesson(game_id)
            for index in range(len(found.steps) + 1):
                view = step_view(found, index)
                assert view["say"] and view["why"] and view["board"].count("<svg") >= 1
                assert view["done"] == (index == len(found.steps))
                if language != "en" and not view["done"]:
                    assert view["say"] != found.steps[index].say


def test_a_broken_lesson_fails_where_it_breaks() -> None:
    """An illegal move in a step (siege: a soldier cannot step two fields) is reported with its
    step, not silently played."""
    found = lesson("siege")
    broken_step = replace(found.steps[0], play="Sd4-d2")
    broken = replace(found, steps=(broken_step, *found.steps[1:]))
    with pytest.raises(LessonError, match="siege step 1"):
        replay(broken)


def test_a_move_out_of_turn_fails() -> None:
    """A bot's answer that leaves the learner's opponent to move is refused at the next step."""
    found = lesson("ludo")
    short = replace(found.steps[0], then=found.steps[0].then[:-1])  # Red's 6 left out
    broken = replace(found, steps=(short, *found.steps[1:]))
    with pytest.raises(LessonError, match="ludo step 2"):
        replay(broken)


def test_stage_outside_the_lesson() -> None:
    found = lesson("ludo")
    with pytest.raises(IndexError):
        stage(found, len(found.steps) + 1)
