"""The computer's play of Leapfrog, the solitaire."""
