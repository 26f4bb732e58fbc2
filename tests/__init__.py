"""pgweb's tests, by layer (see DESIGN.md)."""
