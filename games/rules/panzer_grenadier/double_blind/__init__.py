"""Hidden information: the double-blind variant (18.0), hidden units (17.8) and limited
intelligence (17.9)."""
