"""The guided first game of Raub im Kunstmuseum (`/learn/museum`): two thieves, you and a bot.

You are Red (seat 0), the bot Blue. Every card is written out below (`card:<picture>/<steps>`,
`card:E/<steps>` for the elevator check), so the lesson plays the same way every time;
`ludoteca.lessons.replay` checks each move on the engine. Quotes are from the seed
(`001_51f4bcbf663988c3.txt`) or the rulings (`rules/museum.md`).
"""

from __future__ import annotations

from ludoteca.i18n import N_
from ludoteca.lessons import Lesson, Step

LESSON = Lesson(
    game="museum",
    players=2,
    seed=2026,
    learner=0,
    # You are the start player and turn the first card: the guard checks picture 23, everyone
    # moves 0-4 fields.
    opening=("start:0", "card:23/4"),
    steps=(
        # Seed: "Die Figur zeigt, wie viele Felder die Spieler höchstens sich bewegen können ...
        # Außerdem zeigt die Karte, welches Bild der Aufseher aktuell kontrolliert"; "Er zieht vom
        # Dach auf das erste Bild mit der Nr. 22".
        Step(
            play="roof-22",
            say=N_(
                "The card says the guard checks picture 23 and everyone may move up to 4 "
                "fields. Move onto picture 22."
            ),
            why=N_(
                "You may move from 0 up to the card's footprints, in one direction. From the "
                "roof the first step is onto picture 22."
            ),
            then=("roof-25",),
        ),
        # Seed: "Dies wäre in der Anfangsphase noch nicht so klug, da der Aufseher die Bilder noch
        # nicht kontrolliert hat"; ruling: a thief with a marker on the checked picture is caught.
        Step(
            play="pass",
            say=N_("Do not rob picture 22 yet: pass."),
            why=N_(
                "The guard has not checked 22. When he does, a thief with a marker there who is "
                "not on the roof is caught."
            ),
            # Blue robs picture 25 anyway; the guard checks 23. Blue is the start player now
            # and turns the next card (the guard checks 24, 0-2 fields), then stays on 25.
            then=("rob:25", "card:24/2", "=25"),
        ),
        # Seed: "Es wird auf die Bildzahl ein Aufseherstein gesetzt. Dieses Bild kann nun beruhigt
        # geraubt werden, da der Aufseher hier nicht mehr hinkommt."
        Step(
            play="22-23",
            say=N_("The guard checked picture 23 last round. Move onto it."),
            why=N_(
                "The guard visits each picture only once, so a picture with a guard chip is "
                "safe to rob."
            ),
        ),
        # Seed: "Er stellt einen seiner zehn Markierungssteine auf das Bild. Dieses Bild kann nun
        # kein anderer Spieler mehr rauben."
        Step(
            play="rob:23",
            say=N_("Rob picture 23: put one of your markers on it."),
            why=N_(
                "No one else can rob a picture that has a marker. At the end your markers "
                "earn the values of their pictures."
            ),
            # You turn the elevator check card (nobody is in the elevator), 0-3 fields.
            then=("card:E/3",),
        ),
        # Seed: "Ein Spieler, der zurück auf das Dach gerückt ist, hat seine Bilder geschützt";
        # ruling: "reaching the roof banks a thief's markers".
        Step(
            play="23-roof",
            say=N_("This card checks only the elevator. Go back up to the roof."),
            why=N_("On the roof your markers are banked: if you are caught later, you keep them."),
            # Blue stays; Blue turns the next card (the guard checks 25, 0-1 fields) and moves on.
            then=("=25", "card:25/1", "25-26"),
        ),
        # Seed: "Steht auf diesem Bild ein Markierungsstein eines Spielers und dieser Spieler ist
        # nicht auf dem Dach, wurde der Spieler beim Rauben erwischt ... muss der Spieler alle
        # gesetzten Markierungssteine wieder zu sich zurück nehmen und darf das Spiel auf dem Dach
        # neu beginnen."
        Step(
            play="=roof",
            say=N_("The guard checks picture 25, where Blue has a marker. Stay on the roof."),
            why=N_(
                "A thief with a marker on the checked picture who is not on the roof is caught: "
                "its markers at risk come back and it starts again on the roof."
            ),
            then=("pass",),
        ),
    ),
    # Seed: "Sobald die letzte Karte vom Kartenstapel gezogen wurde, beginnt die letzte Runde";
    # "Dazu erhalten alle Spieler, die sich nach Spielende wieder auf dem Dach befinden einen
    # Bonus von 5.000,-- Euro."
    end=N_(
        "Blue was caught and starts again on the roof. The game ends after the round of the "
        "last card: your pictures' values count, plus €5,000 if you end on the roof."
    ),
)
