"""What the app tells players of their moves: a hint during the game (`hint`) and the analysis
of a finished one (`analysis`, run by `jobs`, shown by `view`), both over `ludoteca.review`."""
