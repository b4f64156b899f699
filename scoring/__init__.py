"""The rules of the games: pure Python, no Django (see DESIGN.md, layer 1)."""
