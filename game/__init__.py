"""Leaps: a parlour of five games."""

__version__ = "0.1.0"
