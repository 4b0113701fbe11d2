"""Bremer Stadtmusikanten in words: names, moves, scores and the position, for people.

What the shared table shows in its move log, result and screen-reader text: "Anna moves the red
dog from 12 to 17 onto the blue cat", "Bert rolls 4 and R, so the robber walks 4 fields", never the
notation (`rH12-17`, `4+R`). Each animal has its own translated phrase, since Dutch and German
inflect the colour with the animal ("den roten Hund", "die rote Katze"); the sentences are built
so that animals only ever stand as objects (accusative) or in lists of the position.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from ludoteca.games.bremen.constants import MOVE, OVER, R_FACE, ROBBER, ROLL, START, size_of
from ludoteca.games.bremen.game import BremenGame, BremenState
from ludoteca.i18n import _, current, format_list, ngettext, pgettext


def colour_word(colour: int) -> str:
    """A colour as a name: "Red", "Blue", "Yellow", "Green"."""
    return (_("Red"), _("Blue"), _("Yellow"), _("Green"))[colour]


def player_name(game: BremenGame, seat: int) -> str:
    """The seat's colours: "Red", or "Red & Yellow" with two players (two colours each)."""
    return " & ".join(colour_word(c) for c in game.seat_colours(seat))


def the_animal(animal: int) -> str:
    """The animal as the object of a sentence: "the red dog" ("den roten Hund")."""
    return _objects(current())[animal]


def an_animal(animal: int) -> str:
    """The animal in a list, without article: "red dog" ("roter Hund")."""
    return _names(current())[animal]


@cache
def _objects(language: str) -> tuple[str, ...]:
    """The sixteen object phrases in `language` (the active one: the argument keys the cache)."""
    return (
        pgettext("bremen", "the red donkey"),
        pgettext("bremen", "the red dog"),
        pgettext("bremen", "the red cat"),
        pgettext("bremen", "the red rooster"),
        pgettext("bremen", "the blue donkey"),
        pgettext("bremen", "the blue dog"),
        pgettext("bremen", "the blue cat"),
        pgettext("bremen", "the blue rooster"),
        pgettext("bremen", "the yellow donkey"),
        pgettext("bremen", "the yellow dog"),
        pgettext("bremen", "the yellow cat"),
        pgettext("bremen", "the yellow rooster"),
        pgettext("bremen", "the green donkey"),
        pgettext("bremen", "the green dog"),
        pgettext("bremen", "the green cat"),
        pgettext("bremen", "the green rooster"),
    )


@cache
def _names(language: str) -> tuple[str, ...]:
    """The sixteen list names in `language` (the active one: the argument keys the cache)."""
    return (
        pgettext("bremen", "red donkey"),
        pgettext("bremen", "red dog"),
        pgettext("bremen", "red cat"),
        pgettext("bremen", "red rooster"),
        pgettext("bremen", "blue donkey"),
        pgettext("bremen", "blue dog"),
        pgettext("bremen", "blue cat"),
        pgettext("bremen", "blue rooster"),
        pgettext("bremen", "yellow donkey"),
        pgettext("bremen", "yellow dog"),
        pgettext("bremen", "yellow cat"),
        pgettext("bremen", "yellow rooster"),
        pgettext("bremen", "green donkey"),
        pgettext("bremen", "green dog"),
        pgettext("bremen", "green cat"),
        pgettext("bremen", "green rooster"),
    )


def points_text(points: int) -> str:
    return ngettext("{n} point", "{n} points", points).format(n=points)


def score_text(state: BremenState, seat: int) -> str | None:
    """The seat's points: "5 points" (seven win)."""
    return points_text(state.scores[seat])


def standing(state: BremenState, seat: int) -> tuple[int]:
    """How the result orders the seats behind the winner (the seed names only the winner):
    their points."""
    return (state.scores[seat],)


def describe_action(before: BremenState, action: int, names: Sequence[str]) -> str:
    """One sentence for `action` at `before`: who begins, a roll, a move or a robber walk."""
    phase = before.phase
    if phase == START:
        return _("{name} begins").format(name=names[action])
    name = names[before.turn]
    if phase == ROLL:
        return _roll(action, name)
    if phase == ROBBER:
        return _robber_walk(before, action, name)
    if phase == MOVE:
        sentence = _animal_move(before, action, name)
        if _rolls_again(before, action):
            sentence = _("{sentence}; {name} rolls again").format(sentence=sentence, name=name)
        return sentence
    raise ValueError(f"no action is played in phase {before.phase}: the game is over")


