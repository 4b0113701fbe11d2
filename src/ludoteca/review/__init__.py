"""Game review: win chances per seat, the loss of every decision and the luck of every roll.

`value` defines the value function (a fitted model per game), `node` turns it into values of
decision and chance nodes, `review` rates a recorded game, `fit` and `calibration` make and check
the models, and `report` writes the HTML page.
"""
