"""The core rules of Panzer Grenadier: state, scenario, sequence of play, movement, actions."""
