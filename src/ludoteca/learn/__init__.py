"""Learning value networks by self-play (`ludoteca train`): the training side, with PyTorch.

Only this package imports torch (the `learn` extra); the networks it makes are played and
reviewed from numpy (`ludoteca.review.net`).
"""
