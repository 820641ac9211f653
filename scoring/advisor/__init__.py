"""The exact advisor: the play that maximises a player's expected final score (solitaire)."""
