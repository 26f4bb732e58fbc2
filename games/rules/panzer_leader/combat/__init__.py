"""Panzer Leader combat: the odds and CRT, direct, indirect, opportunity, air and naval fire, assault and overrun."""
