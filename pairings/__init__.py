"""Who sits where, round by round: pure Python, no Django (see DESIGN.md, layer 1)."""
