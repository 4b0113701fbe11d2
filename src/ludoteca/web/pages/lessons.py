"""The guided first games: `/learn/<game id>` and its steps as JSON (`ludoteca.lessons`).

A lesson needs no table and no storage: a step is a pure function of the lesson and the step's
number, so the page asks for step n+1 once the learner has played step n's move. The board is
the game's own renderer (`web.render.board_html`), interactive for the learner, with the moves
since the learner's last one marked; `static/lesson.js` lights the expected move's piece (or
its click path) and checks each click against it before anything is played.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import HTMLResponse, Response

from ludoteca.core.errors import UnknownGameError
from ludoteca.core.registry import game_class
from ludoteca.i18n import _, game_title
from ludoteca.lessons import Lesson, lesson_of, stage
from ludoteca.narration import Narrator, seat_colour
from ludoteca.web.http.errors import NotFound
from ludoteca.web.http.openapi import html_errors, json_errors
from ludoteca.web.pages.templating import templates
from ludoteca.web.table.render import board_html, click_paths

router = APIRouter()


def lesson_for(game_id: str) -> Lesson:
    """The game's lesson, or a 404 naming the game."""
    try:
        game_class(game_id)
    except UnknownGameError as exc:
        raise NotFound(str(exc), code="unknown_game", game=game_id) from exc
    lesson = lesson_of(game_id)
    if lesson is None:
        raise NotFound(f"there is no lesson for {game_id!r}", code="unknown_game", game=game_id)
    return lesson


def step_view(lesson: Lesson, index: int) -> dict[str, Any]:
    """Step `index` of `lesson` in the active language: the board, what to do and why, what
    happened since the learner's last move, and the move the learner must make."""
    last = len(lesson.steps)
    if not 0 <= index <= last:
        raise NotFound(
            f"step {index} is outside this lesson (0-{last})",
            code="no_such_step",
            step=index,
            last=last,
        )
    at = stage(lesson, index)
    state = at.state
    game = state.game
    narrator = Narrator.of(game)
    names = [seat_colour(game, seat, state) for seat in range(game.num_players)]
    marks = [m for m in (narrator.mark(p.before, p.action) for p in at.since) if m is not None]
    happened = [narrator.text(p.before, p.action, names) for p in at.since]
    done = at.expected is None
    view: dict[str, Any] = {
        "game": lesson.game,
        "step": index,
        "count": last,
        "done": done,
        "you": names[lesson.learner],
        "happened": happened,
        "board": board_html(state, lesson.learner, not done, marks),
        "position_text": narrator.position(state, names) or "",
        "next": f"/learn/{lesson.game}/{index + 1}.json" if not done else None,
    }
    if at.expected is None:
        view.update(say=_("The lesson is over."), why=_(lesson.end), expected=None)
        return view
    step = lesson.steps[index]
    paths = click_paths(state, [at.expected])
    view.update(
        say=_(step.say),
        why=_(step.why),
        expected={
            "action": at.expected,
            "clicks": None if paths is None else paths[at.expected],
            "text": narrator.text(state, at.expected, names),
        },
    )
    return view


@router.get("/learn/{game_id}", response_class=HTMLResponse, responses=html_errors(404, 422))
async def lesson_page(request: Request, game_id: str, step: int = 0) -> Response:
    """The guided first game of `game_id`, at `step` (0: the beginning)."""
    lesson = lesson_for(game_id)
    view = step_view(lesson, step)
    context = {"title": game_title(game_class(game_id).title), "view": view}
    return templates.TemplateResponse(request, "lesson.html", context)


@router.get("/learn/{game_id}/{step:int}.json", responses=json_errors(404, 422))
async def lesson_step(game_id: str, step: int) -> dict[str, Any]:
    """Step `step` of the lesson: the board (HTML), the texts and the expected move."""
    return step_view(lesson_for(game_id), step)
