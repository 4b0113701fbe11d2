"""The guided first game of Bremer Stadtmusikanten (`/learn/bremen`): you against a bot.

Two players: you play Red and Yellow (diagonally opposite corners), the bot Blue and Green. Every
roll is written out below (a roll is the plain die + the R-die, e.g. `3+2`), so the lesson plays
the same way every time; `ludoteca.lessons.replay` checks each move on the engine. Quotes are
from the seed (`000_eec07db6a3d04c0c.txt`) or the rulings (`rules/bremen.md`).
"""

from __future__ import annotations

from ludoteca.i18n import N_
from ludoteca.lessons import Lesson, Step

LESSON = Lesson(
    game="bremen",
    players=2,
    seed=2026,
    learner=0,
    # You begin ("D.m.v. de gewone dobbelsteen wordt uitgemaakt wie mag beginnen") and roll a 3
    # and a 2.
    opening=("start:0", "3+2"),
    steps=(
        # Seed 4: "Het ene dieren evenveel velden als het ogenaantal van de ene dobbelsteen, het
        # andere dieren overeenkomstig de andere dobbelsteen"; "Zitten bovenop het dier dat
        # verplaatst wordt één of meer kleinere dieren, dan worden deze bij het verplaatsen
        # meegenomen."
        Step(
            play="rD0-3",
            say=N_("You rolled a 3 and a 2. Move your red donkey 3 fields along the road."),
            why=N_(
                "Each die moves a different animal of yours. An animal carries every animal "
                "sitting on top of it."
            ),
        ),
        # Seed 4: "Staat het dier dat verplaatst wordt bij het begin van de beurt bovenop één of
        # meer grotere dieren, dan blijven deze grotere dieren op dat startveld staan."
        Step(
            play="rC3-5",
            say=N_("Now the 2: move the red cat, with the rooster on it, 2 fields on."),
            why=N_("The bigger animals under the one you move stay where they are."),
            # The bot (Blue and Green) rolls 4 and 5 and walks two stacks into the forest; you
            # roll a 1 and a 2.
            then=("4+5", "bD6-30", "gD18-39", "1+2"),
        ),
        # Seed 5: "Is het eindveld van een beweging reeds bezet met één of meer grotere dieren ...
        # gaat het bewegende dier er bovenop zitten"; "Lukt het een speler om in een beurt minstens
        # één keer bovenop een ander dier te springen ... mag hij nog eens dobbelen."
        Step(
            play="rC5-3",
            say=N_("Use the 2 to jump back: move the cat and the rooster onto your dog."),
            why=N_(
                "An animal that lands on a bigger one climbs on top of it. Landing on top of "
                "another animal earns you another roll after this turn."
            ),
        ),
        # Seed 1: "Bij twee spelers bekomt elke speler de twee diagonaal tegenover elkaar liggende
        # startvelden en dieren." Seed 4: "In geen geval mogen beide dobbelstenen aan hetzelfde
        # dier toegekend worden."
        Step(
            play="yD12-13",
            say=N_("Use the 1 on your other colour: move the yellow donkey 1 field."),
            why=N_(
                "With two players each plays the two colours in opposite corners. Both dice "
                "may never move the same animal."
            ),
            # The extra roll: a 4 and the R.
            then=("4+R",),
        ),
        # Seed 3: "De speler verplaatst de rover binnen het bos evenveel velden als het aantal ogen
        # op de andere dobbelsteen. Op alle velden waar hij passeert, stuurt hij de aanwezige
        # dieren direct naar huis"; "De rover blijft daarbij steeds in het bos".
        Step(
            play="R:41-40-24-39",
            say=N_("The R-die shows R: walk the robber 4 forest fields, onto the green stack."),
            why=N_(
                "The robber walks as many forest fields as the other die shows and sends "
                "every animal on his way home. Then the next player rolls."
            ),
            # The bot rolls 2 and 3 and moves two stacks; you roll a 6 and a 3.
            then=("2+3", "bD30-32", "gD18-15", "6+3"),
        ),
        # Seed 7: "Bereikt een speler met zijn ezel - met daarbovenop de drie andere dieren -
        # precies het rovershol, dan heeft hij dit veld bestormd. Elke eigenaar van een dier in
        # deze piramide scoort een punt"; "In elk geval is de volgende speler onmiddellijk aan
        # beurt."
        Step(
            play="rD3-H",
            say=N_(
                "Your four red animals form a pyramid. Use the 6 to storm the robber's house "
                "in the centre."
            ),
            why=N_(
                "Only a pyramid of a donkey, a dog, a cat and a rooster may end its move on the "
                "house. Each animal's owner scores a point, and the turn ends at once."
            ),
        ),
    ),
    # Seed 8: "Zodra iemand minstens zeven punten heeft verzameld, eindigt het spel." Seed 6: a
    # pyramid that lands exactly on the robber outside his house chases him home for a point.
    end=N_(
        "Four points for you! The first player with at least 7 points wins. A pyramid that "
        "lands exactly on the robber outside his house chases him home for one more point."
    ),
)
