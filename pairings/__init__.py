"""Who sits where, round by round: pure Python, no Django (docs/design.md, "Layers")."""
