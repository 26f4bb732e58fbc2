"""A side's planning: standing orders that answer reaction windows, and drawings on the map
(DESIGN.md, "Reactions and plans as hidden information")."""
