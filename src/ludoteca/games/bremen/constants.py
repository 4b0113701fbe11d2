"""Bremer Stadtmusikanten's vocabulary: phases, animals, rolls and the animals' names.

A leaf of the game's folder (it imports nothing of it), so the rules (`game.py`), their notation
and positions (`notation.py`, `position.py`) and the renderers all read the same constants.
Sixteen animals: id = 4 * colour + kind, kind 0 donkey ... 3 rooster, size 4 - kind.
"""

from __future__ import annotations

START, ROLL, ROBBER, MOVE, OVER = range(5)
PHASES = ("start", "roll", "robber", "move", "over")
KINDS = ("donkey", "dog", "cat", "rooster")
KIND_LETTERS = "DHCR"
"""Donkey, Hound (dog), Cat, Rooster; the colour is the lower-case letter before it."""
COLOUR_LETTERS = "rbyg"
ANIMALS = 16
TARGET = 7
R_FACE = 1
"""The R-die shows R where a plain die shows 1."""
ROLLS = [(10 * plain + r, 1 / 36) for plain in range(1, 7) for r in range(1, 7)]
ROLL_ACTIONS = [action for action, _ in ROLLS]
NEUTRAL = -1

TURBULENT_OFFSET = (1, 2, 3, 0)
"""`variant=turbulent`: the start field of colour c holds the donkey of colour c+1, the dog of
c+2, the cat of c+3 and its own rooster, so no stack repeats a colour and no donkey is at home."""


def colour_of(animal: int) -> int:
    return animal >> 2


def size_of(animal: int) -> int:
    """Donkey 4, dog 3, cat 2, rooster 1."""
    return 4 - (animal & 3)


def is_donkey(animal: int) -> bool:
    return animal & 3 == 0


def animal_name(animal: int) -> str:
    """`rD` red donkey, `bH` blue dog, `yC` yellow cat, `gR` green rooster."""
    return COLOUR_LETTERS[colour_of(animal)] + KIND_LETTERS[animal & 3]


def parse_animal(text: str) -> int:
    """The animal written `rD`, `bH`, ... (either case); ValueError for anything else."""
    if len(text) != 2:
        raise ValueError(text)
    colour = COLOUR_LETTERS.index(text[0].lower())
    kind = KIND_LETTERS.index(text[1].upper())
    return 4 * colour + kind
