"""A fixed-shape numpy observation of a Bremer Stadtmusikanten position (for learning agents).

A flat float32 vector in [0, 1], seen from one seat. The colours are rotated so that my first
colour comes first: colour +j is the j-th colour after it among the colours in play (with three
players the neutral green is always last). Fields keep their board numbers (the board's two
bridges break its four-fold symmetry, so it is not turned). Each animal's field is one-hot;
the order within a stack follows from the sizes, so the stacks are fully given. Then the
robber, whose turn, the phase, the dice, the dice left, the turn's flags, scores and winner.
Everything in bremen is public.
"""

from __future__ import annotations

from functools import lru_cache

import numpy as np
import numpy.typing as npt

from ludoteca.core.bounds import MAX_ACTIONS, Bounds
from ludoteca.core.slots import describe_groups, flat_shape
from ludoteca.games.bremen.board import MAX_STEPS
from ludoteca.games.bremen.constants import ANIMALS, KINDS, NEUTRAL, PHASES, ROLL_ACTIONS, TARGET
from ludoteca.games.bremen.game import BremenGame, BremenState

Tensor = npt.NDArray[np.float32]
COLOURS = 4
MAX_SCORE = TARGET - 1 + len(KINDS) + 1
"""The most a seat can have: 6 points, then a storm with a whole own pyramid and the bonus."""
DICE_LEFT = 2


def _colour_order(game: BremenGame, seat: int) -> list[int]:
    """The colours as `seat` sees them: its first colour, the next ones in play, then neutral."""
    playing = [c for c in range(COLOURS) if game.owner[c] != NEUTRAL]
    first = playing.index(game.seat_colours(seat)[0])
    rotated = playing[first:] + playing[:first]
    return rotated + [c for c in range(COLOURS) if game.owner[c] == NEUTRAL]


def _groups(game: BremenGame) -> list[tuple[int, str]]:
    """(width, meaning) of each slot group, in order."""
    fields = game.board.size
    n = game.num_players
    groups = []
    for j, colour in enumerate(_colour_order(game, 0)):
        owner = game.owner[colour]
        whose = "neutral" if owner == NEUTRAL else ("mine" if owner == 0 else f"seat +{owner}")
        for kind in KINDS:
            groups.append((fields, f"colour +{j} ({whose}) {kind} on field k (H last)"))
    groups += [
        (fields, "the robber on field k (H last)"),
        (n, "seat +k to move (one-hot)"),
        (len(PHASES), f"phase {'/'.join(PHASES)} (one-hot; start and roll: a chance event)"),
        (MAX_STEPS, "plain die shows 1-6 (one-hot; all 0 before the roll)"),
        (MAX_STEPS, "R-die shows R, 2-6 (one-hot; all 0 before the roll)"),
        (MAX_STEPS, f"dice left to use showing 1-6 (count / {DICE_LEFT})"),
        (ANIMALS, "the animal moved this turn, as colour +j's kind k at 4j + k (one-hot)"),
        (ANIMALS, "the animal that must leave an own start field, indexed as above"),
        (1, "landed on a bigger animal: the turn goes on after this roll"),
        (n, f"seat +k's score / {MAX_SCORE}"),
        (n, "seat +k won (one-hot; all 0 while playing)"),
    ]
    return groups


@lru_cache(maxsize=32)
def shape(game: BremenGame) -> tuple[int, ...]:
    return flat_shape(_groups(game))


def describe(game: BremenGame) -> list[str]:
    """The slot groups of `encode`, in order, with their inclusive slot ranges."""
    return describe_groups(_groups(game))


def encode(state: BremenState, seat: int) -> Tensor:
    """`state` as `seat` sees it (everything is public), in the layout of `describe`."""
    game = state.game
    state._check_seat(seat)
    fields = game.board.size
    n = game.num_players
    out = np.zeros(shape(game), dtype=np.float32)
    relative = [0] * COLOURS
    for j, colour in enumerate(_colour_order(game, seat)):
        relative[colour] = j

    def slot(animal: int) -> int:
        """Index of an animal as `seat` sees it: 4 · relative colour + kind."""
        return 4 * relative[animal >> 2] + (animal & 3)

    for animal, field in enumerate(state.at):
        out[slot(animal) * fields + field] = 1.0
    at = ANIMALS * fields
    out[at + state.robber] = 1.0
    at += fields
    out[at + (state.turn - seat) % n] = 1.0
    at += n
    out[at + state.phase] = 1.0
    at += len(PHASES)
    plain, rdie = state.dice
    if plain:
        out[at + plain - 1] = 1.0
        out[at + MAX_STEPS + rdie - 1] = 1.0
    at += 2 * MAX_STEPS
    for steps in state.left:
        out[at + steps - 1] += 1 / DICE_LEFT
    at += MAX_STEPS
    if state.moved >= 0:
        out[at + slot(state.moved)] = 1.0
    at += ANIMALS
    if state.must_leave >= 0:
        out[at + slot(state.must_leave)] = 1.0
    at += ANIMALS
    out[at] = float(state.on_top)
    at += 1
    for player, score in enumerate(state.scores):
        out[at + (player - seat) % n] = min(score, MAX_SCORE) / MAX_SCORE
    at += n
    if state.winner >= 0:
        out[at + (state.winner - seat) % n] = 1.0
    return out


def bounds(game: BremenGame) -> Bounds:
    """The RL interfaces' sizes: animal moves below `robber_base`, then one id per robber
    path; a roll is 10 * plain die + R-die. A game can go on for ever, so it is capped."""
    actions = game.robber_base + len(game.board.robber_paths())
    chance = max(max(ROLL_ACTIONS), game.num_players - 1) + 1
    return Bounds(actions, chance, MAX_ACTIONS, capped=True)
