"""What happens around the game at a table: chat, presence (who is here, seats given to bots),
rematch, and takebacks with their story in the record."""
