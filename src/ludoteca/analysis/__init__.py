"""Balance reports: self-play of a game's strongest agent, summarised as one HTML file.

`selfplay` plays the seeded games (in worker processes), `events` replays their records to
count the rules that fired, `summary` turns both into win rates and distributions, `figures`
draws them with matplotlib and `report` writes the page; `run.analyze` ties them together for
the `ludoteca analyze` command.
"""
