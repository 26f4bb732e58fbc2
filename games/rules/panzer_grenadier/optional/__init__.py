"""The optional rules (17.x) and scenario features, each one module plugged into the turn
through `core.hooks`."""
