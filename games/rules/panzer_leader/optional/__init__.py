"""Panzer Leader's optional and experimental rules (21, 22, 24), each switched by `options`."""
