"""The core of Panzer Leader: state, counters, maps and situations, the sequence of play, movement, sight."""
