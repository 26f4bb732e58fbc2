"""Panzer Leader's optional and experimental rules (21, 22, 24): the table of them and their
defaults (options.py), and one module per rule declaring the `Plugin` it puts in the core's
hooks (core/hooks.py; installed by rulebook.py)."""
