"""The live tables of one server: the manager, the views of a table, the JSON API, what every
router needs of a request (`deps`: the manager, the seat proof, the social store), "Your
tables" (`your_turns`), a table's life beside its game (`endings`), closing idle ones (`idle`)."""
