"""The guided first game of Belagerung (`/learn/siege`): you defend the castle against a bot.

The learner is the defender (seat 1: the lord and four soldiers); the bot attacks with the four
knights and moves first. Siege has no chance, so the bot's moves below fix the whole game;
`ludoteca.lessons.replay` checks each on the engine. Quotes are from the seed
(`002_f7076ac2b65614b9.txt`) or the rulings (`rules/siege.md`).
"""

from __future__ import annotations

from ludoteca.i18n import N_
from ludoteca.lessons import Lesson, Step

# Ruling (opening exception): "in the defender's first four moves, each move must be made by a
# soldier that has not moved yet, off its start field onto a field that is not a start field";
# the bot's knights below threaten nothing until the fourth move, so the rule holds throughout.
OPENING_SAY = N_("Your first four moves must each take a different soldier off its start field.")

LESSON = Lesson(
    game="siege",
    seed=2026,
    learner=1,
    # Seed: "De aanvallende speler (ridders te paard) begint". A knight jumps like a chess knight
    # and only forward (seed 1a, 1b); a2 is a moat field.
    opening=("Nb0-a2",),
    steps=(
        # Seed 2a: "Een landsknecht beweegt één veld in elke gewenste richting ... echter altijd
        # slechts één veld." Uitzonderingsregel: "in zijn eerste vier zetten alle vier zijn
        # landsknechten op de met punten gemarkeerde velden bewegen".
        Step(
            play="Sd4-d3",
            say=OPENING_SAY,
            why=N_(
                "A soldier steps one field in any direction. The rule makes the defence open "
                "up the castle."
            ),
            then=("Ng0-h2",),
        ),
        Step(
            play="Se4-e3",
            say=N_("Now move a second soldier one field."),
            why=N_(
                "Soldiers may leave and enter the castle as they like, but never step onto "
                "the blue moat fields at the sides."
            ),
            then=("Nd0-b1",),
        ),
        # Seed 1a: "De ridder springt in een zet twee velden naar voren en vervolgens één veld
        # naar links of naar rechts" (like a chess knight); 1b: never backwards, "behalve wanneer
        # hij zich bij de burcht bevindt en de burcht intrekt".
        Step(
            play="Sd5-c4",
            say=N_("Now the third soldier: one field diagonally."),
            why=N_(
                "Watch the knights: each jumps like a chess knight, two fields forward and one "
                "to the side or one forward and two to the side, never backwards except into "
                "the castle."
            ),
            then=("Ne0-g1",),
        ),
        Step(
            play="Se5-f4",
            say=N_("The fourth soldier leaves its start field."),
            why=N_("After these four moves you may move any of your pieces."),
            # A knight jumps diagonally next to your soldier on e3.
            then=("Nb1-d2",),
        ),
        # Seed: "mogen ze ridders alleen gevangennemen door middel van een diagonale zet";
        # "Een gevangen genomen figuur wordt van het bord genomen".
        Step(
            play="Se3xd2",
            say=N_("Capture the knight: step diagonally onto it with the lit soldier."),
            why=N_(
                "Soldiers capture knights only with a diagonal step. A captured piece leaves "
                "the board for good."
            ),
            then=("Ng1-e2",),
        ),
        # Seed 3a-3d: the lord "mag zich alleen over de burchtvelden bewegen", "alleen diagonaal",
        # "één, twee of drie velden voor- of achterwaarts", "alleen over niet bezette velden".
        Step(
            play="Ld6-e5",
            say=N_("Move the lord one field diagonally."),
            why=N_(
                "The lord moves only on the castle, diagonally, one to three fields over empty "
                "fields."
            ),
            # The knight on e2 jumps into the castle, next to the lord.
            then=("Ne2-d4",),
        ),
        # Seed: "De burchtheer neemt een ridder gevangen door een diagonale zet".
        Step(
            play="Le5xd4",
            say=N_("A knight jumped into the castle. Capture it with the lord."),
            why=N_(
                "The lord captures a knight by ending his diagonal move on it. Keep him safe: "
                "a knight that lands on the lord wins the game for the attacker."
            ),
            then=("Na2-c3",),
        ),
        # Seed 1d: "Heeft een ridder de burcht betreden, dan mag hij deze niet meer verlaten".
        Step(
            play="Sd2xc3",
            say=N_("Another knight came into the castle: capture it with the lit soldier."),
            why=N_("A knight that has entered the castle may never leave it again."),
        ),
    ),
    # Seed: "Ridders die op een veld met een blauw veld staan, mogen niet gevangen genomen worden";
    # "De verdediger wint als hij alle vier de ridders gevangen genomen heeft"; "Het spel wordt
    # door de aanvallende speler gewonnen als hij de burchtheer gevangen neemt".
    end=N_(
        "Well defended! One knight is left, on a moat field, where no one can capture it. The "
        "defender wins by capturing all four knights; the attacker wins by capturing the lord."
    ),
)
