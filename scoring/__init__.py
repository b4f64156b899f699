"""The rules of the games: pure Python, no Django (docs/design.md, "Layers")."""
