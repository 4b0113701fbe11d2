"""The guided first game of Villa Paletti (`/learn/villa`): two players, you and a bot.

With two players each plays two colours; here you are White & Purple (seat 0), the bot Black &
Cyan. The set-up (`layout 0`, `colours 0`) and every outcome of a pull (`out`) and of a
placement (`lands`: shaky hands, but this time they hold) are written out below, so the lesson
plays the same way every time; `ludoteca.lessons.replay` checks each move on the engine, whose
physics decides that the villa stands. Quotes are from the seed (`004_9e650fe5177797e2.txt`) or
the rulings (`rules/villa.md`).
"""

from __future__ import annotations

from ludoteca.i18n import N_
from ludoteca.lessons import Lesson, Step

# The bot's turn: a pull that comes out, a placement that lands where it was meant.
LESSON = Lesson(
    game="villa",
    players=2,
    seed=2026,
    learner=0,
    # Seed: "Alle zuilen worden willekeurig op de grondplaat gezet. Vervolgens wordt de blauwe
    # verdieping hier bovenop gelegd"; ruling: "play starts with seat 0".
    opening=("layout 0", "colours 0"),
    steps=(
        # Seed: "Een speler mag in zijn beurt één zuil in zijn spelerskleur van een lagere
        # verdieping nemen en op de bovenste verdieping plaatsen"; "de dikste, ronde zuil waarde
        # 3".
        Step(
            play="pull W5",
            say=N_("Pull your thick white column out from under the blue floor."),
            why=N_(
                "On your turn you take one column of your own colour from a lower floor and put "
                "it on the top floor. A thick column is worth 3 points."
            ),
            then=("out",),
        ),
        # Seed: "de zuil moet altijd helemaal op de verdieping staan, met uitzondering van de
        # bovenste"; ruling: the seal goes to a seat with strictly more points on the top floor.
        Step(
            play="place F10",
            say=N_("Place it on the blue floor, in the middle."),
            why=N_(
                "A column must stand wholly on the floor. The player with the most points on "
                "the top floor takes the architect's seal."
            ),
            # The bot pulls and places its thick black column: 3 points, not more than yours.
            then=("lands", "pull K5", "out", "place H14", "lands"),
        ),
        # Seed (2 spelers): "Elke speler speelt met twee kleuren. De punten van beide kleuren
        # tellen mee bij het bepalen van de eigenaar van de bouwmeesterzegel."
        Step(
            play="pull P5",
            say=N_("Now pull your thick purple column."),
            why=N_(
                "With two players each plays two colours, and the points of both count for "
                "the seal."
            ),
            then=("out",),
        ),
        # Ruling: "a placed column's footprint lies wholly on the floor, never overlapping another
        # column".
        Step(
            play="place E6",
            say=N_("Place it at the front of the blue floor."),
            why=N_(
                "A column never stands on another column here: only on the last, red floor may "
                "columns be stacked."
            ),
            then=("lands", "pull C5", "out", "place G8", "lands"),
        ),
        # Seed: "de zeskantige zuil waarde 2"; ruling: "Whenever a seat has strictly more points
        # there than the seal's holder, it takes the seal".
        Step(
            play="pull W4",
            say=N_("The bot has as many points as you. Pull your hexagonal white column."),
            why=N_("A hexagonal column is worth 2 points: enough to lead again."),
            then=("out",),
        ),
        Step(
            play="place G12",
            say=N_("Place it in the middle of the blue floor."),
            why=N_(
                "Columns taken from under a floor weaken it: the villa falls when a floor's "
                "weight no longer rests over its columns."
            ),
            then=("lands",),
        ),
    ),
    # Seed: "Het spel is afgelopen als het bouwwerk instort of als niemand meer een zuil kan
    # verplaatsen. De speler met de bouwmeesterzegel is de winnaar, tenzij hij het bouwwerk liet
    # instorten. Dan wint de speler wiens kleur door de bouwmeesterzegel wordt aangegeven."
    end=N_(
        "You hold the seal. The game ends when the villa falls or no one can move a column: "
        "the holder of the seal wins, unless they made the villa fall; then the previous "
        "holder wins."
    ),
)
