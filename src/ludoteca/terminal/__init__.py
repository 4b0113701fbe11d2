"""Playing and replaying games in a terminal with Rich: the engine behind the `ludoteca` command.

Nothing here knows a particular game. What a game shows on screen comes from its own
`ludoteca.games.<id>.text` module (see `present`), so every game is played the same way.
"""
