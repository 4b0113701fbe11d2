"""The guided first game of Mens erger je niet (`/learn/ludo`): Red (you) against a Yellow bot.

Two players, one colour each (`colours_per_seat=1`: opposite sides of the board). Every roll is
written out below, so the lesson plays the same way every time; `ludoteca.lessons.replay` checks
each move on the engine. Quotes are from the seed (`003_0915efaf0de0def8.txt`) or the rulings
(`rules/ludo.md`).
"""

from __future__ import annotations

from ludoteca.i18n import N_
from ludoteca.lessons import Lesson, Step

LESSON = Lesson(
    game="ludo",
    players=2,
    options={"colours_per_seat": 1},
    seed=2026,
    learner=0,
    # Red begins (the start is drawn by chance, "wie de meeste ogen werpt, mag beginnen"),
    # and rolls a 3.
    opening=("start:0", "3"),
    steps=(
        # Ruling: "every colour starts with one pawn on its A and three in reserve"; seed: "zet
        # deze pion in de richting van de pijl zoveel witte cirkels vooruit als hij ogen heeft
        # geworpen".
        Step(
            play="0-3",
            say=N_("You rolled a 3. Move your pawn on your start circle three circles forward."),
            why=N_(
                "Every colour starts with one pawn on its start circle and three in reserve. "
                "A pawn moves exactly as many circles as the die shows."
            ),
            # Yellow rolls a 1 and moves its only pawn; then Red rolls a 6.
            then=("1", "20-21", "6"),
        ),
        # Seed: "Wanneer een speler 6 werpt, is hij verplicht een nieuwe pion uit zijn verzameling
        # op zijn cirkel A te zetten, nogmaals te werpen".
        Step(
            play="R-0",
            say=N_("A 6! Bring a new pawn out of your reserve onto your start circle."),
            why=N_(
                "With a 6 and pawns in reserve you must bring one out. A 6 also gives you "
                "another roll."
            ),
            then=("5",),
        ),
        # Seed: "... nogmaals te werpen en met deze pion verder te spelen".
        Step(
            play="0-5",
            say=N_("You rolled a 5. Move the pawn you just brought out."),
            why=N_("The roll after bringing a pawn out must move that new pawn."),
            then=("1", "21-22", "5"),
        ),
        # Ruling: "a player who has a legal move must make one (free choice among them)".
        Step(
            play="5-10",
            say=N_("Another 5. Now you choose: move your front pawn towards Yellow's pawn."),
            why=N_(
                "With no 6 to use, you may move any of your pawns on the board. Chasing a "
                "pawn gives you the chance to capture it."
            ),
            then=("1", "22-23", "5"),
        ),
        # Ruling: "Roll once. A 6 always earns another roll after the move it is used for."
        Step(
            play="10-15",
            say=N_("A 5 again. Keep chasing with the same pawn."),
            why=N_(
                "Without a 6 your turn ends after one move. Then Yellow rolls and moves; its "
                "last move is outlined on the board."
            ),
            then=("1", "23-24", "5"),
        ),
        # Seed: "De cirkels A gelden als gewone cirkels."
        Step(
            play="15-20",
            say=N_("Move your pawn onto Yellow's start circle."),
            why=N_(
                "Start circles are ordinary circles: any pawn may stand on them, and they "
                "protect nobody."
            ),
            then=("1", "24-25", "5"),
        ),
        # Seed: "Staat echter op de cirkel, waar men tenslotte met zijn pion terecht komt, een
        # eigen pion dan wel één van een van een andere speler, dan moet deze pion geslagen
        # worden ... Hij mag deze pas dán weer in het spel brengen als hij 6 ogen werpt."
        Step(
            play="20-25",
            say=N_("You rolled a 5: land on Yellow's pawn to capture it."),
            why=N_(
                "A pawn that ends its move on another pawn captures it: the captured pawn goes "
                "back to its reserve and comes out again only with a 6."
            ),
            # Yellow has no pawn on the board and rolls a 3: its roll is lost (ruling: "with no
            # legal move the roll is lost"; no three tries, option `three_tries`). Red rolls 6.
            then=("3", "6"),
        ),
        # Seed: "verplicht een nieuwe pion ... op zijn cirkel A te zetten", again.
        Step(
            play="R-0",
            say=N_("Yellow had no pawn out and could not move. You rolled a 6: bring out a pawn."),
            why=N_(
                "Only a 6 brings a pawn out, so a player with every pawn in reserve waits for a 6."
            ),
        ),
    ),
    # Seed: "De bedoeling van het spel is, dat elke speler zijn 4 pionnen ... het gehele speelveld
    # één keer ... laat omlopen en ze daarna op de kleine eindpuntcirkels a-b-c-d van zijn kleur
    # brengt"; ruling: "a pawn must land exactly on a free goal circle".
    end=N_(
        "Well played! Now walk your pawns once around the board and into the four goal circles "
        "of your colour; a pawn must land exactly on a free one. The first player with every "
        "pawn home wins."
    ),
)
