"""The Panzer Grenadier rules engine: pure Python, deterministic, no Django."""