def _roll(action: int, name: str) -> str:
    """Two numbers, or R and the robber's walk (on this board some animal always has a move
    for every die: `test_bremen_board.py`, so a roll never passes the turn by itself)."""
    plain, rdie = divmod(action, 10)
    if rdie == R_FACE:
        walk = ngettext(
            "{name} rolls {plain} and R, so the robber walks {plain} field",
            "{name} rolls {plain} and R, so the robber walks {plain} fields",
            plain,
        )
        return walk.format(name=name, plain=plain)
    return _("{name} rolls {plain} and {other}").format(name=name, plain=plain, other=rdie)


def _rolls_again(before: BremenState, action: int) -> bool:
    """Whether this move ends a turn that earned another roll (it sat on a bigger animal)."""
    after = before.clone()
    after.apply_action(action)
    return after.phase == ROLL and after.turn == before.turn and before.game.num_players > 1


def _sends_home(sentence: str, sent: Sequence[int]) -> str:
    if not sent:
        return sentence
    animals = format_list([the_animal(a) for a in sent])
    return _("{sentence} and sends {animals} home").format(sentence=sentence, animals=animals)


def _robber_walk(before: BremenState, action: int, name: str) -> str:
    game = before.game
    board = game.board
    path = board.robber_paths()[action - game.robber_base]
    start, end = board.names[path[0]], board.names[path[-1]]
    if path[0] == board.house:
        text = _("{name} moves the robber out of his house to {end}")
    elif path[-1] == board.house:
        text = _("{name} moves the robber from {start} back into his house")
    else:
        text = _("{name} moves the robber from {start} to {end}")
    sentence = text.format(name=name, start=start, end=end)
    sent = [a for field in path[1:] for a in before.stacks[field]]
    return _sends_home(sentence, sorted(sent, key=lambda a: (-size_of(a), a)))


def _animal_move(before: BremenState, action: int, name: str) -> str:
    game = before.game
    board = game.board
    animal, end, _steps = game.split_move(action)
    start = board.names[before.at[animal]]
    if end == board.house:
        sentence = _("{name} storms the robber's house with the pyramid from {start}").format(
            name=name, start=start
        )
        if before.robber == board.house:
            sentence = _("{sentence}; the robber was at home: 1 extra point").format(
                sentence=sentence
            )
        return sentence
    if end == before.robber:
        chase = _("{name} moves the pyramid from {start} to {end} and chases the robber home")
        return chase.format(name=name, start=start, end=board.names[end])
    riders = len(before.carried(animal)) - 1
    mover = the_animal(animal)
    if riders:
        mover = ngettext(
            "{animal} with {n} animal on top", "{animal} with {n} animals on top", riders
        ).format(animal=mover, n=riders)
    stay, sent = before.arrival(animal, end)
    words = {"name": name, "animal": mover, "start": start, "end": board.names[end]}
    if stay:
        onto = the_animal(stay[-1])
        sentence = _("{name} moves {animal} from {start} to {end} onto {target}").format(
            target=onto, **words
        )
    else:
        sentence = _("{name} moves {animal} from {start} to {end}").format(**words)
    return _sends_home(sentence, sent)


def describe_position(state: BremenState, names: Sequence[str]) -> str:
    """Whose turn, the scores, the robber and every stack from bottom to top."""
    game = state.game
    board = game.board
    parts = [turn_text(state, names)]
    scores = [
        _("{name}: {points}").format(name=names[s], points=points_text(state.scores[s]))
        for s in range(game.num_players)
    ]
    parts.append(format_list(scores) + ".")
    if state.robber == board.house:
        parts.append(_("The robber is in his house."))
    else:
        parts.append(_("The robber is on {field}.").format(field=board.names[state.robber]))
    for field, stack in enumerate(state.stacks):
        if stack:
            animals = format_list([an_animal(a) for a in stack])
            parts.append(
                _("On {field}, from the bottom up: {animals}.").format(
                    field=board.names[field], animals=animals
                )
            )
    return " ".join(parts)


def turn_text(state: BremenState, names: Sequence[str]) -> str:
    if state.phase == OVER:
        return _("{name} has won.").format(name=names[state.winner])
    if state.phase == START:
        return _("The seat that begins is being drawn.")
    name = names[state.turn]
    if state.phase == ROBBER:
        steps = state.dice[0]
        walk = ngettext(
            "{name} moves the robber {n} field.", "{name} moves the robber {n} fields.", steps
        )
        return walk.format(name=name, n=steps)
    if state.phase == MOVE:
        dice = format_list([str(value) for value in state.left])
        return _("{name} moves with {dice}.").format(name=name, dice=dice)
    return _("{name} is to roll.").format(name=name)
