"""What a look-ahead search needs to know about Villa Paletti: `evaluate(state, seat)`.

The knowledge is the greedy bot's (`bots.py`): the game is won by holding the seal
(bouwmeesterzegel) when it ends, and the seal goes to the most points on the top floor. With
the weights of `WEIGHTS`, a seat's value is

- `seal` x (+1 if the seat would win were the game to end now, else -1/(players-1));
- `points` x (its points on the top floor minus the others' mean) / `POINTS_SCALE`;
- `pillars` x (the value of its columns still below the top floor and not frozen, the
  columns it can still pull up for points, minus the others' mean) / `POINTS_SCALE`,

kept in [-1, 1], and summing to zero over the seats like the returns. The physics is left to
the search: a pull's chance node carries the odds of coming out, being noticed or bringing the
villa down (`hands.pull_odds`), and a collapse ends the game with its real result. That keeps
the evaluation free of the static model, which costs milliseconds per call.
"""

from __future__ import annotations

from ludoteca.games.villa.game import VillaState

WEIGHTS: dict[str, float] = {"seal": 0.6, "points": 0.3, "pillars": 0.1}
POINTS_SCALE = 6.0
"""Points that count as a whole lead: two thick columns on the top floor."""


def evaluate(state: VillaState, seat: int) -> float:
    """The position's value for `seat` in [-1, 1] (see the module docstring)."""
    n = state.game.num_players
    leader = state.holder  # who wins if the game ends now without a collapse
    seal = 1.0 if leader == seat else 0.0 if leader < 0 else -1 / (n - 1)
    points = _relative([float(state.points(s)) for s in range(n)], seat)
    pillars = _relative(pillar_values(state), seat)
    value = (
        WEIGHTS["seal"] * seal
        + (WEIGHTS["points"] * points + WEIGHTS["pillars"] * pillars) / POINTS_SCALE
    )
    return max(-1.0, min(1.0, value))


def pillar_values(state: VillaState) -> list[float]:
    """Per seat: the value of its columns it may still pull up (below the top, not frozen)."""
    villa = state.villa
    parts = state.game.parts
    top = villa.top
    values = [0.0] * state.game.num_players
    owners = {colour: s for s, colours in enumerate(state.colours) for colour in colours}
    for column in range(len(villa.level)):  # empty before the set-up
        owner = owners.get(state.colour_of(column), -1)
        if owner >= 0 and 0 <= villa.level[column] < top and not state.frozen[column]:
            values[owner] += parts.kind_of(column).value
    return values


def _relative(values: list[float], seat: int) -> float:
    others = (sum(values) - values[seat]) / (len(values) - 1)
    return values[seat] - others


MCTS_DEFAULTS: dict[str, str] = {"iterations": "30", "depth": "4"}
"""The `mcts` budget for this game (see `ludoteca.agents.mcts`): measured so that a move takes
well under a second."""
