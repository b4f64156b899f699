"""Workflow steps (DESIGN.md layer 2): each a function, each in one transaction."""
