"""One live table: the game with its seats and connections (`table`), how a new one is set up
(`new_table`), its people and their names, its result and narration in words, its board drawn
(`render`) and changed in place (`board_patch`), and whether its game can be analysed."""
