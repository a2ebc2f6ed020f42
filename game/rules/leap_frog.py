"""Placeholder: this game's rules are being written."""

RULES = None
