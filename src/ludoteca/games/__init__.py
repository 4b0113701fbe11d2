"""The games: one folder each. A new game adds one `register` line here."""

from ludoteca.core.registry import register

register("ludo", "ludoteca.games.ludo.game:LudoGame")
register("siege", "ludoteca.games.siege.game:SiegeGame")
register("museum", "ludoteca.games.museum.game:MuseumGame")
register("villa", "ludoteca.games.villa.game:VillaGame")
