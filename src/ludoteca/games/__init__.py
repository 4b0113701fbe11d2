"""The games: one folder each. A new game adds one `register` line here."""

from ludoteca.core.registry import register

register("ludo", "ludoteca.games.ludo.game:LudoGame")
register("bremen", "ludoteca.games.bremen.game:BremenGame")
register("museum", "ludoteca.games.museum.game:MuseumGame")
register("siege", "ludoteca.games.siege.game:SiegeGame")
register("villa", "ludoteca.games.villa.game:VillaGame")
