"""Combat and morale procedures (7-14): direct fire, bombardment, anti-tank fire, assault,
opportunity fire, results, morale, recovery and leaders.

Every resolution takes `(map, state, ..., dice, catalogue)` and returns the new state and
the events that explain it (`events.Event`, JSON via `to_json`). Table figures come from
`core.tables`; terrain, sight and carriers from `combat.board`; any attack by its kind
through `combat.resolve`.
"""
