"""The computer's play of Lucas Leaps."""
