"""The computer's play of Leap Frog, the board game."""
