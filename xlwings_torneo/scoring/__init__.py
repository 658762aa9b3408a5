"""Per-game points and standings with tie-breakers; one engine, the types are entries."""
