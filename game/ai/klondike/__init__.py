"""The computer's play of Klondike."""
